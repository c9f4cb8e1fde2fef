import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigationType } from 'react-router';
import { useNavigate } from '../../../lib/navigation';
import { Link } from '../../../components/link';
import { isHydrated } from '../../../lib/hydration';
import { LETTERS } from '../../../generated/contract';
import { browseHref, browseInCountryHref, parseBrowseSearch } from '../browse-params';
import { queries } from '../queries';
import { scrollToTop } from '../../../lib/scroll';
import { DEFAULT_LETTER, descriptions, LETTER_NAME_DIGITS, routes, titles } from '../../../generated/contract';
import type { Country, Facet } from '../../../generated/contract';
import { siteHead, useDocumentHead, type DocumentHead } from '../../../lib/use-document-head';
import { useAppEnv } from '../../../lib/app-state';
import { RefreshIcon } from '../../../components/icons';
import { isNotFound } from '../../../lib/http-error';
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
export function browseHead(letter: string, from: number, pages: number | null, origin: string, country: Country | null = null): DocumentHead {
  if (country) {
    const name = letterName(letter);
    const numbered = from > 1 && pages !== null;
    return {
      ...siteHead(origin),
      title: numbered ? titles.browseCountryNumbered(country.name, name, String(from), String(pages)) : titles.browseCountry(country.name, name),
      description: numbered ? descriptions.browseCountryNumbered(String(from), String(pages), country.name, name) : descriptions.browseCountry(country.name, name),
      url: `${origin}${browseInCountryHref(country.slug, letter, from, from)}`,
    };
  }
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
  const { letterParam, letter, from, page, refresh, country: countryParam } = parseBrowseSearch(location.search);
  const { origin } = useAppEnv();
  const [refreshing, setRefreshing] = useState(false);
  const pendingScroll = useRef<number | null>(null);

  const pageNumbers = Array.from({ length: page - from + 1 }, (_, i) => from + i);
  const countries = useQuery(queries.countries()).data ?? [];
  // A country the catalogue does not know is no filter: the whole letter is read
  // instead, as the server does.
  const filtered = useQueries({ queries: countryParam ? pageNumbers.map((n) => queries.browseInCountry(countryParam, letter, n)) : [] });
  const unknownCountry = filtered[0]?.isError === true && isNotFound(filtered[0].error);
  const countrySlug = unknownCountry ? null : countryParam;
  const unfiltered = useQueries({ queries: countrySlug ? [] : pageNumbers.map((n) => queries.browse(letter, n)) });
  const results = countrySlug ? filtered : unfiltered;
  const country = results[0]?.data?.country ?? null;
  const hrefOf = (target: string, n = 1, first = 1) => (countrySlug ? browseInCountryHref(countrySlug, target, n, first) : browseHref(target, n, first));
  useDocumentHead(browseHead(letter, from, results[0]?.data?.pages ?? null, origin, country), origin);

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
    if (countryParam !== null) {
      // A country's view is its address alone: the session's letter and pages are browse's.
    } else if (letterParam === null) {
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
    if (letterParam !== null && from === 1 && countryParam === null) saveSelection(letterParam, page);
  }, [letterParam, from, page, countryParam]);

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
    const keys = new Set(results.map((_, i) => (countrySlug ? queries.browseInCountry(countrySlug, letter, from + i) : queries.browse(letter, from + i)).queryKey[0]));
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
    const targetPage = target === letter ? page : countrySlug ? 1 : pageFor(saved.pages, target);
    navigate(hrefOf(target, targetPage), { state: { keepScroll: true } });
    scrollToTop(true);
  };

  return (
    <div className="page browse">
      <div className="page-head">
        <div>
          <h1>Browse Artists</h1>
          <p className="page-subtitle" aria-live="polite">
            {total === null
              ? '\u00a0'
              : `${total} ${total === 1 ? 'artist' : 'artists'}${country ? ` from ${country.name}` : ''} starting with ${letter === '#' ? 'a number' : letter}`}
          </p>
        </div>
        <button type="button" className="btn btn-ghost" onClick={() => void refetchLetter()} disabled={refreshing}>
          <RefreshIcon size={18} className={refreshing ? 'spin' : undefined} />
          {refreshing ? 'Refreshing...' : 'Refresh Artists'}
        </button>
      </div>

      <CountryFilter countries={countries} selected={countrySlug} letter={letter} />

      <nav className="letter-bar" aria-label="Filter by first letter">
        <ul>
          {LETTERS.map((item) => (
            <li key={item}>
              <Link
                to={hrefOf(item)}
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
        href={(n, first) => hrefOf(letter, n, first)}
        pagerLabel={letter === '#' ? 'numbers' : letter}
        onRetry={() => void refetchLetter()}
        empty={<p>No artists found for this letter. Try another one!</p>}
      />
    </div>
  );
}

/**
 * The country filter: a plain form (GET /browse?country=&letter=), so it works without
 * JavaScript; with it, the same choice navigates in the page. It changes the list only
 * when submitted (a keyboard user moving through the options is not sent away).
 * "All countries" is no filter.
 */
function CountryFilter({ countries, selected, letter }: { countries: Facet[]; selected: string | null; letter: string }) {
  const navigate = useNavigate();
  if (countries.length === 0) return null;
  return (
    <form
      className="country-filter"
      method="get"
      action={routes.browse.href()}
      onSubmit={(event) => {
        event.preventDefault();
        const slug = String(new FormData(event.currentTarget).get('country') ?? '');
        navigate(slug ? browseInCountryHref(slug, letter) : browseHref(letter), { state: { keepScroll: true } });
      }}
    >
      <label htmlFor="browse-country">Country</label>
      <select id="browse-country" name="country" defaultValue={selected ?? ''} key={selected ?? ''}>
        <option value="">All countries</option>
        {countries.map((country) => (
          <option key={country.slug} value={country.slug}>
            {country.name} ({country.artists})
          </option>
        ))}
      </select>
      <input type="hidden" name="letter" value={letter} />
      <button type="submit" className="btn btn-ghost">
        Show
      </button>
    </form>
  );
}
