import { Fragment } from 'react';
import { Link } from '../../components/link';
import './numbered-pager.css';

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

export interface NumberedPagerProps {
  /** What the pages are of, for the navigation's name ("Pages of B"). */
  label: string;
  from: number;
  page: number;
  pages: number;
  /** The address of numbered page `n` alone. */
  href: (n: number) => string;
}

/**
 * A list's numbered pages (a browse letter, a genre): first, last and nearby, with
 * previous and next. Plain links, so they work without JavaScript and crawlers reach
 * every page; each numbered page is its own address (`?from=`), beside Load More.
 */
export function NumberedPager({ label, from, page, pages, href }: NumberedPagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="numbered-pager" aria-label={`Pages of ${label}`}>
      <ul>
        {from > 1 && (
          <li>
            <Link to={href(from - 1)} rel="prev" className="numbered-pager-step">
              Previous
            </Link>
          </li>
        )}
        {pagerNumbers(from, page, pages).map((n, i) => (
          <Fragment key={n ?? `gap-${i}`}>
            {n === null ? (
              <li aria-hidden="true" className="numbered-pager-gap">
                …
              </li>
            ) : (
              <li>
                <Link
                  to={href(n)}
                  className={n >= from && n <= page ? 'numbered-pager-link numbered-pager-link--shown' : 'numbered-pager-link'}
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
            <Link to={href(page + 1)} rel="next" className="numbered-pager-step">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
