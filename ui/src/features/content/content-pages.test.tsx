import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../generated/contract';
import { VIDEO_OVERLAY_EVENT, type VideoOverlayRequest } from '../../lib/events';
import { renderApp } from '../../test/render-app';
import { makeArtist } from '../../test/fixtures';
import { cardOf, channelVideos, makeArticle, newSongs, topTen } from './content-fixtures';
import { cardTags } from './article-card';
import { moreInCategory, productsOf } from './article-page';
import { REFRESH_SPINNER_MS } from './home-sections';
import { categoryFromParam, formatDate } from './queries';
import categoryCases from '../../generated/article-category.cases.json';

const articles = [
  makeArticle({ id: 7 }),
  makeArticle({ id: 8, title: 'Gear for Beginners', category: 'Equipment & Gear', tags: 'Gear' }),
  makeArticle({ id: 9, title: 'Another Spotlight' }),
  makeArticle({ id: 10, title: 'Spotlight Three' }),
  makeArticle({ id: 11, title: 'Spotlight Four' }),
  makeArticle({ id: 12, title: 'Spotlight Five' }),
];

const picksWeek = { weekOf: '2026-11-23', source: 'Sound Atlas', picks: true };
const pastWeek = { weekOf: '2026-11-16', source: 'Test Chart', picks: false };

function homeData(overrides: Record<string, { status: number; body: unknown }> = {}) {
  const base: Record<string, { status: number; body: unknown }> = {
    [api.randomArtist()]: { status: 200, body: makeArtist() },
    [api.weeklyTopTen()]: { status: 200, body: topTen },
    [api.topTenWeeks()]: { status: 200, body: [picksWeek] },
    [api.newSongs()]: { status: 200, body: newSongs },
    [api.channelVideos()]: { status: 200, body: channelVideos },
    [api.articles()]: { status: 200, body: articles.map(cardOf) },
    ...overrides,
  };
  return Object.entries(base).map(([key, value]) => ({ key, ...value }));
}

