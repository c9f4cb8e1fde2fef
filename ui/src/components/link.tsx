import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path within the site (`/artist/12`, `/browse?letter=B`). */
  to: string;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a client navigation. */
  reloadDocument?: boolean;
  /** Keep the scroll position (a "Load More" that extends the list in place). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The site's in-app link: a real `<a href>` that navigates on the client. React
 * Router's `Link` resolves relative paths and works out route discovery and prefetch
 * behaviour for every link on every render; the site's links are all absolute paths,
 * and an artist page has about 40 of them, so in the server's engine (QuickJS, an
 * interpreter) Router's `Link` alone was a fifth of a cold render
 * (`crates/ssr/examples/render-bench`, README "Benchmarks"). ESLint keeps Router's
 * `Link` out of the code.
 */
export function Link({ to, replace, state, reloadDocument, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      reloadDocument ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    // As Router's Link: a link to the page already shown replaces the history entry.
    const current = location.pathname + location.search + location.hash;
    navigate(to, { replace: replace ?? current === to, state, preventScrollReset });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
