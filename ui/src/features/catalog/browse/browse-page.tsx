import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigationType } from 'react-router';
import { useNavigate } from '../../../lib/navigation';
import { Link } from '../../../components/link';
import { browseKeys } from '../queries';
import { isHydrated } from '../../../lib/hydration';
import { LETTERS } from '../../../generated/contract';
import { browseHref, parseBrowseSearch } from '../browse-params';
import { queries } from '../queries';
import { scrollToTop } from '../../../lib/scroll';
import { DEFAULT_LETTER, descriptions, LETTER_NAME_DIGITS, routes, titles } from '../../../generated/contract';
import { siteHead, useDocumentHead, type DocumentHead } from '../../../lib/use-document-head';
import { useAppEnv } from '../../../lib/app-state';
import { RefreshIcon } from '../../../components/icons';
import { PagedArtists } from '../paged-artists';
import { shownPages } from '../load-more';
import { loadBrowseState, pageFor, restoreHref, saveScroll, saveSelection } from './browse-state';
import './browse.css';

/** What titles call a browse letter. */
const letterName = (letter: string): string => (letter === '#' ? LETTER_NAME_DIGITS : letter);

/**
 * The head the server writes for the list shown: `letter`'s numbered page `from` (1 for
 * its first page) of its `pages` (null until read). `/browse` shows the default
 * letter's first page, that list's one canonical address; any other list is its own,
 * with its own title and description.
 */
export function browseHead(letter: string, from: number, pages: number | null, origin: string): DocumentHead {
  const digits = letter === '#';
  const [title, description, path] =
    letter === DEFAULT_LETTER && from === 1
      ? [titles.browse(), descriptions.browse(), routes.browse.href()]
      : from > 1 && pages !== null
        ? [
            titles.browseNumbered(letterName(letter), String(from), String(pages)),
            digits ? descriptions.browseDigitsNumbered(String(from), String(pages)) : descriptions.browseLetterNumbered(String(from), String(pages), letter),
            browseHref(letter, from, from),
          ]
        : [titles.browseLetter(letterName(letter)), digits ? descriptions.browseDigits() : descriptions.browseLetter(letter), browseHref(letter, from, from)];
  return { ...siteHead(origin), title, description, url: `${origin}${path}` };
}

export function BrowsePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const client = useQueryClient();
  const { letterParam, letter, from, page, refresh } = parseBrowseSearch(location.search);
  const { origin } = useAppEnv();
  const [refreshing, setRefreshing] = useState(false);
  const pendingScroll = useRef<number | null>(null);

  const pageNumbers = Array.from({ length: page - from + 1 }, (_, i) => from + i);
  const results = useQueries({ queries: pageNumbers.map((n) => queries.browse(letter, n)) });
  useDocumentHead(browseHead(letter, from, results[0]?.data?.pages ?? null, origin), origin);

  const { total, allLoaded } = shownPages(results);

  // Resume the session's letter/page when the URL names no letter; remember the
  // scroll position to restore when returning. Runs in effects only: the
  // server cannot see sessionStorage, so the first render must not either.
  // It runs per arrival, not per mount: following a plain /browse link (menu,
  // footer) from /browse?letter=... keeps this page mounted, and must resume
  // the letter too. The scroll position is restored only when the page mounts.
  const mounting = useRef(true);
  useEffect(() => {
    const mount = mounting.current;
    mounting.current = false;
    const saved = loadBrowseState();
    if (letterParam === null) {
      const href = restoreHref(saved);
      if (href) navigate(href, { replace: true, state: { keepScroll: true } });
      if (mount) pendingScroll.current = saved.scrollY;
    } else if (
      mount &&
      (navigationType === 'POP' || (location.state as { restoreScroll?: boolean } | null)?.restoreScroll) &&
      saved.letter === letterParam &&
      from === 1 &&
      pageFor(saved.pages, letterParam) === page
    ) {
      pendingScroll.current = saved.scrollY;
    }
    // Per arrival (location.key), reading the values of that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // A numbered page is an address of its own (history keeps it); the session keeps
  // the load-more view's page per letter, as the spec says.
  useEffect(() => {
    if (letterParam !== null && from === 1) saveSelection(letterParam, page);
  }, [letterParam, from, page]);

  // Restore the remembered scroll position once the remembered pages are in.
  useEffect(() => {
    if (!allLoaded || pendingScroll.current === null) return;
    if (letterParam === null && restoreHref(loadBrowseState()) !== null) return; // still redirecting
    const y = pendingScroll.current;
    pendingScroll.current = null;
    window.requestAnimationFrame(() => window.scrollTo({ top: y, left: 0, behavior: 'auto' }));
  }, [allLoaded, letterParam, letter, page]);

  // A layout effect, so that leaving the page removes the listener in the same
  // commit, before the next page's scroll-to-top (a passive cleanup can run
  // after that scroll event and would save 0 over the position to restore).
  useLayoutEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        saveScroll(window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  // ?refresh=true forces a fresh load, then leaves the address. On the first
  // load the server already read fresh data for this request, so only a
  // client-side navigation refetches.
  useEffect(() => {
    if (!refresh) return;
    if (isHydrated()) void refetchLetter();
    const search = location.search
      .slice(1)
      .split('&')
      .filter((part) => part !== '' && !part.startsWith('refresh='))
      .join('&');
    const state = (location.state ?? {}) as Record<string, unknown>;
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, state: { ...state, keepScroll: true } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  async function refetchLetter() {
    const keys = new Set(browseKeys(letter, page, from));
    setRefreshing(true);
    try {
      await client.refetchQueries({ predicate: (query) => keys.has(String(query.queryKey[0])) });
    } finally {
      setRefreshing(false);
    }
  }

  const onLetterClick = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const saved = loadBrowseState();
    navigate(browseHref(target, target === letter ? page : pageFor(saved.pages, target)), { state: { keepScroll: true } });
    scrollToTop(true);
  };

  return (
    <div className="page browse">
      <div className="page-head">
        <div>
          <h1>Browse Artists</h1>
          <p className="page-subtitle" aria-live="polite">
            {total === null ? '\u00a0' : `${total} ${total === 1 ? 'artist' : 'artists'} starting with ${letter === '#' ? 'a number' : letter}`}
          </p>
        </div>
        <button type="button" className="btn btn-ghost" onClick={() => void refetchLetter()} disabled={refreshing}>
          <RefreshIcon size={18} className={refreshing ? 'spin' : undefined} />
          {refreshing ? 'Refreshing...' : 'Refresh Artists'}
        </button>
      </div>

      <nav className="letter-bar" aria-label="Filter by first letter">
        <ul>
          {LETTERS.map((item) => (
            <li key={item}>
              <Link
                to={browseHref(item)}
                className={item === letter ? 'letter-btn letter-btn--active' : 'letter-btn'}
                aria-current={item === letter ? 'page' : undefined}
                aria-label={item === '#' ? 'Numbers' : item}
                onClick={(event) => onLetterClick(event, item)}
              >
                {item}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <PagedArtists
        results={results}
        from={from}
        page={page}
        href={(n, first) => browseHref(letter, n, first)}
        pagerLabel={letter === '#' ? 'numbers' : letter}
        onRetry={() => void refetchLetter()}
        empty={<p>No artists found for this letter. Try another one!</p>}
      />
    </div>
  );
}