const failure = { status: 500, body: { status: 500, error: 'Internal Server Error', message: 'x' } };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home content sections', () => {
  it('says Brand New Songs shows the latest releases when none falls in the window, and says nothing when one does', () => {
    const section = () => screen.getByRole('region', { name: 'Brand New Songs' });
    // The fixture's song came out on 2024-10-18.
    for (const [today, weeks, note] of [
      ['2025-11-21', 8, 'Nothing released in the last 8 weeks. Here are the latest releases we have, newest first.'],
      ['2024-10-26', 1, 'Nothing released in the last week. Here are the latest releases we have, newest first.'],
      ['2024-10-25', 1, null],
      ['2024-12-13', 8, null],
      // The deployment's window, from the page's state.
      ['2025-11-21', 60, null],
    ] as const) {
      const { unmount } = renderApp('/', homeData(), { today, newSongsWindowWeeks: weeks });
      expect(within(section()).queryByText(/^Nothing released/)?.textContent ?? null).toBe(note);
      expect(within(section()).getByText('October 18, 2024')).toBeTruthy();
      unmount();
    }
  });

  it('shows the chart, new songs, channel videos and the latest articles in the spec order', () => {
    renderApp('/', homeData());
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.trim());
    const order = ['Weekly Top 10', 'Artist Spotlight', 'Browse by Letter', 'Brand New Songs', 'Latest from the Sound Atlas Channel', 'Latest Articles'];
    expect(headings.filter((h) => order.includes(h ?? ''))).toEqual(order);
    expect(screen.getByText('Blinding Lights', { selector: '.video-tile-title' })).toBeTruthy();
    // An untagged search: named as a search, and not a paid link.
    expect(screen.getByRole('link', { name: 'Buy APT. by Rosé & Bruno Mars: opens a search on Amazon' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('Ed Sheeran - Shape of You')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/articles');
    expect(screen.getByRole('link', { name: 'Explore All Articles' }).getAttribute('href')).toBe('/articles');
    expect(screen.getByRole('link', { name: /Test Your Music Knowledge/ }).getAttribute('href')).toBe('/quiz');
  });

  it("names the chart's week and whose list it is, and offers past weeks once there are any", () => {
    const { unmount } = renderApp('/', homeData());
    expect(screen.getByText("Week of November 23, 2026 · Editors' picks by Sound Atlas, not a chart", { selector: '.section-note' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Week' })).toBeNull();
    unmount();

    const past = topTen.map((entry) => ({ ...entry, ...pastWeek, songName: `${entry.songName} (past)` }));
    const { container } = renderApp(
      '/?week=2026-11-16',
      homeData({ [api.weeklyTopTenOf('2026-11-16')]: { status: 200, body: past }, [api.topTenWeeks()]: { status: 200, body: [picksWeek, pastWeek] } }).filter(
        (e) => e.key !== api.weeklyTopTen(),
      ),
    );
    expect(screen.getByText('Week of November 16, 2026 · Test Chart', { selector: '.section-note' })).toBeTruthy();
    expect(screen.getByText('Blinding Lights (past)', { selector: '.video-tile-title' })).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Week' }) as HTMLSelectElement;
    expect(picker.value).toBe('2026-11-16');
    expect([...picker.options].map((o) => [o.value, o.textContent])).toEqual([
      ['2026-11-23', "November 23, 2026 · Editors' picks"],
      ['2026-11-16', 'November 16, 2026 · Test Chart'],
    ]);
    const form = container.querySelector('form.week-picker')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/']);
  });

  it('makes every card a control: without a video, a button that reaches the keyboard (and so scrolls the strip)', () => {
    const bare = topTen.map((entry) => ({ ...entry, youtubeLink: null, amazonLink: null }));
    renderApp('/', homeData({ [api.weeklyTopTen()]: { status: 200, body: bare } }));
    const strip = screen.getByRole('list', { name: 'Weekly Top 10' });
    expect(within(strip).getAllByRole('button')).toHaveLength(bare.length);
    expect(within(strip).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows each new song with its release date', () => {
    renderApp('/', homeData());
    const date = screen.getByText('October 18, 2024');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2024-10-18');
    expect(date.parentElement?.textContent).toBe('Released October 18, 2024');
  });

  it('shows three "Coming Soon" cards when the channel fails or has no videos', () => {
    for (const answer of [failure, { status: 200, body: [] }]) {
      const { unmount } = renderApp('/', homeData({ [api.channelVideos()]: answer }));
      expect(screen.getAllByText('Coming Soon')).toHaveLength(3);
      unmount();
    }
  });

  it('hides Latest Articles on error or when empty, and says when the chart failed', () => {
    for (const answer of [failure, { status: 200, body: [] }]) {
      const { unmount } = renderApp('/', homeData({ [api.articles()]: answer, [api.weeklyTopTen()]: failure }));
      expect(screen.queryByRole('heading', { name: 'Latest Articles' })).toBeNull();
      expect(screen.getByText('Failed to load Weekly Top 10 data. Please try again later.')).toBeTruthy();
      unmount();
    }
  });

  it('shows 5 chart skeletons and 3 new-song skeletons while loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    const { container } = renderApp('/', homeData({}).filter((e) => e.key !== api.weeklyTopTen() && e.key !== api.newSongs()));
    expect(container.querySelectorAll('.video-tile--top10 .video-tile-thumb.skeleton')).toHaveLength(5);
    expect(container.querySelectorAll('.video-tile--song .video-tile-thumb.skeleton')).toHaveLength(3);
  });

  it('says "Refreshing..." for one second when the chart is refreshed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify(topTen), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchSpy);
    renderApp('/', homeData());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    });
    expect(screen.getByRole('button', { name: 'Refreshing...' })).toBeTruthy();
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toBe(api.weeklyTopTen({ refresh: 'true' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_SPINNER_MS + 50);
    });
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('asks the player for its full-screen overlay on the chart video clicked', () => {
    const asked: VideoOverlayRequest[] = [];
    const listen = (event: Event) => asked.push((event as CustomEvent<VideoOverlayRequest>).detail);
    window.addEventListener(VIDEO_OVERLAY_EVENT, listen);
    renderApp('/', homeData());
    fireEvent.click(screen.getByText('Shape of You'));
    window.removeEventListener(VIDEO_OVERLAY_EVENT, listen);
    expect(asked).toHaveLength(1);
    const [request] = asked;
    expect(request?.kind).toBe('topTen');
    if (request?.kind !== 'topTen') return;
    expect(request.entries[request.index]?.youtubeLink).toBe('https://www.youtube.com/watch?v=JGwWNGJdvx8');
    expect(screen.queryByRole('alertdialog', { name: 'External Link Warning' })).toBeNull();
  });
});

describe('the article list', () => {
  it('lists every article as a card linking to its page, with category links that work without JavaScript', () => {
    renderApp('/articles', [{ key: api.articles(), status: 200, body: articles.map(cardOf) }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Article categories' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['All', '/articles'],
      ['Artist Spotlight', '/articles?category=artist-spotlight'],
      ['News & Updates', '/articles?category=news-and-updates'],
      ['Equipment & Gear', '/articles?category=equipment-and-gear'],
      ['General', '/articles?category=general'],
    ]);
    const list = screen.getByRole('list', { name: 'All articles' });
    expect(within(list).getAllByRole('article')).toHaveLength(6);
    expect(within(list).getByRole('link', { name: /Gear for Beginners/ }).getAttribute('href')).toBe('/articles/8');
  });

  it('filters by the category in the address, and says so when none match', () => {
    const { unmount } = renderApp('/articles?category=equipment-and-gear', [{ key: api.articles(), status: 200, body: articles.map(cardOf) }]);
    expect(within(screen.getByRole('list', { name: 'Equipment & Gear articles' })).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Equipment & Gear' }).getAttribute('aria-current')).toBe('page');
    unmount();
    renderApp('/articles?category=general', [{ key: api.articles(), status: 200, body: articles.map(cardOf) }]);
    expect(screen.getByText('No articles found in General category.')).toBeTruthy();
  });

  it('shows the error text, the empty text and 6 skeletons while loading', () => {
    const { unmount } = renderApp('/articles', [{ key: api.articles(), ...failure }]);
    expect(screen.getByText('Failed to load articles. Please try again later.')).toBeTruthy();
    unmount();
    const empty = renderApp('/articles', [{ key: api.articles(), status: 200, body: [] }]);
    expect(screen.getByText('No articles available yet. Check back soon for new content!')).toBeTruthy();
    empty.unmount();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    const { container } = renderApp('/articles');
    expect(container.querySelectorAll('.article-card--skeleton')).toHaveLength(6);
  });

  it('shows two tags and "+N" on a card', () => {
    expect(cardTags('Rock, 1970s, Queen, Live')).toEqual({ shown: ['Rock', '1970s'], more: 2 });
    expect(cardTags('One')).toEqual({ shown: ['One'], more: 0 });
  });
});

describe('an article page', () => {
  const seeded = [
    { key: api.article(7), status: 200, body: articles[0] },
    { key: api.articles(), status: 200, body: articles.map(cardOf) },
  ];

  it('shows every element in the spec order', () => {
    const { container } = renderApp('/articles/7', seeded);
    expect(screen.getByRole('heading', { level: 1, name: 'The Story Behind a Song' })).toBeTruthy();
    const text = container.textContent ?? '';
    const order = ['Back to Articles', 'November 20, 2026', 'Artist Spotlight', 'The Story Behind a Song', 'Rock', 'A short history', 'Share', 'bold words', 'Watch', 'Studio headphones', 'As an Amazon Associate', 'More in Artist Spotlight', 'Back to All Articles'];
    const positions = order.map((needle) => text.indexOf(needle));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(screen.getByText('bold words').tagName).toBe('STRONG');
  });

  it('keeps the spec order with every picture and its caption: featured on top, the others after the content', () => {
    // Test data only: addresses that are never fetched (jsdom loads no images).
    const pictured = makeArticle({
      id: 21,
      featuredImage: 'https://images.example.test/featured.jpg',
      featuredImageCaption: 'The band on stage in 1985',
      image1: 'https://images.example.test/first.jpg',
      image1Caption: 'The studio where it was recorded',
      image2: 'https://images.example.test/second.jpg',
      image2Caption: 'The original single sleeve',
      image2Credit: 'Jane Doe · CC BY-SA 4.0',
    });
    const { container } = renderApp('/articles/21', [
      { key: api.article(21), status: 200, body: pictured },
      { key: api.articles(), status: 200, body: [pictured, ...articles].map(cardOf) },
    ]);
    const text = container.textContent ?? '';
    const order = ['Back to Articles', 'The band on stage in 1985', 'November 20, 2026', 'Artist Spotlight', 'The Story Behind a Song', 'Rock', 'A short history', 'Share', 'bold words', 'The studio where it was recorded', 'The original single sleeve', 'Watch', 'Studio headphones', 'As an Amazon Associate', 'More in Artist Spotlight', 'Back to All Articles'];
    const positions = order.map((needle) => text.indexOf(needle));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const figures = [...container.querySelectorAll('article.article figure')];
    expect(figures.map((f) => [f.querySelector('img')?.getAttribute('src'), f.querySelector('figcaption')?.textContent])).toEqual([
      ['https://images.example.test/featured.jpg', 'The band on stage in 1985'],
      ['https://images.example.test/first.jpg', 'The studio where it was recorded'],
      ['https://images.example.test/second.jpg', 'The original single sleevePhoto: Jane Doe · CC BY-SA 4.0'],
    ]);
    // The credit stays with its image, the others have none.
    expect(figures.map((f) => f.querySelector('.article-credit')?.textContent ?? null)).toEqual([null, null, 'Photo: Jane Doe · CC BY-SA 4.0']);
    expect(figures[2]!.querySelector('img')?.getAttribute('alt')).toBe('The original single sleeve');
    expect(figures[0]!.classList.contains('article-hero')).toBe(true);
    expect(figures[0]!.querySelector('img')?.getAttribute('alt')).toBe('The band on stage in 1985');
    expect(container.querySelector('.article-hero--artwork')).toBeNull();
  });

  it('draws generated artwork (no guessed image) for the hero of an article without pictures, a placeholder on its cards', () => {
    const { container } = renderApp('/articles/7', seeded);
    const hero = container.querySelector('.article-hero--artwork')!;
    expect(hero).toBeTruthy();
    // "The Story Behind a Song": SS. One picture, in the first screen: written into the
    // page, so that it paints with the text.
    const artwork = hero.querySelector('img.generated-artwork')!;
    expect(artwork.getAttribute('alt')).toBe('');
    const src = artwork.getAttribute('src')!;
    expect(src).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(src)).toContain('>SS</text></svg>');
    expect([artwork.getAttribute('loading'), artwork.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([artwork.getAttribute('width'), artwork.getAttribute('height')]).toEqual(['400', '400']);
    expect(container.querySelectorAll('article.article img:not(.video-facade img)')).toHaveLength(1);
    // "More in ..." cards without pictures show a quiet placeholder on the category's colour, no initials.
    const cards = [...container.querySelectorAll('.article-related .article-card-media')];
    expect(cards.length).toBeGreaterThan(0);
    for (const media of cards) {
      expect(media.querySelector('img')).toBeNull();
      expect(media.querySelector('svg.article-card-placeholder')?.getAttribute('aria-hidden')).toBe('true');
      expect(media.className).toMatch(/article-card-media--artist-spotlight/);
    }
  });

  it('shows product cards only with both a name and a link, and up to three more of the category', () => {
    renderApp('/articles/7', seeded);
    const products = screen.getByRole('heading', { name: 'Related Products' }).closest('section')!;
    expect(within(products).getAllByRole('link').map((a) => a.textContent)).toEqual(['Search on Amazon']);
    const more = screen.getByRole('heading', { name: 'More in Artist Spotlight' }).closest('section')!;
    expect(within(more).getAllByRole('article')).toHaveLength(3);
    expect(productsOf(makeArticle({ product1Link: 'javascript:alert(1)' }))).toEqual([]);
    expect(moreInCategory(articles[0]!, articles.map(cardOf)).map((a) => a.id)).toEqual([9, 10, 11]);
  });

  it('names a search as one, and discloses and marks as sponsored only links that carry an affiliate tag', () => {
    const untagged = makeArticle({ id: 22, product1Link: 'https://www.amazon.com/dp/B000002UJQ' });
    renderApp('/articles/22', [
      { key: api.article(22), status: 200, body: untagged },
      { key: api.articles(), status: 200, body: [untagged].map(cardOf) },
    ]);
    const products = screen.getByRole('heading', { name: 'Related Products' }).closest('section')!;
    const link = within(products).getByRole('link');
    expect(link.textContent).toBe('View on Amazon');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(products.textContent).not.toContain('Amazon Associate');
    cleanup();
    renderApp('/articles/7', seeded);
    const tagged = screen.getByRole('heading', { name: 'Related Products' }).closest('section')!;
    expect(within(tagged).getByRole('link').getAttribute('rel')).toBe('sponsored noopener noreferrer');
    expect(tagged.textContent).toContain('As an Amazon Associate');
  });

  it('sets the title and social tags, and restores the defaults on leaving', async () => {
    for (const stale of document.head.querySelectorAll('meta')) stale.remove();
    const description = document.createElement('meta');
    description.setAttribute('property', 'og:title');
    // As on a first load of the article: the server wrote the article's own tags.
    description.setAttribute('content', 'The Story Behind a Song - Sound Atlas');
    document.head.appendChild(description);
    const { history } = renderApp('/articles/7', seeded);
    expect(document.title).toBe('The Story Behind a Song - Sound Atlas');
    expect(description.getAttribute('content')).toBe('The Story Behind a Song - Sound Atlas');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe('https://soundatlas.test/og/article/7.jpg');
    await act(async () => {
      history.push('/about');
    });
    expect(description.getAttribute('content')).toBe('Sound Atlas - Explore Your World of Music');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe('https://soundatlas.test/assets/og-default.jpg');
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
    description.remove();
  });

  it('says "Article Not Found" for a missing article', () => {
    renderApp('/articles/999', [{ key: api.article(999), status: 404, body: { status: 404, error: 'Not Found', message: "The article you're looking for doesn't exist." } }]);
    expect(screen.getByRole('alert').textContent).toContain("Article Not Found: The article you're looking for doesn't exist.");
    expect(document.title).toBe('Article Not Found - Sound Atlas');
  });
});

describe('the site pages', () => {
  it('show today as last updated on the legal pages, and the four audiences on About', () => {
    const { unmount } = renderApp('/privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('November 21, 2025').getAttribute('datetime')).toBe('2025-11-21');
    unmount();
    const terms = renderApp('/terms-of-service');
    expect(screen.getByText('November 21, 2025')).toBeTruthy();
    terms.unmount();
    renderApp('/about');
    for (const audience of ['Music Enthusiasts', 'Students', 'Educators', 'Casual Listeners']) expect(screen.getByText(audience)).toBeTruthy();
  });

  it('reads the category leniently, as the contract does, and formats dates without Intl', () => {
    expect(categoryFromParam('News & Updates')?.slug).toBe('news-and-updates');
    expect(categoryFromParam('nope')).toBeNull();
    for (const { text, slug } of categoryCases) expect(categoryFromParam(text)?.slug ?? null, JSON.stringify(text)).toBe(slug);
    expect(formatDate('2026-03-04')).toBe('March 4, 2026');
    expect(formatDate('soon')).toBe('soon');
  });
});
