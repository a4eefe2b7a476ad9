type SkeletonGridProps = { count: number; variant: 'video' | 'short' | 'row' | 'live'; label: string };

/** Grey placeholders shaped like the cards that are loading. */
export function SkeletonGrid({ count, variant, label }: SkeletonGridProps) {
  return (
    <div className={`grid grid-${variant}`} aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={`skeleton skeleton-${variant}`} />
      ))}
    </div>
  );
}
