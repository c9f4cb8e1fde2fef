import { useCallback, useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../lib/scroll';
import { TAGLINE } from '../../generated/contract';
import { LogoMark, Wordmark } from '../../components/logo';

export const SPLASH_SEEN_KEY = 'sa-splash-seen';
export const SPLASH_DURATION_MS = 5000;
export const SPLASH_FADE_MS = 500;
/**
 * How long after the first contentful paint the splash may still appear: later than
 * this the visitor has been reading the page, and the splash would cover it (measured in
 * docs/choices.md).
 */
export const SPLASH_LATEST_AFTER_PAINT_MS = 150;

const BOT_PATTERN = /bot|crawl|spider|slurp|lighthouse|pagespeed|facebookexternalhit|embedly|preview/i;

type Phase = 'off' | 'on' | 'fading';

/*
 * How this build reads the spec's splash ("shows for the first 5 seconds after
 * load, then the app fades in over 500 ms") together with server rendering:
 * - It shows only where it can cover from the first paint: when the page has been on
 *   screen for more than SPLASH_LATEST_AFTER_PAINT_MS before the client is ready (a
 *   slow phone, a slow network), it is not laid over a page already being read; that
 *   load counts as the session's first all the same.
 * - The splash is never part of the server HTML, and nothing in the server HTML
 *   is hidden by CSS waiting for it: crawlers and visitors without JavaScript
 *   always get the content, fully visible.
 * - After hydration the client decides: only on the first page load of a
 *   browser session (sessionStorage flag SPLASH_SEEN_KEY, set as soon as it is
 *   shown) and not for known crawler user agents, it lays the splash over the
 *   already-rendered page for 5000 ms, then fades it out over 500 ms, which is
 *   the app "fading in". Later loads and navigations in the session skip it.
 * - With prefers-reduced-motion the splash is removed after 5000 ms without the fade.
 * - A click, tap or key press dismisses it early (it never traps the visitor),
 *   and it is aria-hidden: the page underneath stays the accessible content.
 */
export function SplashScreen() {
  const [phase, setPhase] = useState<Phase>('off');

  const hide = useCallback(() => setPhase((current) => (current === 'off' || prefersReducedMotion() ? 'off' : 'fading')), []);

  useEffect(() => {
    if (!shouldShowSplash()) return;
    markSplashSeen();
    setPhase('on');
  }, []);

  // Each phase's clock starts once that phase is on screen (this effect runs after its
  // commit), not when it was asked for: on a busy phone the two can be far apart, and
  // the splash would be seen for less than its time.
  useEffect(() => {
    if (phase === 'on') {
      const timer = window.setTimeout(hide, SPLASH_DURATION_MS);
      window.addEventListener('keydown', hide);
      return () => {
        window.clearTimeout(timer);
        window.removeEventListener('keydown', hide);
      };
    }
    if (phase === 'fading') {
      const timer = window.setTimeout(() => setPhase('off'), SPLASH_FADE_MS);
      return () => window.clearTimeout(timer);
    }
  }, [phase, hide]);

  if (phase === 'off') return null;
  return (
    <div className={phase === 'fading' ? 'splash splash--fading' : 'splash'} aria-hidden="true" onClick={hide}>
      <div className="splash-inner">
        <LogoMark size={96} />
        <p className="splash-wordmark">
          <Wordmark />
        </p>
        <p className="splash-tagline">{TAGLINE}</p>
        <div className="splash-bars">
          <span />
          <span />
          <span />
          <span />
          <span />
        </div>
      </div>
    </div>
  );
}

function shouldShowSplash(): boolean {
  try {
    if (window.sessionStorage.getItem(SPLASH_SEEN_KEY) !== null) return false;
  } catch {
    return false;
  }
  if (BOT_PATTERN.test(window.navigator.userAgent)) return false;
  if (paintedTooLongAgo()) {
    markSplashSeen();
    return false;
  }
  return true;
}

/** Whether the page's first contentful paint is more than SPLASH_LATEST_AFTER_PAINT_MS old (not painted yet: no). */
export function paintedTooLongAgo(now: number = performance.now()): boolean {
  const paint = typeof performance.getEntriesByName === 'function' ? performance.getEntriesByName('first-contentful-paint')[0] : undefined;
  return paint !== undefined && now - paint.startTime > SPLASH_LATEST_AFTER_PAINT_MS;
}

function markSplashSeen(): void {
  try {
    window.sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // ignore
  }
}
