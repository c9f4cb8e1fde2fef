// A deterministic synthetic entity dump of the open knowledge base, in the dump's own
// shape (a JSON array, one entity per line, each line but the last ending with a
// comma), for measuring `sound-atlas import wikidata-dump` at sizes the tests never
// reach:
//   node e2e/perf/synthetic-wikidata-dump.mjs 100000 | gzip -1 > /tmp/dump-100k.json.gz
// N entities: genres and places (named by the artists by id, some before and some
// after them), bands and musicians with an English article, and the items an import
// leaves out (people in other trades, groups without an English article). Every item is
// made up (ids from Q900000000 up, so none is a real item); the same N always writes
// the same bytes.
import { pathToFileURL } from 'node:url';
import { generator } from './synthetic-catalogue.mjs';

const WORDS = ['Velvet', 'Electric', 'Silver', 'Midnight', 'Golden', 'Broken', 'Neon', 'Paper', 'Iron', 'Crystal',
  'Wild', 'Quiet', 'Burning', 'Atomic', 'Blue', 'Scarlet', 'Hollow', 'Young', 'Ocean', 'Jade'];
const NOUNS = ['Foxes', 'Rivers', 'Echoes', 'Machines', 'Hearts', 'Wolves', 'Lights', 'Sparrows', 'Drums', 'Ghosts'];
const GROUPS = ['Q215380', 'Q5741069', 'Q9212979'];
const MUSIC = ['Q639669', 'Q177220', 'Q2252262', 'Q36834', 'Q488205'];
const BASE = 900000000;

const snak = (p, value, type, datatype) => ({ snaktype: 'value', property: p, datavalue: { value, type }, datatype });
const statement = (p, value, type, datatype, extra = {}) => ({ mainsnak: snak(p, value, type, datatype), type: 'statement', rank: 'normal', ...extra });
const item = (p, id) => statement(p, { 'entity-type': 'item', 'numeric-id': Number(id.slice(1)), id }, 'wikibase-entityid', 'wikibase-item');
const time = (p, value, precision) => statement(p, { time: value, timezone: 0, before: 0, after: 0, precision, calendarmodel: 'http://www.wikidata.org/entity/Q1985727' }, 'time', 'time');

// An artist's item in the real dump carries labels and sitelinks in dozens of
// languages and statements with references; the artists here carry a share of that
// (about 10 kB a line), so parsing costs what it costs on the real dump.
const LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'ru', 'sv', 'ja', 'zh', 'fi', 'da', 'no', 'cs', 'hu',
  'tr', 'uk', 'ca', 'ko'];
const reference = (p, value) => ({ hash: '0'.repeat(40), snaks: { P248: [snak('P248', { 'entity-type': 'item', 'numeric-id': 36578, id: 'Q36578' }, 'wikibase-entityid', 'wikibase-item')],
  P813: [snak('P813', { time: '+2026-01-01T00:00:00Z', timezone: 0, before: 0, after: 0, precision: 11, calendarmodel: 'http://www.wikidata.org/entity/Q1985727' }, 'time', 'time')] }, 'snaks-order': ['P248', 'P813'] });

function entity(id, label, claims, enwiki) {
  const labels = { en: { language: 'en', value: label } };
  const sitelinks = {};
  const descriptions = { en: { language: 'en', value: 'made up for a benchmark' } };
  if (enwiki !== undefined) {
    for (const lang of LANGUAGES) {
      labels[lang] = { language: lang, value: label };
      descriptions[lang] = { language: lang, value: `made up for a benchmark (${lang})` };
      sitelinks[`${lang}wiki`] = { site: `${lang}wiki`, title: label, badges: [] };
    }
    for (const list of Object.values(claims)) for (const claim of list) claim.references = [reference()];
    claims.P214 = [statement('P214', `${id.slice(1)}123`, 'string', 'external-id', { references: [reference()] })];
    claims.P646 = [statement('P646', `/m/0${id.slice(1)}`, 'string', 'external-id', { references: [reference()] })];
  }
  if (enwiki) sitelinks.enwiki = { site: 'enwiki', title: enwiki, badges: [] };
  return { type: 'item', id, labels, descriptions, aliases: {}, claims, sitelinks, lastrevid: 1 };
}

/** The dump's lines for `count` entities. */
export function* syntheticDump(count) {
  const random = generator(count);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const genres = Math.max(1, Math.floor(count / 500));
  const places = Math.max(1, Math.floor(count / 200));
  const genreId = (n) => `Q${BASE + n}`;
  const placeId = (n) => `Q${BASE + genres + n}`;
  // Half the genres and places come first, the rest after the artists.
  const named = (n, first, label, cls) => entity(first(n), `${label} ${n}`, { P31: [item('P31', cls)] });
  const early = [];
  const late = [];
  for (let n = 0; n < genres; n += 1) (n % 2 ? late : early).push(named(n, genreId, 'synthetic genre', 'Q188451'));
  for (let n = 0; n < places; n += 1) (n % 2 ? late : early).push(named(n, placeId, 'Synthetic Town', 'Q515'));
  const artists = count - early.length - late.length;
  yield '[';
  const emit = function* (e, last) {
    yield JSON.stringify(e) + (last ? '' : ',');
  };
  for (const e of early) yield* emit(e, false);
  for (let i = 0; i < artists; i += 1) {
    const id = `Q${BASE + genres + places + i}`;
    const name = `${pick(WORDS)} ${pick(NOUNS)} ${i}`;
    const kind = random();
    const claims = { P136: [item('P136', genreId(Math.floor(random() * genres))), item('P136', genreId(Math.floor(random() * genres)))] };
    let enwiki = name;
    if (kind < 0.4) {
      claims.P31 = [item('P31', pick(GROUPS))];
      claims.P571 = [time('P571', `+${1950 + Math.floor(random() * 70)}-00-00T00:00:00Z`, 9)];
      claims.P740 = [item('P740', placeId(Math.floor(random() * places)))];
      if (random() < 0.1) enwiki = null;
    } else {
      claims.P31 = [item('P31', 'Q5')];
      claims.P106 = [item('P106', kind < 0.9 ? pick(MUSIC) : 'Q82955')];
      const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
      claims.P569 = [time('P569', `+${1930 + Math.floor(random() * 70)}-${month}-15T00:00:00Z`, 11)];
      claims.P19 = [item('P19', placeId(Math.floor(random() * places)))];
    }
    yield* emit(entity(id, name, claims, enwiki), false);
  }
  for (let n = 0; n < late.length; n += 1) yield* emit(late[n], n === late.length - 1);
  yield ']';
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 4) {
    console.error('usage: node e2e/perf/synthetic-wikidata-dump.mjs <entities>');
    process.exit(2);
  }
  for (const line of syntheticDump(count)) {
    if (!process.stdout.write(`${line}\n`)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
