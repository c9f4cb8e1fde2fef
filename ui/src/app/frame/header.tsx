import { useCallback, useEffect, useState } from 'react';
import { useLocation } from '../../lib/router';
import { LogoLink } from '../../components/logo';
import { MenuIcon } from '../../components/icons';
import { FavoritesButton } from './favorites-button';
import { MobileMenu, MOBILE_MENU_ID } from './mobile-menu';
import { RandomArtistButton } from '../../features/catalog/random-artist-button';
import { HeaderSearchForm } from './search-form';
import './frame.css';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const location = useLocation();

  // Close the menu on every navigation.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  // The menu is a sibling of the header: the header's backdrop-filter would
  // otherwise become the containing block of the fixed drawer.
  return (
    <>
    <header className="site-header">
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
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
    </header>
    <MobileMenu open={menuOpen} onClose={closeMenu} />
    </>
  );
}
