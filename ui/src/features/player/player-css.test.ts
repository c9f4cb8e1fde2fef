import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import source from './player.css?raw';

/** The player's stylesheet, parsed. */
const stylesheet = postcss.parse(source);

/** The declarations of the top-level rule whose selector is exactly `selector`. */
function rule(selector: string): Map<string, string> {
  const found = stylesheet.nodes.find((node): node is postcss.Rule => node.type === 'rule' && node.selector === selector);
  if (!found) throw new Error(`no rule ${selector}`);
  return new Map(found.nodes.flatMap((node) => (node.type === 'decl' ? [[node.prop, node.value] as const] : [])));
}

describe("the player's styles", () => {
  it.each(['.player-overlay', '.video-overlay'])('make %s opaque where it covers the page', (selector) => {
    expect(rule(selector).get('background') ?? '').toMatch(/^(rgb\(\d+, ?\d+, ?\d+\)|#[0-9a-f]{3,6}|var\(--(bg|surface)\))$/i);
  });
});
