import { SkeletonBlock } from '../../../components/skeletons';

export function ArtistSkeleton() {
  return (
    <div className="artist-layout" role="status" aria-busy="true" aria-label="Loading artist">
      <div className="artist-hero">
        <SkeletonBlock className="artist-hero-media" />
        <div className="artist-hero-body">
          <SkeletonBlock className="skeleton-title skeleton-title--lg" />
          <div className="tag-list">
            <SkeletonBlock className="skeleton-chip" />
            <SkeletonBlock className="skeleton-chip" />
          </div>
          <SkeletonBlock className="skeleton-line skeleton-line--short" />
        </div>
      </div>
      <div className="artist-section">
        <SkeletonBlock className="skeleton-line skeleton-line--short" />
        <SkeletonBlock className="skeleton-line" />
        <SkeletonBlock className="skeleton-line" />
        <SkeletonBlock className="skeleton-line" />
      </div>
    </div>
  );
}
