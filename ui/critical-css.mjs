// The stylesheet as an index the server picks a page's critical CSS from: every rule with
// the class names it needs in the document to match anything. The server inlines, in the
// document's head, the rules whose classes its markup has (crates/server/src/critical_css.rs),
// so the first screen paints with the document alone; the whole stylesheet loads without
// blocking the paint.
//
// A rule is kept when any selector of its list can match: every class the selector names
// outside a pseudo-class's argument (`:not(.x)`, `:is(.a, .b)` are left out, so never a
// reason to drop) is in the markup. Type, id and attribute selectors and states (`:hover`)
// never drop a rule: the index errs on keeping. `@keyframes` go with the rules that
// animate with them; other at-rules without rules inside (`@font-face`) are always kept.
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** Class names each selector of `selectorText` needs, one list per selector. */
function classAlternatives(selectorText) {
  const alternatives = [];
  selectorParser((selectors) => {
    selectors.each((selector) => {
      const classes = new Set();
      selector.walkClasses((node) => {
        // Inside a pseudo-class's argument: `:not(.x)` matches without .x, `:is(.a, .b)` with either.
        for (let parent = node.parent; parent && parent !== selector; parent = parent.parent) if (parent.type === 'pseudo') return;
        classes.add(node.value);
      });
      alternatives.push([...classes]);
    });
  }).processSync(selectorText);
  return alternatives;
}

/** The keyframe names a rule's declarations animate with. */
function animationNames(rule, keyframeNames) {
  const names = [];
  rule.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) if (keyframeNames.has(word)) names.push(word);
  });
  return names;
}

/**
 * `css` (the built stylesheet) as [{ css, within, when }]: the rule's text, the at-rules
 * around it (outermost first) and the class alternatives that keep it (any one whose
 * classes are all in the document; an empty alternative always keeps it).
 */
export function criticalCssIndex(css) {
  const root = postcss.parse(css);
  const keyframeNames = new Set();
  root.walkAtRules(/keyframes$/, (atRule) => keyframeNames.add(atRule.params));
  const animatedBy = new Map();
  const entries = [];
  const within = (node) => {
    const wrappers = [];
    for (let parent = node.parent; parent && parent.type !== 'root'; parent = parent.parent) wrappers.unshift(`@${parent.name} ${parent.params}`);
    return wrappers;
  };
  const text = (node) => {
    const clone = node.clone();
    clone.raws.before = '';
    return clone.toString();
  };
  root.walk((node) => {
    if (node.type === 'rule') {
      if (node.parent.type === 'atrule' && /keyframes$/.test(node.parent.name)) return;
      if (node.parent.type === 'rule') throw new Error(`nested rule in the built stylesheet: ${node.selector}`);
      const when = classAlternatives(node.selector);
      for (const name of animationNames(node, keyframeNames)) animatedBy.set(name, [...(animatedBy.get(name) ?? []), ...when]);
      entries.push({ css: text(node), within: within(node), when });
    } else if (node.type === 'atrule' && !node.nodes?.some((child) => child.type === 'rule' || child.type === 'atrule')) {
      entries.push({ css: text(node), within: within(node), when: [[]], keyframes: /keyframes$/.test(node.name) ? node.params : undefined });
    } else if (node.type === 'atrule' && /keyframes$/.test(node.name)) {
      entries.push({ css: text(node), within: within(node), keyframes: node.params });
    }
  });
  for (const entry of entries) {
    if (entry.keyframes !== undefined) entry.when = animatedBy.get(entry.keyframes) ?? [];
    delete entry.keyframes;
    // A selector without classes keeps the rule whatever the others need.
    if (entry.when.some((classes) => classes.length === 0)) entry.when = [[]];
    if (entry.css.toLowerCase().includes('</style')) throw new Error('the stylesheet has "</style" in it: it cannot be inlined');
  }
  return entries;
}
