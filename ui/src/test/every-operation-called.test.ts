import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const SRC = join(__dirname, '..');

/** The UI's own source files (not generated, not tests). */
function productionSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'test' ? [] : productionSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the declared operations', () => {
  const source = productionSources(SRC)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
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
