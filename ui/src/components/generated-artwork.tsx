import { useId } from 'react';
import { artworkHue, initialsOf } from '../lib/artwork';

/**
 * The placeholder graphic used when an artist has no image or every image
 * source failed: the artist's initials on a colour derived from the first genre.
 */
export function GeneratedArtwork({ title, genres, decorative = false }: { title: string; genres?: readonly string[] | null; decorative?: boolean }) {
  const id = `art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hue = artworkHue(genres, title);
  const initials = initialsOf(title);
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': `${title} artwork` };
  return (
    <svg className="generated-artwork" viewBox="0 0 400 400" preserveAspectRatio="xMidYMid slice" focusable="false" {...a11y}>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 46%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 48) % 360} 65% 20%)`} />
        </linearGradient>
      </defs>
      <rect width="400" height="400" fill={`url(#${id}-bg)`} />
      <circle cx="330" cy="70" r="120" fill="#fff" fillOpacity="0.07" />
      <circle cx="60" cy="360" r="150" fill="#000" fillOpacity="0.12" />
      <g fill="none" stroke="#fff" strokeOpacity="0.12" strokeWidth="3">
        <circle cx="200" cy="200" r="150" />
        <circle cx="200" cy="200" r="118" />
      </g>
      <text
        x="200"
        y="200"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize={initials.length > 1 ? 132 : 150}
        fontWeight="800"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        letterSpacing="-4"
      >
        {initials}
      </text>
    </svg>
  );
}
