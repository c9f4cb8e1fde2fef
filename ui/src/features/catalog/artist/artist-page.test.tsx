import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeArtist } from '../../../test/fixtures';
import { api, type ArtistDetails, type Spell, type YearPrecision } from '../../../generated/contract';
import { artistFacts, formatDate, listenLabel, shareLinks, spellBar, spellText, yearText } from './artist-facts';
import { backTarget, favoritesMode, favoritesPager } from './artist-page';

const neighbors = { position: 7, total: 350, previousId: 41, nextId: 43 };
const related = [{ id: 7, title: 'Pearl Jam', imageUrl: null, genres: ['Grunge'] }];

const plainDetails: ArtistDetails = {
  imageCredit: null,
  beganOn: null,
  listen: [
    { service: 'spotify', url: 'https://open.spotify.com/artist/6olE6TJLqED3rqDCT0FyPh', search: false },
    { service: 'tidal', url: 'https://listen.tidal.com/artist/19368', search: false },
  ],
  albums: [],
  members: [],
  memberOf: [],
  timeline: null,
  wikidataId: null,
  musicbrainzId: null,
  sources: [],
  modifiedOn: null,
  endedOn: null,
  aliases: [],
  description: null,
};

const enrichedDetails: ArtistDetails = {
  ...plainDetails,
  imageCredit: {
    author: 'Carl Lender',
    license: 'CC BY-SA 4.0',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0',
    sourceUrl: 'https://commons.wikimedia.org/wiki/File:Nirvana.jpg',
  },
  beganOn: '1987-03',
  endedOn: '1994',
  description: 'American rock band',
  listen: [...plainDetails.listen, { service: 'apple', url: 'https://music.apple.com/us/search?term=Nirvana', search: true }],
  albums: [
    { title: 'Bleach', year: 1989, musicbrainzId: null },
    { title: 'Nevermind', year: 1991, musicbrainzId: null },
  ],
  members: [
    { name: 'Kurt Cobain', artistId: null, nameLanguage: null, roles: ['lead vocals', 'guitar'], spells: [{ from: 1987, fromPrecision: 'year', until: 1994, untilPrecision: 'year', current: false }] },
    { name: 'Dave Grohl', artistId: 9, nameLanguage: null, roles: ['drums'], spells: [{ from: 1990, fromPrecision: 'year', until: 1994, untilPrecision: 'year', current: false }] },
    // Named in Japanese only, left at an unknown date.
    { name: '坂本龍一', artistId: null, nameLanguage: 'ja', roles: [], spells: [{ from: 1987, fromPrecision: 'year', until: null, untilPrecision: 'year', current: false }] },
  ],
  timeline: { from: 1987, until: 1994 },
  wikidataId: 'Q11649',
  sources: [
    { name: 'Wikidata', url: 'https://www.wikidata.org/wiki/Q11649', facts: ['began', 'ended', 'links'], editors: false, date: '2026-11-20' },
    { name: 'MusicBrainz', url: null, facts: ['albums', 'members'], editors: false, date: '2026-11-21' },
  ],
};

function seeded(artist = makeArtist(), details: ArtistDetails = plainDetails) {
  return [
    { key: api.artist(artist.id), status: 200, body: artist },
    { key: api.neighbors(artist.id), status: 200, body: neighbors },
    { key: api.related(artist.id), status: 200, body: related },
    { key: api.artistDetails(artist.id), status: 200, body: details },
    { key: api.artistGenres(artist.id), status: 200, body: artist.genres.map((name) => ({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), artists: 3 })) },
  ];
}

