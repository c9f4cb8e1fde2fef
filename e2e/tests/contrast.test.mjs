// Colour contrast of text over the gradients, which axe can only mark "needs review"
// (it cannot compute a colour behind text on a gradient). Read from the stylesheets
// themselves: the custom properties in ui/src/app/global.css and every rule in ui/src
// that paints a gradient, each checked at 21 points along the gradient against WCAG's
// 4.5:1 for normal text. The ratios are written down in docs/accessibility-and-structured-data.md.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const uiSrc = fileURLToPath(new URL('../../ui/src', import.meta.url));
const MIN_RATIO = 4.5;

function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Rules as { selector, decls: Map(property -> value) } (flat; media queries opened up). */
function rules(css) {
  const out = [];
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector, body] of clean.matchAll(/([^{}@]+)\{([^{}]*)\}/g)) {
    const decls = new Map();
    for (const decl of body.split(';')) {
      const colon = decl.indexOf(':');
      if (colon > 0) decls.set(decl.slice(0, colon).trim(), decl.slice(colon + 1).trim());
    }
    out.push({ selector: selector.trim(), decls });
  }
  return out;
}

/** A CSS colour (#rgb, #rrggbb, rgb(), rgba()) as [r, g, b, alpha]. */
function parseColor(text) {
  const value = text.trim();
  let m = /^#([0-9a-f]{3})$/i.exec(value);
  if (m) return [...m[1]].map((c) => parseInt(c + c, 16)).concat(1);
  m = /^#([0-9a-f]{6})$/i.exec(value);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)).concat(1);
  m = /^rgba?\(([^)]+)\)$/i.exec(value);
  if (m) {
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts[3] ?? 1];
  }
  throw new Error(`not a colour: ${text}`);
}

/** The colour stops of a `linear-gradient(angle, stop [pos], ...)`. */
function gradientStops(text) {
  const inner = /linear-gradient\((.*)\)$/s.exec(text.trim())[1];
  const parts = inner.split(/,(?![^(]*\))/).map((p) => p.trim());
  return parts.filter((p) => !/deg$|^to /.test(p)).map((p) => parseColor(p.replace(/\s+\d+%$/, '')));
}

const over = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat(1);
const mix = (a, b, t) => [0, 1, 2, 3].map((i) => a[i] + (b[i] - a[i]) * t);
const channel = (c) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG 2 contrast ratio of two opaque colours. */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The lowest ratio of `text` over the gradient (laid over `backdrop`), sampled at 21 points. */
function worstOver(text, stops, backdrop) {
  let worst = Infinity;
  for (let k = 0; k <= 20; k += 1) {
    const t = k / 20;
    const segment = Math.min(stops.length - 2, Math.floor(t * (stops.length - 1)));
    const local = t * (stops.length - 1) - segment;
    const behind = over(mix(stops[segment], stops[segment + 1], local), backdrop);
    worst = Math.min(worst, contrast(over(text, behind), behind));
  }
  return worst;
}

const allRules = cssFiles(uiSrc).flatMap((file) => rules(readFileSync(file, 'utf8')).map((rule) => ({ ...rule, file: file.slice(uiSrc.length + 1) })));
const root = allRules.find((rule) => rule.selector === ':root' && rule.decls.has('--gradient'));
const vars = root.decls;
const color = (name) => parseColor(vars.get(name));
const value = (text) => text.replace(/var\((--[\w-]+)\)/g, (_, name) => vars.get(name));
const page = color('--bg');
// The lightest surface any gradient block sits on (worst case for light text).
const lightestSurface = color('--surface-2');

test('the contrast formula gives WCAG\'s known values', () => {
  assert.equal(contrast([0, 0, 0], [255, 255, 255]).toFixed(1), '21.0');
  assert.equal(contrast([118, 118, 118], [255, 255, 255]).toFixed(2), '4.54');
});

test('text drawn on the solid gradient (buttons, active letter, search submit) has at least 4.5:1', () => {
  const painted = allRules.filter((rule) => value(rule.decls.get('background') ?? '').startsWith('linear-gradient') && rule.decls.has('color') && rule.decls.get('color') !== 'transparent');
  const solid = painted.filter((rule) => rule.decls.get('background') === 'var(--gradient)');
  assert.ok(solid.length >= 2, `found ${solid.map((r) => r.selector).join(', ')}`);
  for (const rule of solid) {
    const ratio = worstOver(parseColor(value(rule.decls.get('color'))), gradientStops(vars.get('--gradient')), page);
    assert.ok(ratio >= MIN_RATIO, `${rule.file} ${rule.selector}: ${ratio.toFixed(2)}:1`);
  }
});

test('gradient-filled text (the wordmark, the 404) on the page background has at least 4.5:1', () => {
  const clipped = allRules.filter((rule) => rule.decls.get('background-clip') === 'text' && (rule.decls.get('background') ?? '').includes('gradient'));
  assert.ok(clipped.length >= 1);
  for (const rule of clipped) {
    const stops = gradientStops(value(rule.decls.get('background')));
    for (let k = 0; k <= 20; k += 1) {
      const t = k / 20;
      const ink = mix(stops[0], stops[stops.length - 1], t);
      const ratio = contrast(over(ink, page), page);
      assert.ok(ratio >= MIN_RATIO, `${rule.file} ${rule.selector} at ${t}: ${ratio.toFixed(2)}:1`);
    }
  }
});

test('body and muted text over the soft gradient (fun fact, quiz teaser, active menu item, letter tiles) has at least 4.5:1', () => {
  const soft = allRules.filter((rule) => rule.decls.get('background') === 'var(--gradient-soft)');
  assert.ok(soft.length >= 2, `found ${soft.map((r) => r.selector).join(', ')}`);
  const stops = gradientStops(vars.get('--gradient-soft'));
  for (const name of ['--text', '--text-muted']) {
    const ratio = worstOver(color(name), stops, lightestSurface);
    assert.ok(ratio >= MIN_RATIO, `${name} over --gradient-soft on --surface-2: ${ratio.toFixed(2)}:1`);
  }
});

test('the coming-soon thumbnails\' text over their gradient has at least 4.5:1', () => {
  const thumb = allRules.find((rule) => rule.selector === '.coming-soon-thumb');
  const layers = thumb.decls.get('background').split(/,(?![^(]*\))/);
  const base = parseColor(value(layers.at(-1)));
  const stops = gradientStops(layers.slice(0, -1).join(','));
  const ratio = worstOver(parseColor(thumb.decls.get('color')), stops, base);
  assert.ok(ratio >= MIN_RATIO, `.coming-soon-thumb: ${ratio.toFixed(2)}:1`);
});

if (process.env.PRINT_CONTRAST) {
  const g = gradientStops(vars.get('--gradient'));
  console.log('dark #14101f on --gradient:', worstOver(parseColor('#14101f'), g, page).toFixed(2));
  for (const name of ['--text', '--text-muted']) console.log(`${name} on --gradient-soft over --surface-2:`, worstOver(color(name), gradientStops(vars.get('--gradient-soft')), lightestSurface).toFixed(2));
  console.log('gradient text on --bg:', Math.min(...g.map((s) => contrast(s, page))).toFixed(2));
}
