/* Icons of the shorts rail and comment lists, drawn inline (no emoji font is guaranteed). */

import { strokedIcon } from '../../ui/icons';

type IconProps = { size?: number };

const svg = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  focusable: false,
});

export function HeartIcon({ size = 22 }: IconProps) {
  return (
    <svg {...svg(size)} aria-hidden="true" fill="currentColor">
      <path d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2 0 3.4 1.1 4.4 2.5h2C14 6.1 15.4 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

export function CommentIcon({ size = 22 }: IconProps) {
  return (
    <svg {...svg(size)} aria-hidden="true" fill="currentColor">
      <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
    </svg>
  );
}

export function BookmarkIcon({ size = 22 }: IconProps) {
  return (
    <svg {...svg(size)} aria-hidden="true" fill="currentColor">
      <path d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z" />
    </svg>
  );
}

export function ShareIcon({ size = 22 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <path d="M14 5l6 6-6 6M20 11H10a6 6 0 0 0-6 6v2" />
    </svg>
  );
}

export function GiftIcon({ size = 22 }: IconProps) {
  return (
    <svg {...svg(size)} aria-hidden="true" fill="currentColor">
      <path d="M3 8h18v4H3zM4 13h7v8H4zM13 13h7v8h-7zM11 8h2v13h-2zM12 8c-1.5-3-5-4-5.5-2S9 8 12 8zm0 0c1.5-3 5-4 5.5-2S15 8 12 8z" />
    </svg>
  );
}

export function TrashIcon({ size = 16 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </svg>
  );
}
