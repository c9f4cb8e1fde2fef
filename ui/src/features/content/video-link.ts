import { linkClickHandlers } from '../../lib/link-clicks';

/**
 * A video card is a real link to the video (it works without JavaScript); a click,
 * modified (Ctrl/Cmd/Shift) or middle click included, goes to `open` instead: the
 * External Link Warning or the player's overlay (each section passes its own), so
 * nothing opens the video service before that.
 */
export function videoLinkProps(href: string, open: () => void) {
  return {
    href,
    target: '_blank',
    rel: 'noopener noreferrer',
    ...linkClickHandlers(open),
  } as const;
}

/** The watch URL of an 11-character video id. */
export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** The service's standard thumbnail of a video id. */
export function thumbnailOf(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
}

/** Scrolls a horizontal strip by one step (300, 320 or 350 px). */
export function scrollStrip(strip: HTMLElement | null, step: number): void {
  if (!strip) return;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  strip.scrollBy({ left: step, behavior: reduce ? 'auto' : 'smooth' });
}