describe('artist page', () => {
  it('renders the seeded artist', () => {
    renderApp('/artist/42', seeded());
    expect(screen.getByRole('heading', { level: 1, name: 'Nirvana' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Genres' })).getByText('Grunge')).toBeTruthy();
    expect(screen.getByText('Formed 1987 in Aberdeen, Washington')).toBeTruthy();
    expect(screen.getByText('7 / 350 artists', { normalizer: (s) => s.replace(/\s+/g, ' ').trim() })).toBeTruthy();
    expect(screen.getByText(/Nirvana was an American rock band/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Read full biography/ }).getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Nirvana_(band)');
    expect(screen.getByText('Smells Like Teen Spirit was named after a deodorant.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pearl Jam Grunge' })).toBeTruthy();
    expect(document.title).toBe('Nirvana - Sound Atlas');
  });

  it("links each genre chip to its genre's page, by the slug the server gave", () => {
    renderApp('/artist/42', seeded(makeArtist({ genres: ['Grunge', 'Alternative Rock'] })));
    const chips = within(screen.getByRole('list', { name: 'Genres' })).getAllByRole('link');
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('href')])).toEqual([
      ['Grunge', '/genre/grunge'],
      ['Alternative Rock', '/genre/alternative-rock'],
    ]);
  });

  it("links the artist's country and the decade it began in to their pages", () => {
    renderApp('/artist/42', seeded());
    expect(screen.getByRole('link', { name: 'More artists from United States' }).getAttribute('href')).toBe('/country/united-states');
    expect(screen.getByRole('link', { name: 'More artists born or formed in the 1980s' }).getAttribute('href')).toBe('/decade/1980s');
  });

  it('shows Listen On links only for present providers, as real external links', () => {
    renderApp('/artist/42', seeded());
    const section = screen.getByRole('heading', { name: 'Listen On' }).closest('section')!;
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Spotify', 'TIDAL']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('labels a link that opens a search as one', () => {
    renderApp('/artist/42', seeded(makeArtist(), enrichedDetails));
    const section = screen.getByRole('heading', { name: 'Listen On' }).closest('section')!;
    expect(within(section).getAllByRole('link').map((link) => link.textContent)).toEqual(['Spotify', 'TIDAL', 'Search on Apple Music']);
  });

  it('shows the photo credit, the date formed, the discography and the members as a list', () => {
    renderApp('/artist/42', seeded(makeArtist({ imageUrl: 'https://upload.wikimedia.org/wikipedia/commons/1/19/Nirvana.jpg' }), enrichedDetails));
    expect(screen.getByText('Source: Wikimedia')).toBeTruthy();
    const credit = screen.getByText(/^Photo:/);
    expect(within(credit).getByRole('link', { name: 'Carl Lender' }).getAttribute('href')).toBe('https://commons.wikimedia.org/wiki/File:Nirvana.jpg');
    expect(within(credit).getByRole('link', { name: 'CC BY-SA 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/4.0');
    expect(screen.getByText('Formed March 1987 in Aberdeen, Washington')).toBeTruthy();
    expect(screen.getByText('Disbanded 1994')).toBeTruthy();
    expect(screen.getByText('American rock band')).toBeTruthy();
    const albums = screen.getByRole('heading', { name: 'Discography' }).closest('section')!;
    expect(within(albums).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1989 Bleach', '1991 Nevermind']);
    const members = screen.getByRole('heading', { name: 'Members' }).closest('section')!;
    expect(within(members).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Kurt Cobain lead vocals, guitar · 1987–1994',
      'Dave Grohl drums · 1990–1994',
      '坂本龍一 from 1987',
    ]);
    // A name in another script is marked with its language for screen readers.
    expect(within(members).getByText('坂本龍一').getAttribute('lang')).toBe('ja');
    expect(within(members).getByText('Kurt Cobain').getAttribute('lang')).toBeNull();
    // A member with a page of their own links to it; the others are text.
    expect(within(members).getByRole('link', { name: 'Dave Grohl' }).getAttribute('href')).toBe('/artist/9');
    expect(within(members).queryByRole('link', { name: 'Kurt Cobain' })).toBeNull();
    // Where each enriched fact came from, and when it was read: one click to check it.
    const sources = screen.getByRole('heading', { name: 'Sources' }).closest('section')!;
    expect(within(sources).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Wikidata: formed, disbanded, links (read 20 November 2026)',
      'MusicBrainz: discography, members (read 21 November 2026)',
    ]);
    expect(within(sources).getByRole('link', { name: 'Wikidata' }).getAttribute('href')).toBe('https://www.wikidata.org/wiki/Q11649');
  });

  it("names whose each fact is: a service's read, the editors' written on their date, and the editors' undated last", () => {
    const details: ArtistDetails = {
      ...plainDetails,
      endedOn: '1996-09-13',
      sources: [
        { name: 'Wikidata', url: 'https://www.wikidata.org/wiki/Q6107', facts: ['ended'], editors: false, date: '2026-11-20' },
        { name: 'Sound Atlas editors', url: null, facts: ['began', 'origin', 'realName', 'genres', 'funFact'], editors: true, date: '2026-11-28' },
        { name: 'Sound Atlas editors', url: null, facts: ['biography'], editors: true, date: null },
      ],
    };
    renderApp('/artist/42', seeded(makeArtist({ kind: 'solo' }), details));
    const sources = screen.getByRole('heading', { name: 'Sources' }).closest('section')!;
    expect(within(sources).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Wikidata: died (read 20 November 2026)',
      'Sound Atlas editors: born, origin, real name, genres, fun fact (written 28 November 2026)',
      'Sound Atlas editors: biography',
    ]);
    // The dates are machine-readable too.
    expect(within(sources).getAllByText(/November 2026/).map((time) => time.getAttribute('datetime'))).toEqual(['2026-11-20', '2026-11-28']);
  });

  it("names the bands a person was in, each linked to its page", () => {
    renderApp('/artist/42', seeded(makeArtist({ kind: 'solo' }), { ...plainDetails, memberOf: [{ id: 3, title: 'Foo Fighters' }, { id: 4, title: 'Nirvana' }] }));
    expect(screen.getByRole('link', { name: 'Member of Foo Fighters' }).getAttribute('href')).toBe('/artist/3');
    expect(screen.getByRole('link', { name: 'Member of Nirvana' }).getAttribute('href')).toBe('/artist/4');
  });

  it('links MusicBrainz when its id is stored, even where MusicBrainz gave no fact', () => {
    const mbid = '5b11f4ce-a62d-471e-81fc-a69a8278c7da';
    renderApp('/artist/42', seeded(makeArtist(), { ...plainDetails, musicbrainzId: mbid }));
    const sources = screen.getByRole('heading', { name: 'Sources' }).closest('section')!;
    expect(within(sources).getAllByRole('listitem').map((item) => item.textContent)).toEqual(["MusicBrainz: the artist's page"]);
    expect(within(sources).getByRole('link', { name: 'MusicBrainz' }).getAttribute('href')).toBe(`https://musicbrainz.org/artist/${mbid}`);
  });

  it('hides Listen On when there are no links and says "No genres available"', () => {
    renderApp('/artist/42', seeded(makeArtist({ genres: [], spotifyLink: null, tidalLink: null, bio: null, bioSourceLink: null, funFact: null }), { ...plainDetails, listen: [] }));
    expect(screen.queryByRole('heading', { name: 'Discography' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sources' })).toBeNull();
    expect(screen.queryByText(/^Photo:/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Listen On' })).toBeNull();
    expect(screen.getByText('No genres available')).toBeTruthy();
    expect(screen.getByText('No biography available for this artist.')).toBeTruthy();
    expect(screen.queryByText('Fun Facts')).toBeNull();
  });

  it('shows the featured video link when soloVideoLink is present', () => {
    renderApp('/artist/42', seeded(makeArtist({ soloVideoLink: 'https://www.youtube.com/watch?v=hTWKbfoikeg' })));
    expect(screen.getByRole('link', { name: /Watch on YouTube/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=hTWKbfoikeg');
  });

  it('shows the not-found message for a 404', () => {
    renderApp('/artist/999', [
      { key: api.artist(999), status: 404, body: { status: 404, error: 'Not Found', message: 'This artist could not be found. It may have been removed or the ID is incorrect.' } },
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Not Found: This artist could not be found. It may have been removed or the ID is incorrect.');
  });

  it('shows the load error with Back to Home for other failures', () => {
    renderApp('/artist/5', [{ key: api.artist(5), status: 500, body: { status: 500, error: 'Internal Server Error', message: 'x' } }]);
    expect(screen.getByRole('alert').textContent).toContain('Error: Failed to load artist information. Please try again later.');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('marks Wikimedia images with a source badge', () => {
    renderApp('/artist/42', seeded(makeArtist({ imageUrl: '//upload.wikimedia.org/wikipedia/commons/1/19/Nirvana.jpg' })));
    expect(screen.getByText('Source: Wikimedia')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nirvana' }).getAttribute('src')).toBe('https://upload.wikimedia.org/wikipedia/commons/1/19/Nirvana.jpg');
  });
});

describe('artist helpers', () => {
  it('builds the facts line', () => {
    expect(artistFacts({ kind: 'solo', year: 1981, origin: 'Houston, Texas', realName: 'Beyoncé Giselle Knowles', title: 'Beyoncé' })).toEqual([
      'Born 1981 in Houston, Texas',
      'Real name: Beyoncé Giselle Knowles',
    ]);
    expect(artistFacts({ kind: 'band', year: null, origin: null, realName: null, title: 'X' })).toEqual([]);
  });

  it('writes dates to their precision and the born or formed date in the facts line', () => {
    expect(formatDate('1946-09-05')).toBe('5 September 1946');
    expect(formatDate('1946-09')).toBe('September 1946');
    expect(formatDate('1946')).toBe('1946');
    expect(artistFacts({ kind: 'solo', year: 1946, origin: null, realName: null, title: 'X' }, '1946-09-05')).toEqual(['Born 5 September 1946']);
    expect(artistFacts({ kind: 'solo', year: 1946, origin: 'London', realName: null, title: 'X' }, '1946-09-05', '1991-11-24')).toEqual([
      'Born 5 September 1946 in London',
      'Died 24 November 1991',
    ]);
    expect(artistFacts({ kind: 'band', year: 1960, origin: null, realName: null, title: 'X' }, null, '1970')).toEqual(['Formed 1960', 'Disbanded 1970']);
  });

  it('names a search link as a search', () => {
    expect(listenLabel({ service: 'amazon', url: 'https://music.amazon.com/artists/B0', search: false })).toBe('Amazon Music');
    expect(listenLabel({ service: 'tidal', url: 'https://tidal.com/search?q=x', search: true })).toBe('Search on TIDAL');
  });

  it('says and draws each spell of a member over the timeline', () => {
    const timeline = { from: 1970, until: 1979 };
    const spell = (from: number | null, until: number | null, current: boolean, precision: Partial<Pick<Spell, 'fromPrecision' | 'untilPrecision'>> = {}): Spell => ({
      from,
      until,
      current,
      fromPrecision: 'year',
      untilPrecision: 'year',
      ...precision,
    });
    expect(spellText(spell(1970, 1974, false))).toBe('1970–1974');
    expect(spellText(spell(1975, null, true))).toBe('since 1975');
    expect(spellText(spell(1975, null, false))).toBe('from 1975');
    expect(spellText(spell(null, 1971, false))).toBe('until 1971');
    expect(spellBar(spell(1970, 1974, false), timeline)).toEqual({ left: '0%', width: '50%' });
    expect(spellBar(spell(1975, null, true), timeline)).toEqual({ left: '50%', width: '50%' });
    expect(spellBar(spell(null, 1971, false), timeline)).toBeNull();
  });

  it('says an end known to the decade or century to its precision, an unknown end as "from"', () => {
    const spell = (from: number, until: number | null, untilPrecision: YearPrecision): Spell => ({ from, fromPrecision: 'year', until, untilPrecision, current: false });
    expect(spellText(spell(1975, 1980, 'decade'))).toBe('1975–1980s');
    expect(spellText(spell(1978, 1901, 'century'))).toBe('1978–20th century');
    expect(spellText(spell(1987, null, 'year'))).toBe('from 1987');
    expect(spellText({ from: 1960, fromPrecision: 'decade', until: null, untilPrecision: 'year', current: true })).toBe('since 1960s');
    expect(yearText(1801, 'century')).toBe('19th century');
    expect(yearText(2001, 'century')).toBe('21st century');
    expect(yearText(1101, 'century')).toBe('12th century');
  });

  it('goes back to the origin path, else favorites, else browse', () => {
    expect(backTarget({ from: '/search/rock' })).toBe('/search/rock');
    expect(backTarget({ mode: 'favorites' })).toBe('/favorites');
    expect(backTarget(null)).toBe('/browse');
    expect(backTarget({ from: '//evil.example' })).toBe('/browse');
  });

  it('gives every share link the url and title', () => {
    const links = shareLinks('https://soundatlas.test/artist/42', 'Nirvana');
    expect(links.map((l) => l.network)).toEqual(['facebook', 'x', 'whatsapp', 'reddit']);
    for (const link of links) expect(link.href).toContain('Nirvana');
    expect(links[3]!.href).toContain('title=Nirvana');
  });
});

describe('favorites mode', () => {
  it('is named by the query string, with an optional folder', () => {
    expect(favoritesMode(new URLSearchParams(''))).toBeNull();
    expect(favoritesMode(new URLSearchParams('list=favorites'))).toEqual({ folderId: null, back: '/favorites' });
    expect(favoritesMode(new URLSearchParams('list=favorites&folder=7'))).toEqual({ folderId: 7, back: '/favorites/folder/7' });
    expect(favoritesMode(new URLSearchParams('list=favorites&folder=x'))).toEqual({ folderId: null, back: '/favorites' });
  });

  it('runs prev/next through the list, wrapping around', () => {
    const list = [{ id: 5 }, { id: 9 }, { id: 2 }];
    expect(favoritesPager(list, 5)).toEqual({ position: 1, total: 3, previousId: 2, nextId: 9 });
    expect(favoritesPager(list, 2)).toEqual({ position: 3, total: 3, previousId: 9, nextId: 5 });
    expect(favoritesPager([{ id: 4 }], 4)).toEqual({ position: 1, total: 1, previousId: 4, nextId: 4 });
    expect(favoritesPager(list, 8)).toBeNull();
  });

  it('sends Back to the origin path first, then to the favorites', () => {
    expect(backTarget({ from: '/search/rock' }, '/favorites')).toBe('/search/rock');
    expect(backTarget(null, '/favorites/folder/7')).toBe('/favorites/folder/7');
  });
});
