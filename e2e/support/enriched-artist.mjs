// An enriched artist for the pages' checks: a fixture band imported with the binary's
// importer, then read by its `enrich` subcommand from a local fake of the knowledge
// base, Commons and MusicBrainz (answering as those services document; nothing here is
// a real artist's data), so its page shows the photo credit, the listen links, the
// discography and the members' timeline.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allArtists, until } from './harness.mjs';

export const ENRICHED_TITLE = 'Fixture Enriched Band';
const MBID = '0383dadf-2a4e-4d10-a46a-e9e041da8eb3';

const snak = (property, value, type) => ({ snaktype: 'value', property, datavalue: { value, type } });
const claim = (property, value, type = 'string') => ({ mainsnak: snak(property, value, type), type: 'statement', rank: 'normal' });
const year = (y) => ({ time: `+${y}-00-00T00:00:00Z`, timezone: 0, before: 0, after: 0, precision: 9, calendarmodel: 'http://www.wikidata.org/entity/Q1985727' });

const item = {
  type: 'item',
  id: 'Q999001',
  sitelinks: { enwiki: { site: 'enwiki', title: ENRICHED_TITLE, badges: [] } },
  aliases: { en: [{ language: 'en', value: 'The Enriched Fixtures' }] },
  descriptions: { en: { language: 'en', value: 'fixture band for the pages\' checks' } },
  claims: {
    P18: [claim('P18', 'Fixture Enriched Band.jpg')],
    P434: [claim('P434', MBID)],
    P1902: [claim('P1902', '1dfeR4HaWDbWqFHLkxsg1d')],
    P571: [claim('P571', year(1970), 'time')],
    P576: [claim('P576', year(1995), 'time')],
  },
};

const musicbrainzArtist = {
  id: MBID,
  name: ENRICHED_TITLE,
  type: 'Group',
  'life-span': { begin: '1970', ended: false },
  'release-groups': [
    { id: 'rg-1', title: 'First Record', 'primary-type': 'Album', 'secondary-types': [], 'first-release-date': '1973-07-13' },
    { id: 'rg-2', title: 'Live Somewhere', 'primary-type': 'Album', 'secondary-types': ['Live'], 'first-release-date': '1979' },
    { id: 'rg-3', title: 'Second Record', 'primary-type': 'Album', 'secondary-types': [], 'first-release-date': '1974-03-08' },
  ],
  relations: [
    { type: 'member of band', direction: 'backward', 'target-type': 'artist', begin: '1970', end: null, ended: false, attributes: ['lead vocals', 'piano'], artist: { id: 'a1', name: 'Ada Fixture' } },
    { type: 'member of band', direction: 'backward', 'target-type': 'artist', begin: '1970', end: '1991', ended: true, attributes: ['guitar'], artist: { id: 'a2', name: 'Ben Fixture' } },
  ],
};

function image(title) {
  if (title !== `File:${item.claims.P18[0].mainsnak.datavalue.value}`) return { ns: 6, title, missing: true };
  const file = title.slice(5).replaceAll(' ', '_');
  return {
    ns: 6,
    title,
    imageinfo: [
      {
        url: `https://upload.wikimedia.org/wikipedia/commons/a/ab/${file}`,
        thumburl: `https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/${file}/960px-${file}`,
        descriptionurl: `https://commons.wikimedia.org/wiki/File:${file}`,
        extmetadata: {
          Artist: { value: '<a href="//commons.wikimedia.org/wiki/User:Fixture">Fixture Photographer</a>' },
          LicenseShortName: { value: 'CC BY-SA 4.0' },
          LicenseUrl: { value: 'https://creativecommons.org/licenses/by-sa/4.0' },
          NonFree: { value: 'false' },
        },
      },
    ],
  };
}

function answer(url) {
  const q = url.searchParams;
  if (url.pathname === '/w/api.php' && q.get('action') === 'wbgetentities') {
    const entities = {};
    (q.get('titles') ?? '').split('|').forEach((title, i) => {
      entities[title === ENRICHED_TITLE ? item.id : `-${i + 1}`] = title === ENRICHED_TITLE ? item : { site: 'enwiki', title, missing: '' };
    });
    return { entities, success: 1 };
  }
  // The encyclopedia's action API: the fixture's title is an article, no redirect.
  if (url.pathname === '/enwiki/api.php' && q.get('action') === 'query') {
    return { batchcomplete: true, query: { pages: (q.get('titles') ?? '').split('|').map((title, i) => ({ pageid: i + 1, ns: 0, title })) } };
  }
  if (url.pathname === '/commons/api.php') return { batchcomplete: true, query: { pages: (q.get('titles') ?? '').split('|').map(image) } };
  if (url.pathname === `/ws/2/artist/${MBID}`) return musicbrainzArtist;
  return null;
}

/** Adds the enriched fixture band to the site's catalogue; resolves with its id. */
export async function addEnrichedArtist(site) {
  const fake = createServer((req, res) => {
    const body = answer(new URL(req.url, 'http://fake'));
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'Not Found' }));
  });
  await new Promise((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${fake.address().port}`;
  const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-enriched-'));
  try {
    const csv = join(dir, 'artists.csv');
    writeFileSync(
      csv,
      'title,kind,genres,bioSourceLink,bio\n' +
        `${ENRICHED_TITLE},band,Rock,https://en.wikipedia.org/wiki/${ENRICHED_TITLE.replaceAll(' ', '_')},"${ENRICHED_TITLE} is a band made up for the end-to-end tests."\n`,
    );
    await site.command(['import', 'artists', csv]);
    await site.command(['enrich', '--wikidata-api', `${base}/w/api.php`, '--commons-api', `${base}/commons/api.php`, '--musicbrainz-api', `${base}/ws/2`, '--summary-api', base, '--encyclopedia-api', `${base}/enwiki/api.php`]);
  } finally {
    fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // The running server rereads its catalogue on a refresh (at most every 10 seconds).
  return until(
    'the enriched artist in the catalogue',
    async () => {
      const hits = await allArtists(site.origin, { refresh: true });
      return hits.find((a) => a.title === ENRICHED_TITLE)?.id;
    },
    30_000,
  );
}
