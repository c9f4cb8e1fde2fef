// The schema.org vocabulary as the `schema-dts` package ships it (its generated
// dist/schema.d.ts, read at test time: nothing is downloaded), as type -> the
// properties schema.org defines for it, inherited ones included.
//
// The file declares each type's own properties in `interface XBase extends YBase,
// ZBase { "prop"?: ...; }` and names the type in `interface XLeaf extends XBase {
// "@type": "X"; }` (a leaf may extend another type's base, e.g. BreadcrumbList ->
// ItemListBase). Actions also accept `<prop>-input` / `<prop>-output` for each of their
// properties (schema-dts's InputActionConstraints / OutputActionConstraints).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function loadVocabulary() {
  const source = readFileSync(require.resolve('schema-dts/dist/schema.d.ts'), 'utf8');
  /** base name -> { parents: base names, props: own property names } */
  const bases = new Map();
  const baseDecl = /^(?:export )?interface (\w+Base) extends ([^{]+)\{\n([\s\S]*?)^\}/gm;
  for (const [, name, parents, body] of source.matchAll(baseDecl)) {
    const props = [...body.matchAll(/^\s+"([^"@][^"]*)"\??:/gm)].map((m) => m[1]);
    bases.set(name, {
      parents: parents.split(',').map((p) => p.trim()).filter((p) => /^\w+Base$/.test(p)),
      props,
    });
  }
  const propsOfBase = new Map();
  const resolve = (name) => {
    if (propsOfBase.has(name)) return propsOfBase.get(name);
    const base = bases.get(name);
    const all = new Set(base ? base.props : []);
    propsOfBase.set(name, all); // guards against cycles while resolving
    for (const parent of base?.parents ?? []) for (const p of resolve(parent)) all.add(p);
    return all;
  };
  /** type name -> Set of allowed properties */
  const types = new Map();
  const leafDecl = /^export interface (\w+)Leaf extends (\w+Base) \{\n\s+"@type": "([^"]+)";/gm;
  for (const [, , base, type] of source.matchAll(leafDecl)) {
    const props = new Set(resolve(base));
    if (isAction(base)) {
      for (const p of [...props]) {
        props.add(`${p}-input`);
        props.add(`${p}-output`);
      }
    }
    types.set(type, props);
  }
  // Roles (schema.org's pattern for a value with qualifiers, e.g. a band's member with
  // the years they played) are generic leaves: `type XRoleLeaf<TContent, TProperty> =
  // Omit<XRoleBase, TProperty> & { "@type": "XRole"; } & { [key in TProperty]: TContent }`.
  // A role node takes its base's properties and the property it stands in for.
  const roleDecl = /^export type (\w+)Leaf<TContent, TProperty extends string> = Omit<(\w+Base), TProperty> & \{\n\s+"@type": "([^"]+)";/gm;
  for (const [, , base, type] of source.matchAll(roleDecl)) {
    const props = new Set(resolve(base));
    props.roleOf = true;
    types.set(type, props);
  }
  function isAction(base) {
    if (base === 'ActionBase') return true;
    return (bases.get(base)?.parents ?? []).some(isAction);
  }
  return types;
}

/**
 * Every problem of a JSON-LD document against the vocabulary: unknown types, and
 * properties not defined for any of a node's types, in nested nodes too.
 */
export function jsonLdProblems(doc, types) {
  const problems = [];
  if (doc['@context'] !== 'https://schema.org') problems.push(`@context is ${JSON.stringify(doc['@context'])}`);
  const visit = (node, path, property = null) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${path}[${i}]`, property));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    // A reference to a node described elsewhere ({"@id"}), or a text with its language.
    const keys = Object.keys(node);
    if (keys.length === 1 && keys[0] === '@id') return;
    if ('@value' in node && keys.every((key) => ['@value', '@language'].includes(key))) return;
    const kinds = [node['@type']].flat().filter((k) => k !== undefined);
    if (kinds.length === 0) {
      problems.push(`${path}: a node without @type`);
      return;
    }
    const known = kinds.filter((k) => {
      if (types.has(k)) return true;
      problems.push(`${path}: unknown type ${k}`);
      return false;
    });
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('@')) continue;
      const standsFor = (k) => types.get(k).roleOf && key === property;
      if (known.length > 0 && !known.some((k) => types.get(k).has(key) || standsFor(k))) {
        problems.push(`${path}: "${key}" is not a property of ${known.join(' or ')}`);
      }
      visit(value, `${path}.${key}`, key);
    }
  };
  visit(doc, String([doc['@type']].flat().join('+')));
  return problems;
}
