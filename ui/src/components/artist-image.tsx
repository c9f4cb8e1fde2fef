import { useEffect, useMemo, useRef, useState } from 'react';
import { useDataSaver } from '../lib/data-saver';
import { atWidth, imageSources, RENDITION } from '../lib/image-fallback';
import { truncateLink } from '../lib/truncate';
import { normalizeImageUrl } from '../lib/url';
import { GeneratedArtwork, loadingAttributes, type PictureLoading } from './generated-artwork';
import './artist-image.css';

interface ArtistImageProps {
  src: string | null | undefined;
  title: string;
  genres?: readonly string[] | null;
  /** The hero image is `priority`, cards in the first screen `eager`, the rest `lazy` (the default). */
  loading?: PictureLoading;
  /** Show "Image could not be loaded" and the source after the last failure. */
  reportFailure?: boolean;
  className?: string;
  width?: number;
  height?: number;
  /** Inside a link that already names the artist (cards): empty alt, artwork hidden. */
  decorative?: boolean;
  /** Called with the URL currently shown (null when the artwork is shown). */
  onSourceChange?: (url: string | null) => void;
  /** The photo's credit, as the photo's tooltip (cards: their text carries it too). */
  credit?: string | null;
}

/**
 * An artist image with the spec's fallback chain: the original (with '//' made
 * https), then one other address of the same file (lib/image-fallback.ts), then the
 * generated artwork.
 * The server HTML already contains the <img>, so an error may have happened
 * before hydration: that case is detected on mount.
 */
export function ArtistImage(props: ArtistImageProps) {
  // No image and nobody to tell: the artwork, without the fallback chain's state and
  // effects (most artists, and a card grid renders many: every hook costs in the
  // server's engine).
  if (normalizeImageUrl(props.src) === null && !props.onSourceChange) {
    return (
      <div className={`${frameClass(props.className)} artist-image--artwork`}>
        <GeneratedArtwork title={props.title} genres={props.genres} decorative={props.decorative} loading={props.loading} />
      </div>
    );
  }
  // Remount per source so the attempt index starts over.
  return <ArtistImageInner key={props.src} {...props} />;
}

function ArtistImageInner({ src, title, genres, loading = 'lazy', reportFailure = false, className, width = 400, height = 400, decorative = false, onSourceChange, credit }: ArtistImageProps) {
  // A card's image at a card's width; the page's own image (`priority`) larger, or the
  // smallest with the data saver on (cards never change: the server writes them from a
  // template).
  const saving = useDataSaver();
  const rendition = loading === 'priority' ? (saving ? RENDITION.smallest : RENDITION.page) : RENDITION.card;
  const sources = useMemo(() => imageSources(atWidth(src, rendition)), [src, rendition]);
  const [attempt, setAttempt] = useState(0);
  const imgRef = useRef<HTMLImageElement>(null);
  const current = attempt < sources.length ? sources[attempt]! : null;

  useEffect(() => {
    const img = imgRef.current;
    // Failed before hydration (no error event reached React).
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc !== '') setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    onSourceChange?.(current);
  }, [current, onSourceChange]);

  const classes = frameClass(className);
  if (current === null) {
    return (
      <div className={`${classes} artist-image--artwork`}>
        <GeneratedArtwork title={title} genres={genres} decorative={decorative} loading={loading} />
        {reportFailure && sources.length > 0 && (
          <p className="image-error" role="status">
            <span className="image-error-title">Image could not be loaded</span>
            <span className="image-error-source" title={sources[0]}>
              Source: {truncateLink(sources[0]!)}
            </span>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className={classes}>
      <img
        ref={imgRef}
        src={current}
        alt={decorative ? '' : title}
        width={width}
        height={height}
        {...loadingAttributes(loading)}
        referrerPolicy="no-referrer"
        title={credit ?? undefined}
        onError={() => setAttempt((n) => n + 1)}
      />
    </div>
  );
}

function frameClass(className: string | undefined): string {
  return className ? `artist-image ${className}` : 'artist-image';
}
