import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation } from 'react-router';
import { useCurrentLocation, useNavigate } from '../lib/navigation';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path within the site (`/artist/12`, `/browse?letter=B`). */
  to: string;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a client navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The site's in-app link: a real `<a href>` that navigates on the client through React
 * Router (lib/navigation.tsx). Every link of the site is an absolute path, so nothing is
 * resolved per render: an artist page has about 40 links, and React Router's `Link`
 * was a fifth of its cold render in the server's engine (docs/performance.md).
 */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const current = useCurrentLocation();
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
    const { pathname, search, hash } = current();
    navigate(to, { replace: replace ?? pathname + search + hash === to, state });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

/** A menu link that says whether it leads to the current page (`active` class, `aria-current`). */
export function NavLink({ end, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const active = end ? pathname === props.to : pathname === props.to || pathname.startsWith(`${props.to}/`);
  return <Link {...props} className={active ? `${className ?? ''} active`.trim() : className} aria-current={active ? 'page' : undefined} />;
}
