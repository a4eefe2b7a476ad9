/**
 * The showing caption track's lines, drawn by us rather than the browser (issue 20 §5): the
 * browser draws cues at the bottom of the picture, under our control bar, and no CSS moves them in
 * every browser. `barHeight` is the bar's height: while the bar shows, the lines sit above it.
 */
export function PlayerCaptions({ lines, barHeight }: { lines: string[]; barHeight: number }) {
  if (lines.length === 0) return null;
  return (
    <div
      className="player-captions"
      data-testid="player-captions"
      style={{ '--player-bar-height': `${barHeight}px` } as React.CSSProperties}
    >
      {lines.map((line, index) => (
        // Lines of one cue have no identity of their own; their order is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index}>{line}</span>
      ))}
    </div>
  );
}
