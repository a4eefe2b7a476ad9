/** Small inline icons (decorative: the button or link around them carries the label). */
type IconProps = { size?: number };

/** The props of a stroked 24x24 line icon at `size` px. */
export const strokedIcon = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  focusable: false,
});

export function MenuIcon({ size = 20 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function SearchIcon({ size = 18 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function BackIcon({ size = 24 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <path d="M19 12H5m6-7-7 7 7 7" />
    </svg>
  );
}

export function ChevronDownIcon({ size = 16 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function LogoMark({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="60" height="60" rx="14" fill="var(--accent)" />
      <path d="M25 18v28l21-14z" fill="#fff" />
    </svg>
  );
}

/** The lock of the login-required toast (accounts spec §8). */
export function LockIcon({ size = 18 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true" data-testid="lock-icon">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** A smiling face: the chat's emoji control, drawn rather than a font's emoji (a box where none is installed). */
export function SmileIcon({ size = 18 }: IconProps) {
  return (
    <svg {...strokedIcon(size)} aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </svg>
  );
}
