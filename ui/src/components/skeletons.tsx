/** Loading placeholders with the same footprint as the content (no layout shift). */

export function CardSkeleton() {
  return (
    <div className="artist-card artist-card--skeleton" aria-hidden="true">
      <div className="skeleton skeleton-media" />
      <div className="artist-card-body">
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line skeleton-line--short" />
      </div>
    </div>
  );
}

export function CardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </>
  );
}

export function SkeletonGrid({ count, label = 'Loading' }: { count: number; label?: string }) {
  return (
    <div className="artist-grid" role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      <CardSkeletons count={count} />
    </div>
  );
}

export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <div className={`skeleton ${className}`} aria-hidden="true" />;
}
