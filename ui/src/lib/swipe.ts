/** Swipe thresholds. */
export interface SwipeThreshold {
  /** Minimum horizontal distance in px. */
  minX: number;
  /** Maximum vertical drift in px. */
  maxY: number;
  /** Whether the vertical limit itself is allowed ("at most") or not ("under"). */
  inclusiveY: boolean;
}

export const ARTIST_SWIPE: SwipeThreshold = { minX: 80, maxY: 150, inclusiveY: true };
export const TOP10_SWIPE: SwipeThreshold = { minX: 100, maxY: 150, inclusiveY: false };
export const DEFAULT_SWIPE: SwipeThreshold = { minX: 50, maxY: 100, inclusiveY: false };

/**
 * 'left' when the finger moved left (go to next), 'right' when it moved right
 * (go to previous), null when the gesture is not a swipe.
 */
export function detectSwipe(dx: number, dy: number, threshold: SwipeThreshold = DEFAULT_SWIPE): 'left' | 'right' | null {
  const drift = Math.abs(dy);
  const driftOk = threshold.inclusiveY ? drift <= threshold.maxY : drift < threshold.maxY;
  if (!driftOk || Math.abs(dx) < threshold.minX) return null;
  return dx < 0 ? 'left' : 'right';
}

/** True when the element or an ancestor scrolls horizontally (swipes there are ignored). */
export function isInHorizontalScroller(target: EventTarget | null, stopAt?: Element | null): boolean {
  let node = target instanceof Element ? target : null;
  while (node && node !== stopAt && node !== document.body) {
    if (node instanceof HTMLElement && node.scrollWidth > node.clientWidth + 1) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    if (node instanceof HTMLElement && node.dataset.swipeIgnore !== undefined) return true;
    node = node.parentElement;
  }
  return false;
}
