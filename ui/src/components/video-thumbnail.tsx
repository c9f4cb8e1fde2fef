import type { SyntheticEvent } from 'react';
import { useDataSaver } from '../lib/data-saver';

/** A thumbnail that cannot load leaves the tile's look (no broken-image icon). */
function hideBroken(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden';
}

/**
 * A video's thumbnail (decorative: the tile names the video), loaded lazily unless
 * `eager` (a tile in the first screen); while the data saver is on, or without a
 * picture, `placeholder` instead (a text standing in for the picture, or nothing).
 */
export function VideoThumbnail({ src, width, height, placeholder, eager = false }: { src: string | null | undefined; width: number; height: number; placeholder?: string; eager?: boolean }) {
  const saving = useDataSaver();
  if (src && !saving) return <img src={src} alt="" loading={eager ? 'eager' : 'lazy'} width={width} height={height} onError={hideBroken} />;
  return placeholder ? (
    <span className="video-tile-placeholder" aria-hidden="true">
      {placeholder}
    </span>
  ) : null;
}
