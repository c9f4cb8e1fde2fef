import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_IMAGE_ALT, DEFAULT_IMAGE_PATH, DESCRIPTION_MAX_CHARS, SITE_DESCRIPTION, titles } from '../generated/contract';

/**
 * A page's social head on client navigation. The server writes the right tags into
 * the first HTML (crawlers read that); after a client-side navigation the browser's
 * head is updated here from the same data, and when the page is left every tag goes
 * back to the site's defaults (the page may have been the first one loaded, so the
 * tags it found were its own).
 */
export interface DocumentHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the share picture. */
  image: string;
  imageAlt: string;
  type: 'website' | 'article' | 'profile';
  /** An article's `article:published_time`, `article:section` and one `article:tag` per tag. */
  article?: ArticleTags;
}

export interface ArticleTags {
  publishedTime: string;
  section: string;
  tags: readonly string[];
}

/**
 * A page's description from its own text (an artist's biography, an article's summary):
 * the text cut to `DESCRIPTION_MAX_CHARS` by `truncateWords`, or `fallback` (the
 * contract's `descriptions`) when there is no text or only white space. The server's
 * rule is `descriptions::from_text` in crates/contract/src/pages/descriptions.rs; both are tested on
 * the cases it generates (generated/descriptions.cases.json).
 */
export function pageDescription(text: string | null | undefined, fallback: string): string {
  return text && trimWhiteSpace(text) !== '' ? truncateWords(text) : fallback;
}

/** Unicode white space (Rust's `str::trim`, which differs from `String.prototype.trim`) at either end. */
const EDGE_WHITE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

function trimWhiteSpace(text: string): string {
  return text.replace(EDGE_WHITE_SPACE, '');
}

/**
 * The text trimmed and, when longer than `max` characters (code points), cut after the
 * last space that leaves room for "…", trailing `,;:.` dropped, with "…" added.
 */
export function truncateWords(text: string, max = DESCRIPTION_MAX_CHARS): string {
  const trimmed = trimWhiteSpace(text);
  const chars = Array.from(trimmed);
  if (chars.length <= max) return trimmed;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const head = space >= 0 ? cut.slice(0, space) : cut;
  return `${head.replace(/[,;:.]+$/, '')}…`;
}

/** The site's defaults, as the server writes them for a page without its own. */
export function siteHead(origin: string): DocumentHead {
  return {
    title: titles.home(),
    description: SITE_DESCRIPTION,
    url: `${origin}/`,
    image: `${origin}${DEFAULT_IMAGE_PATH}`,
    imageAlt: DEFAULT_IMAGE_ALT,
    type: 'website',
  };
}

/** [selector attribute, key, value] for each tag the head sets. */
function tagsOf(head: Omit<DocumentHead, 'url'>): Array<['name' | 'property', string, string]> {
  return [
    ['name', 'description', head.description],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:type', head.type],
    ['property', 'og:image', head.image],
    ['property', 'og:image:alt', head.imageAlt],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', head.image],
    ['name', 'twitter:image:alt', head.imageAlt],
  ];
}

/**
 * The canonical URL of a location, as the server names it: the origin, the path and
 * the route's canonical query parameters (the contract's `canonicalQuery`, e.g.
 * browse's `letter`), in that order.
 */
export function canonicalUrl(origin: string, pathname: string, search: string, canonicalQuery: readonly string[]): string {
  const params = new URLSearchParams(search);
  const kept = canonicalQuery.flatMap((name) => {
    const value = params.get(name);
    return value === null || value === '' ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  return `${origin}${pathname}${kept.length > 0 ? `?${kept.join('&')}` : ''}`;
}

/**
 * Points `link rel=canonical` and `og:url` at `url` (creating them when missing), or
 * removes both: an error page names no URL, as the server's error pages do.
 */
export function setPageUrl(url: string | null): void {
  if (url === null) {
    document.head.querySelector('link[rel="canonical"]')?.remove();
    document.head.querySelector('meta[property="og:url"]')?.remove();
    return;
  }
  setHeadTag('link', 'rel', 'canonical', 'href', url);
  setHeadTag('meta', 'property', 'og:url', 'content', url);
}

/** Sets `valueAttr` of the head's `<tag keyAttr="key">`, making the tag when it is missing. */
function setHeadTag(tag: 'link' | 'meta', keyAttr: string, key: string, valueAttr: string, value: string): void {
  let element = document.head.querySelector(`${tag}[${keyAttr}="${key}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(keyAttr, key);
    document.head.appendChild(element);
  }
  element.setAttribute(valueAttr, value);
}

/** A not-found state (a missing artist, article or folder): the head names no URL, as the server's 404 does. */
export function useNotFoundHead(notFound: boolean): void {
  useEffect(() => {
    if (notFound) setPageUrl(null);
  }, [notFound]);
}

/** Writes `head` into the document's tags (creating any that are missing); `url: null` leaves the page's URL tags alone. */
export function applyHead(head: Omit<DocumentHead, 'url'> & { url: string | null }): void {
  if (head.url !== null) setPageUrl(head.url);
  for (const [attr, name, value] of tagsOf(head)) setHeadTag('meta', attr, name, 'content', value);
  // `article:*` tags belong to one article: whatever is there goes, this head's come in.
  removeArticleTags();
  if (head.article) {
    const { publishedTime, section, tags } = head.article;
    const articleTags: Array<[string, string]> = [
      ['article:published_time', publishedTime],
      ['article:section', section],
      ...tags.map((tag): [string, string] => ['article:tag', tag]),
    ];
    for (const [property, value] of articleTags) {
      if (!value) continue;
      const element = document.createElement('meta');
      element.setAttribute('property', property);
      element.setAttribute('content', value);
      document.head.appendChild(element);
    }
  }
}

/** Article-only tags the server writes (`article:*`); they leave with the article. */
function removeArticleTags(): void {
  for (const element of document.head.querySelectorAll('meta[property^="article:"]')) element.remove();
}

/**
 * Writes the page's `head` while it shows, and again on every move to another address:
 * the frame writes each address's canonical URL by the contract's rule first, and a page
 * whose head names another (two addresses of one list) has the last word.
 */
export function useDocumentHead(head: DocumentHead | null, origin: string): void {
  const key = head ? JSON.stringify(head) : '';
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!head) return undefined;
    document.title = head.title;
    applyHead(head);
    return () => {
      const defaults = siteHead(origin);
      // The next page names its own title; its URL tags are the frame's (app/frame/head-sync.tsx),
      // set for the new location before this runs.
      applyHead({ ...defaults, url: null });
      document.title = defaults.title;
    };
    // The key stands for every field of `head`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, origin, pathname, search]);
}
