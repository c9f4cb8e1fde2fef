import { images } from '../generated/contract';
import { artworkHue, initialsOf } from '../lib/artwork';

/**
 * The placeholder graphic used when an artist has no image or every image
 * source failed: the artist's initials on a colour derived from the first genre.
 * One element and its picture: the server draws the picture once per colour and initials
 * (`/art/{hue}/{initials}.svg`, cached for good) and this frame shows it over the
 * genre colour, so even if that file never arrives nothing looks broken.
 */
export function GeneratedArtwork({ title, genres, decorative = false }: { title: string; genres?: readonly string[] | null; decorative?: boolean }) {
  const hue = artworkHue(genres, title);
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': `${title} artwork` };
  // The picture as inner HTML: a card grid draws many, and each React element costs in
  // the server's engine. The URL is safe in the attribute (a number and encoded initials).
  const image = { __html: `<image href="${images.artwork(hue, initialsOf(title))}" width="400" height="400"></image>` };
  return (
    <svg className="generated-artwork" viewBox="0 0 400 400" preserveAspectRatio="xMidYMid slice" style={{ background: `hsl(${hue} 70% 46%)` }} {...a11y} dangerouslySetInnerHTML={image} />
  );
}
