/** The control bar's icons: filled 24x24 glyphs, decorative (each button carries its own label). */
type GlyphProps = { d: string };

function Glyph({ d }: GlyphProps) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

export const PlayIcon = () => (
  <Glyph d="M8 5.1v13.8a.6.6 0 0 0 .9.5l10.8-6.9a.6.6 0 0 0 0-1L8.9 4.6a.6.6 0 0 0-.9.5z" />
);
export const PauseIcon = () => <Glyph d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" />;
export const VolumeIcon = () => (
  <Glyph d="M4 9v6h4l5 4V5L8 9zm11.5 3a4.5 4.5 0 0 0-2-3.7v7.4a4.5 4.5 0 0 0 2-3.7zM13.5 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
);
export const MutedIcon = () => (
  <Glyph d="M4 9v6h4l5 4V5L8 9zm16.6 3 2.1-2.1-1.4-1.4-2.1 2.1-2.1-2.1-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4z" />
);
export const FullscreenIcon = () => (
  <Glyph d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z" />
);
export const ExitFullscreenIcon = () => (
  <Glyph d="M8 4h2v6H4V8h4zm6 0h2v4h4v2h-6zM4 14h6v6H8v-4H4zm10 0h6v2h-4v4h-2z" />
);
export const PipIcon = () => <Glyph d="M3 5h18v14H3zm2 2v10h14V7zm6 5h7v4h-7z" />;
export const CaptionsIcon = () => (
  <Glyph d="M3 5h18v14H3zm2 2v10h14V7zm2 3h4v1.5H8.5v1h2.5V14H7zm6 0h4v1.5h-2.5v1h2.5V14h-4z" />
);
