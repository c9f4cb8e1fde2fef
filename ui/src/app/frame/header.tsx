import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LogoLink } from '../../components/logo';
import { MenuIcon } from '../../components/icons';
import { FavoritesButton } from './favorites-button';
import { RandomArtistButton } from '../../features/catalog/random-artist-button';
import { HeaderSearchForm } from './search-form';
import { MOBILE_MENU_ID } from './site-links';
import { Prerendered } from '../../lib/prerendered';
import './frame.css';

// The drawer is not in the HTML until opened (crawlers follow the same links in the
// header and footer) and its code is fetched on the first open.
const MobileMenu = lazy(() => import('./mobile-menu'));

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const location = useLocation();

  // Close the menu on every navigation.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  // The menu is a sibling of the header: the header's backdrop-filter would
  // otherwise become the containing block of the fixed drawer.
  return (
    <>
      <Prerendered markupKey="header" as="header" className="site-header">
        <HeaderBar menuOpen={menuOpen} onOpenMenu={openMenu} />
      </Prerendered>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu onClose={closeMenu} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The header's content. Its markup depends only on the favorites count and on whether
 * the menu is open (never on the server), which is how the server reuses it
 * (prerendered-parts.tsx).
 */
export function HeaderBar({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu: () => void }) {
  return (
    <div className="header-inner">
      <LogoLink />
      <HeaderSearchForm />
      <div className="header-actions">
        <RandomArtistButton />
        <FavoritesButton />
        <button
          type="button"
          className="icon-btn"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </button>
      </div>
    </div>
  );
}
