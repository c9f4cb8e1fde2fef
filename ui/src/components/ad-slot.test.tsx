import { act, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Navigation } from '../lib/navigation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, DEFAULT_CONSENT, ESSENTIAL_ONLY, ALL_CONSENT, saveConsent } from '../lib/consent';
import { AD_NETWORK_SCRIPT, AdSlot } from './ad-slot';

const NETWORK = 'https://ads.example.test/tag.js';

/** The slot's note links to the privacy settings: render it inside a router. */
function render(ui: ReactElement) {
  return renderBare(
    <MemoryRouter>
      <Navigation preload={() => undefined}>{ui}</Navigation>
    </MemoryRouter>,
  );
}

/** Scripts from anywhere but this page's own origin. */
function thirdPartyScripts(): string[] {
  return [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? '').filter((src) => /^(https?:)?\/\//.test(src));
}

beforeEach(() => {
  window.localStorage.clear();
  for (const script of document.querySelectorAll('script')) script.remove();
});
afterEach(() => window.localStorage.clear());

describe('the advertising slot', () => {
  it('has no network configured, so it never loads one', () => {
    expect(AD_NETWORK_SCRIPT).toBeNull();
    saveConsent(ALL_CONSENT);
    render(<AdSlot />);
    expect(thirdPartyScripts()).toEqual([]);
  });

  it('inserts no third-party script without a saved choice, with the defaults or with essential only', () => {
    for (const saved of [null, DEFAULT_CONSENT, ESSENTIAL_ONLY, { ...ALL_CONSENT, advertising: false }]) {
      window.localStorage.clear();
      if (saved) window.localStorage.setItem(CONSENT_KEY, JSON.stringify(saved));
      const { unmount } = render(<AdSlot networkScript={NETWORK} />);
      expect(thirdPartyScripts()).toEqual([]);
      expect(screen.getByRole('complementary', { name: 'Advertisement' }).getAttribute('data-consent')).toBe('denied');
      unmount();
    }
  });

  it('inserts the script once when consent is given later, and not before', () => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(ESSENTIAL_ONLY));
    render(<AdSlot networkScript={NETWORK} />);
    expect(thirdPartyScripts()).toEqual([]);
    // Another choice without advertising changes nothing.
    act(() => saveConsent(DEFAULT_CONSENT));
    expect(thirdPartyScripts()).toEqual([]);
    act(() => saveConsent(ALL_CONSENT));
    expect(thirdPartyScripts()).toEqual([NETWORK]);
    const script = document.querySelector<HTMLScriptElement>(`script[src="${NETWORK}"]`)!;
    expect(script.async).toBe(true);
    expect(screen.getByRole('complementary', { name: 'Advertisement' }).getAttribute('data-consent')).toBe('granted');
    // Saying yes again adds no second copy.
    act(() => saveConsent(ALL_CONSENT));
    expect(thirdPartyScripts()).toEqual([NETWORK]);
  });

  it('follows a choice made in another tab (the storage event)', () => {
    render(<AdSlot networkScript={NETWORK} />);
    expect(thirdPartyScripts()).toEqual([]);
    act(() => {
      window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ ...DEFAULT_CONSENT, advertising: true }));
      window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_KEY }));
    });
    expect(thirdPartyScripts()).toEqual([NETWORK]);
  });

  it('loads it at once for a visitor whose saved choice already allows advertising', () => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(ALL_CONSENT));
    render(<AdSlot networkScript={NETWORK} />);
    expect(thirdPartyScripts()).toEqual([NETWORK]);
  });
});
