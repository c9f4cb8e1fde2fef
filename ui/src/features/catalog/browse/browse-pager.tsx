import { Fragment } from 'react';
import { Link } from '../../../components/link';
import { browseHref } from '../browse-params';

/** Pages near the ones shown that the pager names, besides the first and the last. */
const NEARBY = 2;

/**
 * The page numbers a pager shows for pages from..page of `pages`: the first, the last
 * and those within NEARBY of the ones shown, in order; null marks a gap.
 */
export function pagerNumbers(from: number, page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let n = Math.max(1, from - NEARBY); n <= Math.min(pages, page + NEARBY); n += 1) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [null, n] : [n]));
}

/**
 * A letter's numbered pages: first, last and nearby, with previous and next. Plain
 * links, so they work without JavaScript and crawlers reach every page; each numbered
 * page is its own address (`?from=`), beside the spec's Load More.
 */
export function BrowsePager({ letter, from, page, pages }: { letter: string; from: number; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="browse-pager" aria-label={`Pages of ${letter === '#' ? 'numbers' : letter}`}>
      <ul>
        {from > 1 && (
          <li>
            <Link to={browseHref(letter, from - 1, from - 1)} rel="prev" className="browse-pager-step">
              Previous
            </Link>
          </li>
        )}
        {pagerNumbers(from, page, pages).map((n, i) => (
          <Fragment key={n ?? `gap-${i}`}>
            {n === null ? (
              <li aria-hidden="true" className="browse-pager-gap">
                …
              </li>
            ) : (
              <li>
                <Link
                  to={browseHref(letter, n, n)}
                  className={n >= from && n <= page ? 'browse-pager-link browse-pager-link--shown' : 'browse-pager-link'}
                  aria-current={n === from ? 'page' : undefined}
                  aria-label={`Page ${n}`}
                >
                  {n}
                </Link>
              </li>
            )}
          </Fragment>
        ))}
        {page < pages && (
          <li>
            <Link to={browseHref(letter, page + 1, page + 1)} rel="next" className="browse-pager-step">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
