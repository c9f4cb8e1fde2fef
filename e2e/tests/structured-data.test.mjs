// Structured data that validates: every JSON-LD block the real server writes uses only
// types and properties schema.org defines for its type (the vocabulary of the
// `schema-dts` package, see support/schema-vocabulary.mjs). Walked on every page in the
// sitemap (home, every browse letter, every artist page: bands and solo artists, and
// any page a later feature lists there), plus the pages crawlers reach otherwise.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { jsonLdProblems, loadVocabulary } from '../support/schema-vocabulary.mjs';
import { artistByTitle } from './browser-helpers.mjs';
import { addEnrichedArtist } from '../support/enriched-artist.mjs';

let site;
let vocabulary;
before(async () => {
  vocabulary = loadVocabulary();
  site = await start();
});
after(async () => {
  await site?.stop();
});

/** The JSON-LD documents in a page's raw HTML (as a crawler reads it, before any script). */
async function jsonLdOf(path) {
  const response = await fetch(`${site.origin}${path}`);
  const html = await response.text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

async function problemsOf(path) {
  return (await jsonLdOf(path)).flatMap((doc) => jsonLdProblems(doc, vocabulary).map((p) => `${path}: ${p}`));
}

test('the vocabulary is read from the package: types with their inherited properties', () => {
  assert.ok(vocabulary.size > 500, `${vocabulary.size} types`);
  assert.ok(vocabulary.get('MusicGroup').has('genre'), 'MusicGroup has genre');
  assert.ok(vocabulary.get('MusicGroup').has('name'), 'MusicGroup inherits name from Thing');
  assert.ok(!vocabulary.get('Person').has('genre'), 'Person has no genre');
  assert.ok(vocabulary.get('SearchAction').has('query-input'), 'Actions take <prop>-input');
  // The checker catches the mistakes once made here: genre on a plain Person, an unknown type.
  assert.deepEqual(jsonLdProblems({ '@context': 'https://schema.org', '@type': 'Person', name: 'x', genre: ['Pop'] }, vocabulary), [
    'Person: "genre" is not a property of Person',
  ]);
  assert.deepEqual(jsonLdProblems({ '@context': 'https://schema.org', '@type': 'Rockstar', name: 'x' }, vocabulary), ['Rockstar: unknown type Rockstar']);
});

test('a band and a solo artist carry valid MusicGroup / Person JSON-LD', async () => {
  const band = await artistByTitle(site, 'The Beatles');
  const solo = await artistByTitle(site, 'Adele');
  for (const artist of [band, solo]) {
    const path = `/artist/${artist.id}`;
    const docs = await jsonLdOf(path);
    const types = docs.map((d) => d['@type']);
    assert.deepEqual(types, [artist.kind === 'band' ? 'MusicGroup' : ['Person', 'MusicGroup'], 'BreadcrumbList'], path);
    assert.ok(docs[0].genre.length > 0, `${path}: genres are in the data`);
    assert.deepEqual(await problemsOf(path), []);
  }
});

test('an enriched band carries sameAs, its dissolution, other name and description, member roles and albums, all valid', async () => {
  const path = `/artist/${await addEnrichedArtist(site)}`;
  const [group] = await jsonLdOf(path);
  assert.ok(group.sameAs.includes('https://www.wikidata.org/wiki/Q999001'), `${path}: ${group.sameAs}`);
  assert.equal(group.dissolutionDate, '1995', `${path}: dissolved`);
  assert.equal(group.alternateName, 'The Enriched Fixtures', `${path}: its alias`);
  assert.equal(group.disambiguatingDescription, "fixture band for the pages' checks", `${path}: its description`);
  assert.deepEqual(group.member.map((m) => [m['@type'], m.member.name, m.startDate, m.endDate]), [
    ['OrganizationRole', 'Ada Fixture', '1970', undefined],
    ['OrganizationRole', 'Ben Fixture', '1970', '1991'],
  ]);
  assert.deepEqual(group.album.map((a) => [a['@type'], a.name, a.datePublished]), [
    ['MusicAlbum', 'First Record', '1973'],
    ['MusicAlbum', 'Second Record', '1974'],
  ]);
  assert.equal(group.image['@type'], 'ImageObject');
  assert.deepEqual(await problemsOf(path), []);
  // A role takes the property it stands for, and no other that its type lacks.
  const role = { '@type': 'OrganizationRole', member: { '@type': 'Person', name: 'x' }, album: 'y' };
  assert.deepEqual(jsonLdProblems({ '@context': 'https://schema.org', '@type': 'MusicGroup', name: 'z', member: role }, vocabulary), [
    'MusicGroup.member: "album" is not a property of OrganizationRole',
  ]);
});

test('the home page\'s WebSite and the browse BreadcrumbList are valid', async () => {
  const [website] = await jsonLdOf('/');
  assert.equal(website['@type'], 'WebSite');
  assert.equal(website.name, 'Sound Atlas');
  assert.equal(website.alternateName, 'SoundAtlas');
  assert.equal(website.url, `${site.origin}/`);
  for (const path of ['/browse', '/browse?letter=B&page=2', '/browse?letter=T&from=2', '/browse?letter=%23']) {
    const docs = await jsonLdOf(path);
    assert.deepEqual(docs.map((d) => d['@type']), ['BreadcrumbList'], path);
  }
  assert.deepEqual([...(await problemsOf('/')), ...(await problemsOf('/browse?letter=B'))], []);
});

test("a genre's pages carry a valid CollectionPage of the artists shown and a BreadcrumbList", async () => {
  for (const [path, first] of [['/genre/pop', 1], ['/genre/pop?from=2', 13]]) {
    const docs = await jsonLdOf(path);
    assert.deepEqual(docs.map((d) => d['@type']), ['CollectionPage', 'BreadcrumbList'], path);
    const items = docs[0].mainEntity.itemListElement;
    assert.equal(items.length, 12, path);
    assert.equal(items[0].position, first, path);
    assert.match(items[0].url, new RegExp(`^${site.origin}/artist/\\d+$`), path);
    assert.equal(docs[1].itemListElement.at(-1).name, 'Pop', path);
    assert.deepEqual(await problemsOf(path), [], path);
  }
});

test("a country's and a decade's pages carry a valid CollectionPage and BreadcrumbList; browse in a country a BreadcrumbList", async () => {
  for (const [path, first, name] of [
    ['/country/united-kingdom', 1, 'United Kingdom'],
    ['/decade/1960s?from=2', 13, '1960s'],
  ]) {
    const docs = await jsonLdOf(path);
    assert.deepEqual(docs.map((d) => d['@type']), ['CollectionPage', 'BreadcrumbList'], path);
    assert.equal(docs[0].mainEntity.itemListElement[0].position, first, path);
    assert.equal(docs[1].itemListElement.at(-1).name, name, path);
    assert.deepEqual(await problemsOf(path), [], path);
  }
  const filtered = '/browse?country=united-kingdom&letter=T';
  assert.deepEqual((await jsonLdOf(filtered)).map((d) => d['@type']), ['BreadcrumbList']);
  assert.deepEqual(await problemsOf(filtered), []);
});

test('the quiz carries valid Quiz JSON-LD', async () => {
  const docs = await jsonLdOf('/quiz');
  assert.deepEqual(docs.map((d) => d['@type']), ['Quiz']);
  assert.deepEqual(await problemsOf('/quiz'), []);
});

test('an article carries valid Article (or NewsArticle) and BreadcrumbList JSON-LD', async () => {
  const articles = await (await fetch(`${site.origin}/api/articles`)).json();
  const news = articles.find((a) => a.category === 'News & Updates');
  const spotlight = articles.find((a) => a.category === 'Artist Spotlight');
  for (const [article, kind] of [
    [news, 'NewsArticle'],
    [spotlight, 'Article'],
  ]) {
    const path = `/articles/${article.id}`;
    const docs = await jsonLdOf(path);
    assert.deepEqual(docs.map((d) => d['@type']), [kind, 'BreadcrumbList'], path);
    assert.equal(docs[0].headline, article.title);
    assert.deepEqual(await problemsOf(path), []);
  }
  for (const path of ['/articles', '/about', '/privacy-policy', '/terms-of-service']) assert.deepEqual(await problemsOf(path), [], path);
});

test('every page in the sitemap, and the search and error pages, emit only valid JSON-LD', async () => {
  // The sitemap is an index: every page is in one of the child sitemaps it names.
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll('&amp;', '&')));
  const index = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  assert.match(index, /<sitemapindex/);
  const paths = [];
  for (const child of locs(index)) {
    const sitemap = await (await fetch(child)).text();
    paths.push(...locs(sitemap).map((url) => url.pathname + url.search));
  }
  for (const kind of ['/articles/', '/artist/', '/genre/', '/country/', '/decade/', '/about', '/privacy-policy', '/terms-of-service']) {
    assert.ok(paths.some((p) => p.startsWith(kind)), `the sitemap lists ${kind}`);
  }
  assert.ok(paths.length > 300, `${paths.length} pages in the sitemap`);
  paths.push('/search', '/search/rock', '/search/qqqqzzzzxxxx', '/artist/999999', '/articles/999999', '/no/such/page');
  const problems = [];
  let blocks = 0;
  // A few at a time: the server shares the machine with the test.
  for (let i = 0; i < paths.length; i += 4) {
    const batch = paths.slice(i, i + 4);
    const results = await Promise.all(batch.map(async (path) => {
      const docs = await jsonLdOf(path);
      blocks += docs.length;
      return docs.flatMap((doc) => jsonLdProblems(doc, vocabulary).map((p) => `${path}: ${p}`));
    }));
    problems.push(...results.flat());
  }
  assert.deepEqual(problems, []);
  assert.ok(blocks >= paths.length - 6, `${blocks} JSON-LD blocks checked`);
});
