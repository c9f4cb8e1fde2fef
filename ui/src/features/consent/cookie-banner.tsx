import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { readConsent } from '../../lib/consent';

// Most visits have a saved choice: the banner's code is fetched only when it shows.
const CookieConsentPanel = lazy(() => import('./cookie-consent-panel'));

/**
 * The cookie-consent banner. Client-only: it appears after hydration
 * and only when no choice is saved, so crawlers and the server's HTML never carry it.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (readConsent() === null) setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsentPanel onChosen={close} />
    </Suspense>
  );
}
