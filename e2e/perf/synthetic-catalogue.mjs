// A deterministic synthetic catalogue of N artists as the artist importer's CSV, for
// measuring the import and the server at sizes the seed never reaches:
//   node e2e/perf/synthetic-catalogue.mjs 100000 > /tmp/artists-100k.csv
//   sound-atlas import artists /tmp/artists-100k.csv
// The same N always writes the same bytes (a seeded generator, no clock). Every artist
// is made up and says so in its biography; nothing here is real data and none of it is
// ever seeded. Titles are unique (a number ends each), start with every browse letter
// and digits in uneven shares, as real catalogues do, and share words, so searches
// match many artists.
import { pathToFileURL } from 'node:url';

export const FIRST = ['The', 'Velvet', 'Electric', 'Silver', 'Midnight', 'Golden', 'Broken', 'Neon', 'Paper', 'Iron',
  'Crystal', 'Wild', 'Quiet', 'Burning', 'Lonely', 'Atomic', 'Blue', 'Scarlet', 'Hollow', 'Young', 'Kid', 'DJ',
  'MC', 'Lady', 'Uncle', 'Zero', 'Xenon', 'Yellow', 'Ocean', 'Jade', 'Northern', 'Eastern', '99', 'Gravity', 'Funky'];
export const SECOND = ['Foxes', 'Rivers', 'Echoes', 'Machines', 'Hearts', 'Wolves', 'Lights', 'Sparrows', 'Drums', 'Ghosts',
  'Kings', 'Saints', 'Tigers', 'Waves', 'Mirrors', 'Satellites', 'Roses', 'Engines', 'Shadows', 'Pilots'];
const GENRES = ['Rock', 'Pop', 'Hip-Hop', 'Jazz', 'Blues', 'Soul', 'Funk', 'Country', 'Folk', 'Metal', 'Punk',
  'Reggae', 'Electronic', 'House', 'Techno', 'Classical', 'R&B', 'Disco', 'Gospel', 'Indie Rock', 'Alternative',
  'Grunge', 'Ska', 'Latin', 'Afrobeat', 'K-Pop', 'Synth-pop', 'Ambient', 'Trap', 'Bossa Nova'];

// Countries in uneven shares, as real catalogues have them: the largest takes about two
// fifths of the artists (the deepest country pages), the smallest a few in a thousand.
const COUNTRIES = [['United States', 40], ['United Kingdom', 15], ['Germany', 6], ['Japan', 6], ['France', 5],
  ['Canada', 4], ['Sweden', 3], ['Brazil', 3], ['Australia', 3], ['Italy', 2], ['Spain', 2], ['Mexico', 2],
  ['South Korea', 2], ['Netherlands', 1], ['Norway', 1], ['Nigeria', 1], ['Jamaica', 1], ['Ireland', 1],
  ['Argentina', 1], ['India', 1]];
const COUNTRY_WEIGHT = COUNTRIES.reduce((sum, [, weight]) => sum + weight, 0);

/** mulberry32: a small seeded generator, so every run writes the same catalogue. */
export function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quote = (cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The CSV lines of `count` artists (the header first), one string per line. */
export function* syntheticCatalogue(count) {
  const random = generator(count);
  const pick = (list) => list[Math.floor(random() * list.length)];
  // Its own generator, so the earlier columns stay as they were written before it.
  const where = generator(count ^ 0x5eed);
  const country = () => {
    let at = where() * COUNTRY_WEIGHT;
    return COUNTRIES.find(([, weight]) => (at -= weight) < 0)?.[0] ?? COUNTRIES[0][0];
  };
  yield 'title,kind,genres,bio,bioSourceLink,country,year';
  for (let i = 1; i <= count; i += 1) {
    const title = `${pick(FIRST)} ${pick(SECOND)} ${i}`;
    const genres = [...new Set([pick(GENRES), pick(GENRES), pick(GENRES)].slice(0, 1 + Math.floor(random() * 3)))];
    const kind = random() < 0.4 ? 'solo' : 'band';
    const year = 1950 + Math.floor(random() * 75);
    const bio = `${title} is a made-up ${kind === 'solo' ? 'artist' : 'band'} of the synthetic benchmark catalogue, playing ${genres.join(' and ')} since ${year}.`;
    const link = `https://example.org/synthetic/${i}`;
    yield [title, kind, JSON.stringify(genres), bio, link, country(), String(year)].map(quote).join(',');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) {
    console.error('usage: node e2e/perf/synthetic-catalogue.mjs <number of artists> > artists.csv');
    process.exit(2);
  }
  let chunk = '';
  for (const line of syntheticCatalogue(count)) {
    chunk += `${line}\n`;
    if (chunk.length > 1 << 16) {
      if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      chunk = '';
    }
  }
  process.stdout.write(chunk);
}
