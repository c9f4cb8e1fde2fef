/** Cookie consent: stored locally under one key. */
export interface Consent {
  essential: true;
  functional: boolean;
  analytics: boolean;
  advertising: boolean;
}

export const CONSENT_KEY = 'cookie-consent';

/** The default: essential on, functional on, analytics off, advertising off. */
export const DEFAULT_CONSENT: Consent = { essential: true, functional: true, analytics: false, advertising: false };
export const ALL_CONSENT: Consent = { essential: true, functional: true, analytics: true, advertising: true };
export const ESSENTIAL_ONLY: Consent = { essential: true, functional: false, analytics: false, advertising: false };

/** The saved choice, or null when none (or unreadable). Call from effects and handlers only. */
export function readConsent(): Consent | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<Consent> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      essential: true,
      functional: value.functional === true,
      analytics: value.analytics === true,
      advertising: value.advertising === true,
    };
  } catch {
    return null;
  }
}

/** Fired on window after every saved choice, so consent-gated parts (the ad slot) follow it. */
export const CONSENT_CHANGED_EVENT = 'consent-changed';

export function saveConsent(consent: Consent): void {
  try {
    // Essential is always on, whatever was passed.
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ ...consent, essential: true }));
  } catch {
    // Storage unavailable: the banner asks again next time.
  }
  window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
}
