import { describe, expect, it } from 'vitest';
import { renderPage } from '../entry.server';
import { api, operations, routes, viewerReads, type Prefetched } from '../generated/contract';
import { makeArticle } from '../features/content/content-fixtures';
import { makeArtist } from '../test/fixtures';

/**
 * Each page route of the contract names the API reads its first HTML carries, and the
 * server makes exactly those. These renders hold the UI to that list both ways: every
 * query a page's tree reads on the server must be one its route declares (or one of the
 * signed-in visitor's, which every page carries), and every read a route declares must
 * be one its tree makes in some visit (a read the tree stopped making is a read the
 * server would make for nothing).
 */

type RouteId = keyof typeof routes;

/** A visitor's page, signed out. */
const nobody: Prefetched = { key: api.user(), status: 200, body: null };

type Sample = { url: string; answers?: Prefetched[] };

/**
 * A page's addresses, and answers that let its tree go on to the reads that wait for
 * them: together they make every read the route declares.
 */
const samples: Record<RouteId, Sample[]> = {
  home: [
    { url: '/?week=2026-11-16' },
    // A week without a list: the newest list is read instead.
    { url: '/?week=2026-11-16', answers: [{ key: api.weeklyTopTenOf('2026-11-16'), status: 404, body: null }] },
  ],
  browse: [{ url: '/browse?letter=B&from=2&page=3' }, { url: '/browse?country=japan&letter=B' }],
  genre: [{ url: '/genre/rock?page=2' }],
  country: [{ url: '/country/united-kingdom?from=2&page=3' }],
  decade: [{ url: '/decade/1960s?page=2' }],
  artist: [
    {
      url: '/artist/42',
      answers: [{ key: api.artist(42), status: 200, body: makeArtist({ id: 42, soloVideoLink: 'https://www.youtube.com/@queen' }) }],
    },
  ],
  search: [{ url: '/search' }],
  searchResults: [
    {
      url: '/search/queen?page=2',
      answers: [{ key: api.searchCards('queen', 1), status: 200, body: { artists: [], total: 13 } }],
    },
  ],
  quiz: [{ url: '/quiz?seed=abc123' }],
  privacySettings: [{ url: '/privacy-settings', answers: [nobody] }],
  dataAccess: [{ url: '/data-access', answers: [nobody] }],
  accountDeletion: [{ url: '/account-deletion', answers: [nobody] }],
  confirmEmail: [{ url: '/confirm-email?token=t' }],
  newPassword: [{ url: '/new-password?token=t' }],
  favorites: [{ url: '/favorites', answers: [nobody] }],
  favoritesFolder: [{ url: '/favorites/folder/7', answers: [nobody] }],
  articles: [{ url: '/articles' }],
  article: [{ url: '/articles/7', answers: [{ key: api.article(7), status: 200, body: makeArticle({ id: 7 }) }] }],
  about: [{ url: '/about' }],
  privacyPolicy: [{ url: '/privacy-policy' }],
  termsOfService: [{ url: '/terms-of-service' }],
};

/** The operation a query key reads: the template it fills, the most literal one when several do. */
function operationOf(key: string): string | undefined {
  let best: { name: string; literal: number } | undefined;
  for (const [name, op] of Object.entries(operations)) {
    if (op.method !== 'GET') continue;
    const pattern = op.template
      .split(/\{[^}]+\}/)
      .map((text) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/?&]+');
    const literal = op.template.replace(/\{[^}]+\}/g, '').length;
    if (new RegExp(`^${pattern}$`).test(key) && (!best || literal > best.literal)) best = { name, literal };
  }
  return best?.name;
}

const state = (prefetched: Prefetched[]) => ({
  prefetched,
  fetchedAt: 0,
  year: 2026,
  today: '2026-11-27',
  origin: 'https://soundatlas.test',
  affiliate: false,
  newSongsWindowWeeks: 8,
  dataSaver: false,
});

describe("a page's reads", () => {
  it('finds the operation a key reads', () => {
    expect(operationOf(api.randomArtist())).toBe('randomArtist');
    expect(operationOf(api.artist(7))).toBe('artist');
    expect(operationOf(api.weeklyTopTenOf('2026-11-16'))).toBe('weeklyTopTenOf');
    expect(operationOf(api.weeklyTopTen())).toBe('weeklyTopTen');
    expect(operationOf('/api/nothing')).toBeUndefined();
  });

  /** The operations a visit's tree reads on the server. */
  function readsOf({ url, answers = [] }: Sample): string[] {
    const { missed, unread } = renderPage({ url, state: state(answers) });
    const seededAndRead = answers.map((answer) => answer.key).filter((key) => !unread.includes(key));
    return [...missed, ...seededAndRead].map((key) => operationOf(key) ?? key);
  }

  it.each(Object.keys(samples) as RouteId[])('%s reads only what its route declares, and all of it', (id) => {
    const declared = new Set<string>([...routes[id].reads, ...viewerReads]);
    const read = new Set(samples[id].flatMap(readsOf));
    expect([...read].filter((name) => !declared.has(name))).toEqual([]);
    expect(routes[id].reads.filter((name) => !read.has(name))).toEqual([]);
  });
});
