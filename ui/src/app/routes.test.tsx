import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { renderPage } from '../entry.server';
import { api, routes as contract } from '../generated/contract';
import { makeArtist } from '../test/fixtures';
import { pages, routes } from './routes';

const state = (prefetched: Array<{ key: string; status: number; body: unknown }>) => ({
  prefetched,
  fetchedAt: 0,
  year: 2026,
  today: '2026-11-23',
  origin: 'https://soundatlas.test',
  affiliate: false,
  newSongsWindowWeeks: 8,
  dataSaver: false,
});

describe('the route table', () => {
  it('has one page for every route of the contract, matched by its href', () => {
    const samples: Record<keyof typeof contract, string> = {
      home: contract.home.href(),
      browse: contract.browse.href(),
      genre: contract.genre.href('r-and-b'),
      country: contract.country.href('united-kingdom'),
      decade: contract.decade.href('1990s'),
      artist: contract.artist.href(42),
      search: contract.search.href(),
      searchResults: contract.searchResults.href('AC/DC'),
      quiz: contract.quiz.href(),
      privacySettings: contract.privacySettings.href(),
      dataAccess: contract.dataAccess.href(),
      accountDeletion: contract.accountDeletion.href(),
      confirmEmail: contract.confirmEmail.href(),
      newPassword: contract.newPassword.href(),
      favorites: contract.favorites.href(),
      favoritesFolder: contract.favoritesFolder.href(7),
      articles: contract.articles.href(),
      article: contract.article.href(7),
      about: contract.about.href(),
      privacyPolicy: contract.privacyPolicy.href(),
      termsOfService: contract.termsOfService.href(),
    };
    for (const id of Object.keys(contract) as Array<keyof typeof contract>) {
      const first = matchRoutes(routes, samples[id])?.[0];
      expect(first?.route.Component, samples[id]).toBe(pages[id]);
    }
    expect(matchRoutes(routes, '/no/such/page')).toBeNull();
  });

  it('matches as the server routes: params decoded, static segments in any case, a trailing slash ignored', () => {
    const params = (pathname: string) => matchRoutes(routes, pathname)?.[0]?.params ?? null;
    expect(params('/search/AC%2FDC')).toEqual({ query: 'AC/DC' });
    expect(params('/search/%E0%A4%A')).toEqual({ query: '%E0%A4%A' });
    expect(matchRoutes(routes, '/Browse/')?.[0]?.route.Component).toBe(pages.browse);
    expect(matchRoutes(routes, '/')?.[0]?.route.Component).toBe(pages.home);
    expect(params('/artist')).toBeNull();
    expect(params('/artist/1/2')).toBeNull();
  });
});

describe('the privacy pages', () => {
  it.each(['/privacy-settings', '/data-access', '/account-deletion'])(
    'render %s signed out as "Login Required" from the server\'s answer alone',
    (url) => {
      const result = renderPage({ url, state: state([{ key: api.user(), status: 200, body: null }]) });
      expect(result).toMatchObject({ missed: [], unread: [] });
      expect(result.html).toContain('Login Required');
      expect(result.html).toContain('Back to Privacy Policy');
      expect(result.html).toContain('Go to Login');
    },
  );

  it('render the signed-in screen when the server says who is signed in', () => {
    const user = { key: api.user(), status: 200, body: { id: 1, email: 'fan@example.com' } };
    expect(renderPage({ url: '/data-access', state: state([user]) }).html).toContain('Download My Data');
    expect(renderPage({ url: '/account-deletion', state: state([user]) }).html).toContain('Go Back');
  });
});

describe('the server render', () => {
  it('reports a query the tree read that the server did not prefetch', () => {
    const result = renderPage({ url: '/', state: state([]) });
    expect(result.missed).toEqual([api.weeklyTopTen(), api.topTenWeeks(), api.randomArtist(), api.newSongs(), api.channelVideos(), api.articles()]);
    expect(result.html).toContain('aria-busy');
  });

  it('reports prefetched keys the tree never read', () => {
    const artist = makeArtist();
    const result = renderPage({
      url: '/',
      state: state([
        { key: api.randomArtist(), status: 200, body: artist },
        { key: api.weeklyTopTen(), status: 200, body: [] },
        { key: api.topTenWeeks(), status: 200, body: [] },
        { key: api.newSongs(), status: 200, body: [] },
        { key: api.channelVideos(), status: 200, body: [] },
        { key: api.articles(), status: 200, body: [] },
        { key: api.related(999), status: 200, body: [] },
      ]),
    });
    expect(result.missed).toEqual([]);
    expect(result.unread).toEqual([api.related(999)]);
  });

  it('does not count a disabled query as a miss', () => {
    const notFound = { status: 404, error: 'Not Found', message: 'gone' };
    const result = renderPage({ url: '/artist/999', state: state([{ key: api.artist(999), status: 404, body: notFound }]) });
    expect(result).toMatchObject({ missed: [], unread: [] });
  });
});
