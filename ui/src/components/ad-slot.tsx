import { useEffect, useState } from 'react';
import { Link } from './link';
import { CONSENT_CHANGED_EVENT, readConsent } from '../lib/consent';
import './ad-slot.css';
import { routes } from '../generated/contract';

/**
 * The advertising network's script, when one is configured. None is yet: the slot is
 * a clearly marked place for it. Whatever goes here loads only after the visitor
 * allowed advertising cookies (and the site's Content-Security-Policy must list it).
 */
export const AD_NETWORK_SCRIPT: string | null = null;

/** True once the visitor's saved choice allows advertising; follows later choices. */
export function useAdvertisingConsent(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const update = () => setAllowed(readConsent()?.advertising === true);
    update();
    window.addEventListener(CONSENT_CHANGED_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(CONSENT_CHANGED_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return allowed;
}

/**
 * The advertising block (on every page), marked as such. Nothing
 * from an ad network loads without advertising consent: the server renders the
 * empty slot, and the browser adds the network's script only when consent exists.
 * `networkScript` is the network's script (tests pass their own).
 */
export function AdSlot({ networkScript = AD_NETWORK_SCRIPT }: { networkScript?: string | null } = {}) {
  const allowed = useAdvertisingConsent();
  useEffect(() => {
    if (!allowed || !networkScript) return;
    if ([...document.scripts].some((s) => s.getAttribute('src') === networkScript)) return;
    const script = document.createElement('script');
    script.src = networkScript;
    script.async = true;
    document.head.appendChild(script);
  }, [allowed, networkScript]);
  return (
    <aside className="ad-slot" aria-label="Advertisement" data-consent={allowed ? 'granted' : 'denied'}>
      <p className="ad-slot-label">Advertisement</p>
      {!allowed && (
        <p className="ad-slot-text">
          Ads appear here only if you allow advertising cookies (<Link to={routes.privacySettings.href()}>privacy settings</Link>).
        </p>
      )}
    </aside>
  );
}

/** The retail marketplace's affiliate disclosure, under product links that carry the site's tag. */
export function AffiliateNotice() {
  return (
    <p className="affiliate-notice">
      As an Amazon Associate, Sound Atlas earns from qualifying purchases. The product links above are affiliate links: buying through them may earn us a
      commission at no extra cost to you.
    </p>
  );
}
