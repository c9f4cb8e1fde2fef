import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/link';
import { queries } from './queries';
import type { Artist } from '../../generated/contract';
import { ArtistImage } from '../../components/artist-image';
import { photoCreditText } from '../../components/artist-card-shape';
import { SkeletonBlock } from '../../components/skeletons';
import { SparkIcon } from '../../components/icons';
import { routes } from '../../generated/contract';

const EXCERPT_LENGTH = 220;

export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The spotlight random artist (the server prefetches /api/artists/random). */
export function Spotlight() {
  const { data, isPending, isError } = useQuery(queries.randomArtist());
  return (
    <section className="home-section" aria-labelledby="spotlight-title" aria-busy={isPending}>
      <div className="section-head">
        <h2 id="spotlight-title">
          <SparkIcon size={20} className="section-icon" /> Artist Spotlight
        </h2>
      </div>
      {isPending ? <SpotlightSkeleton /> : isError || !data ? <p className="empty-note">The spotlight is taking a break. Try the Random Artist button!</p> : <SpotlightCard artist={data} />}
    </section>
  );
}

function SpotlightCard({ artist }: { artist: Artist }) {
  const credit = photoCreditText(artist.photoCredit);
  return (
    <Link to={routes.artist.href(artist.id)} state={{ from: '/' }} className="spotlight-card">
      <ArtistImage src={artist.imageUrl} title={artist.title} genres={artist.genres} className="spotlight-media" width={480} height={480} decorative credit={credit} />
      <div className="spotlight-body">
        <p className="eyebrow">Featured artist</p>
        <h3 className="spotlight-title">{artist.title}</h3>
        {artist.genres.length > 0 && (
          <ul className="tag-list" aria-label="Genres">
            {artist.genres.slice(0, 4).map((genre) => (
              <li key={genre} className="tag">
                {genre}
              </li>
            ))}
          </ul>
        )}
        {artist.bio && <p className="spotlight-bio">{excerpt(artist.bio)}</p>}
        {credit && <span className="sr-only photo-credit">{credit}</span>}
        <span className="btn btn-primary spotlight-cta">View Artist</span>
      </div>
    </Link>
  );
}

function SpotlightSkeleton() {
  return (
    <div className="spotlight-card spotlight-card--skeleton" role="status" aria-label="Loading spotlight artist">
      <SkeletonBlock className="spotlight-media" />
      <div className="spotlight-body">
        <SkeletonBlock className="skeleton-line skeleton-line--short" />
        <SkeletonBlock className="skeleton-title" />
        <SkeletonBlock className="skeleton-line" />
        <SkeletonBlock className="skeleton-line" />
        <SkeletonBlock className="skeleton-line skeleton-line--short" />
      </div>
    </div>
  );
}
