import { queryOptions } from '@tanstack/react-query';
import { api, ARTICLE_CATEGORIES, ARTICLE_CATEGORY_SLUGS, type ApiPath } from '../../generated/contract';

/** Freshness: Weekly Top 10 5 min, new songs 10 min, artist channel videos 30 min. */
const MINUTE = 60_000;
export const STALE_TOP_TEN = 5 * MINUTE;
export const STALE_NEW_SONGS = 10 * MINUTE;
export const STALE_ARTIST_VIDEOS = 30 * MINUTE;
export const STALE_ARTICLES = 5 * MINUTE;

/** Query options of one content read, keyed by its API path (the server prefetches under it). */
function read<T>(path: ApiPath<T>, staleTime?: number) {
  return queryOptions<T, Error, T, [string]>(staleTime === undefined ? { queryKey: [path] } : { queryKey: [path], staleTime });
}

export const queries = {
  weeklyTopTen: () => read(api.weeklyTopTen(), STALE_TOP_TEN),
  /** A past week's Top 10 (`?week=` on home), by the week's first day. */
  weeklyTopTenOf: (week: string) => read(api.weeklyTopTenOf(week), STALE_TOP_TEN),
  topTenWeeks: () => read(api.topTenWeeks(), STALE_TOP_TEN),
  newSongs: () => read(api.newSongs(), STALE_NEW_SONGS),
  channelVideos: () => read(api.channelVideos()),
  artistChannelVideos: (url: string) => read(api.artistChannelVideos(url), STALE_ARTIST_VIDEOS),
  articles: () => read(api.articles(), STALE_ARTICLES),
  article: (id: string | number) => read(api.article(id)),
};

/** A category of the filter: its shown name and its URL key. */
export interface CategoryChoice {
  name: string;
  slug: string;
}

export const CATEGORY_CHOICES: readonly CategoryChoice[] = ARTICLE_CATEGORIES.map((name, i) => ({ name, slug: ARTICLE_CATEGORY_SLUGS[i]! }));

/**
 * `?category=` read leniently: a slug or a name, any case, blanks around it ignored;
 * anything else is "All". The contract's `category_index` is the same rule; both are
 * tested on the cases it generates (generated/article-category.cases.json).
 */
export function categoryFromParam(raw: string | null): CategoryChoice | null {
  const text = raw?.trim().toLowerCase();
  if (!text) return null;
  return CATEGORY_CHOICES.find((c) => c.slug === text || c.name.toLowerCase() === text) ?? null;
}

/** The tags of an article (comma-separated), trimmed, blanks dropped. */
export function tagList(tags: string): string[] {
  return tags
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "March 4, 2025" from an ISO date, read as a calendar date (no time zone shift).
 * Written out by hand: the server's engine has no Intl, and both sides must agree.
 */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}
