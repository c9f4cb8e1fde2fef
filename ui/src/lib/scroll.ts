export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function scrollToTop(smooth = false): void {
  window.scrollTo({ top: 0, left: 0, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}

/** Scrolls to the top now and again after each delay (late layout shifts). */
export function repeatScrollToTop(delays: readonly number[] = [100, 300, 500]): void {
  scrollToTop();
  for (const delay of delays) window.setTimeout(() => scrollToTop(), delay);
}
