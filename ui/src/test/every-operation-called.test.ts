/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { api } from '../generated/contract';

/**
 * A declared operation is either called by the UI (`client.<name>(…)` for a call,
 * `api.<name>(…)` for a query key or an address) or named here with the reason the UI
 * never calls it: a new operation whose UI call was forgotten fails this test.
 */
const NOT_CALLED_BY_THE_UI: Record<string, string> = {
  openApiDescription: 'the description is for API clients and the fuzzer',
  confirmationLink: 'opened from the confirmation mail, whose link the server writes',
  recoveryLink: 'opened from the password reset mail, whose link the server writes',
  providerCallback: 'the identity provider sends the browser back there',
  resend: 'the UI has no resend button: signing up again with the address mails a new link',
  articlesIn: 'the articles page filters the list of every article by the category in its address',
  artistByExternalId: 'for API clients; the UI knows artists by id',
  videoFavoriteCheck: 'the UI reads every video favorite at once (one request, cached)',
};

/** The UI's own source files (not generated, not tests), as text. */
const SOURCES = import.meta.glob(['../**/*.{ts,tsx}', '!../generated/**', '!../test/**', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('the declared operations', () => {
  const source = Object.values(SOURCES).join('\n');
  const called = (name: string) => new RegExp(`\\b(?:client|apiClient|api)\\.${name}\\(`).test(source);

  it.each(Object.keys(api))('%s is called by the UI or says why not', (name) => {
    if (name in NOT_CALLED_BY_THE_UI) {
      expect(called(name), `${name} is called after all: take it out of NOT_CALLED_BY_THE_UI`).toBe(false);
    } else {
      expect(called(name), `no client.${name}(…) or api.${name}(…) in ui/src`).toBe(true);
    }
  });

  it('names only declared operations among those it excuses', () => {
    expect(Object.keys(NOT_CALLED_BY_THE_UI).filter((name) => !(name in api))).toEqual([]);
  });
});
