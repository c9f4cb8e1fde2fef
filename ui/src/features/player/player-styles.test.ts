import { describe, expect, it } from 'vitest';
import { PLAYER_CSS } from './player-styles';

/** The declarations of the rule whose selector is exactly `selector`. */
function rule(selector: string): string {
  const match = new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')}\\{([^}]*)\\}`).exec(PLAYER_CSS);
  if (!match) throw new Error(`no rule ${selector}`);
  return match[1]!;
}

describe("the player's styles", () => {
  it.each(['.player-overlay', '.video-overlay'])('make %s opaque where it covers the page', (selector) => {
    const background = /(?:^|;)background:([^;]+)/.exec(rule(selector))?.[1] ?? '';
    expect(background).toMatch(/^(rgb\(\d+,\d+,\d+\)|#[0-9a-f]{3,6}|var\(--(bg|surface)\))$/i);
  });
});
