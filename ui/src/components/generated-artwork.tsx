import { artworkHue, artworkSource, initialsOf } from '../lib/artwork';

/**
 * How a picture loads: `priority`, the page's own picture in its first screen (at once,
 * fetched first); `eager`, another picture in the first screen (at once); `lazy`, one
 * below it (fetched as it nears the viewport).
 */
export type PictureLoading = 'priority' | 'eager' | 'lazy';

/** The attributes of an `<img>` that loads as `loading` says, in the order React writes them. */
export function loadingAttributes(loading: PictureLoading) {
  return loading === 'priority'
    ? { loading: 'eager' as const, decoding: 'auto' as const, fetchPriority: 'high' as const }
    : { loading, decoding: 'async' as const };
}

/**
 * The placeholder graphic used when an artist has no image or every image
 * source failed: the artist's initials on a colour derived from the first genre.
 * One element: the server draws the picture once per colour and initials
 * (`/art/{hue}/{initials}.svg`, cached for good) and the element's background is the
 * genre colour, so even if that file never arrives nothing looks broken. An `<img>`, so
 * that one below the first screen loads lazily; sized, so nothing moves when it arrives.
 * One in the first screen carries the picture itself (lib/artwork.ts `artworkSource`).
 */
export function GeneratedArtwork({ title, genres, decorative = false, loading = 'lazy' }: { title: string; genres?: readonly string[] | null; decorative?: boolean; loading?: PictureLoading }) {
  const hue = artworkHue(genres, title);
  return (
    <img
      className="generated-artwork"
      src={artworkSource(hue, initialsOf(title), loading !== 'lazy')}
      alt={decorative ? '' : `${title} artwork`}
      width={400}
      height={400}
      {...loadingAttributes(loading)}
      style={{ background: `hsl(${hue} 70% 46%)` }}
    />
  );
}
