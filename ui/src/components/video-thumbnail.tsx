import { startTransition, useCallback, useState } from 'react';
import { useDataSaver } from '../lib/data-saver';

/** Whether an image has already failed (before hydration, say): finished loading with nothing to show. */
function alreadyBroken(image: HTMLImageElement | null): boolean {
  return image !== null && image.complete && image.naturalWidth === 0 && image.getAttribute('src') !== '';
}

/**
 * A video's thumbnail (decorative: the tile names the video), loaded lazily unless
 * `eager` (a tile in the first screen). Eager at low priority: a thumbnail is never the
 * first screen's largest element (a phone shows part of one beside the page's text), so
 * the server render writes no preload for it ahead of the page's text (React preloads
 * every other image that is not lazy) and the browser keeps it behind the document, the
 * styles and the scripts. While the data saver is on, without a picture,
 * or once the picture failed (also when it failed before the page hydrated),
 * `placeholder` on the tile's own background instead: a text standing in for the
 * picture, or the background alone; never a broken-image icon.
 */
export function VideoThumbnail({ src, width, height, placeholder, eager = false }: { src: string | null | undefined; width: number; height: number; placeholder?: string; eager?: boolean }) {
  const saving = useDataSaver();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A transition: a picture found broken as hydration commits would otherwise be an
  // urgent update, rendered in the same task, which then also runs every effect of the
  // whole page at once instead of in a task of their own.
  const fail = useCallback(() => startTransition(() => setFailedSrc(src ?? null)), [src]);
  const checkEarlyFailure = useCallback(
    (image: HTMLImageElement | null) => {
      if (alreadyBroken(image)) fail();
    },
    [fail],
  );
  if (src && !saving && failedSrc !== src) {
    return <img ref={checkEarlyFailure} src={src} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'low' : undefined} width={width} height={height} onError={fail} />;
  }
  return placeholder ? (
    <span className="video-tile-placeholder" aria-hidden="true">
      {placeholder}
    </span>
  ) : null;
}
