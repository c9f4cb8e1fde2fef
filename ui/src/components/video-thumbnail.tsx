import type { SyntheticEvent } from 'react';
import { useDataSaver } from '../lib/data-saver';

/** A thumbnail that cannot load leaves the tile's look (no broken-image icon). */
function hideBroken(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden';
}

/**
 * A video's thumbnail (decorative: the tile names the video), loaded lazily; while the
 * data saver is on, or without a picture, `placeholder` instead (a text standing in for
 * the picture, or nothing).
 */
export function VideoThumbnail({ src, width, height, placeholder }: { src: string | null | undefined; width: number; height: number; placeholder?: string }) {
  const saving = useDataSaver();
  if (src && !saving) return <img src={src} alt="" loading="lazy" width={width} height={height} onError={hideBroken} />;
  return placeholder ? (
    <span className="video-tile-placeholder" aria-hidden="true">
      {placeholder}
    </span>
  ) : null;
}
