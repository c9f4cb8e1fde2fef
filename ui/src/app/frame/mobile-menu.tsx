import { useEffect, useRef, type MouseEvent } from 'react';
import { NavLink } from '../../components/link';
import { useCurrentUser } from '../../lib/account';
import { useLogOut } from '../../features/accounts/log-out';
import { showLogin } from '../../lib/events';
import { MOBILE_MENU_ID, VIDEO_FAQ_TIPS } from './site-links';
import { AudioToggle } from './audio-toggle';
import { trapFocus } from '../../components/modal';
import { BookIcon, CloseIcon, GridIcon, HeartIcon, HomeIcon, InfoIcon, QuizIcon, UserIcon } from '../../components/icons';
import { LogoMark, Wordmark } from '../../components/logo';
import { routes } from '../../generated/contract';

interface MobileMenuProps {
  onClose: () => void;
}

/**
 * The hamburger menu: a drawer with the main entries, the video FAQ and Log In. Its code
 * is fetched the first time it opens (header.tsx), not with the page.
 */
export default function MobileMenu({ onClose }: MobileMenuProps) {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const logOut = useLogOut();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else trapFocus(event, panelRef.current);
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      previouslyFocused?.focus?.();
    };
  }, [onClose]);

  const onFavorites = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!signedIn) {
      event.preventDefault();
      onClose();
      showLogin();
      return;
    }
    onClose();
  };

  return (
    <div className="menu-root menu-root--open">
      <div className="menu-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panelRef} id={MOBILE_MENU_ID} className="menu-panel" role="dialog" aria-modal="true" aria-label="Menu">
        <div className="menu-head">
          <span className="menu-brand">
            <LogoMark size={28} />
            <Wordmark />
          </span>
          <button ref={closeRef} type="button" className="icon-btn" onClick={onClose} aria-label="Close menu">
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Main">
          <ul className="menu-list">
            <li>
              <NavLink to="/" end onClick={onClose} className="menu-item">
                <HomeIcon /> Home
              </NavLink>
            </li>
            <li>
              <NavLink to={routes.browse.href()} onClick={onClose} className="menu-item">
                <GridIcon /> Browse Artists
              </NavLink>
            </li>
            <li>
              <NavLink to={routes.favorites.href()} onClick={onFavorites} className="menu-item">
                <HeartIcon /> Favorites
              </NavLink>
            </li>
            <li>
              <NavLink to={routes.articles.href()} onClick={onClose} className="menu-item">
                <BookIcon /> Articles
              </NavLink>
            </li>
            <li>
              <NavLink to={routes.quiz.href()} onClick={onClose} className="menu-item">
                <QuizIcon /> Music Quiz
              </NavLink>
            </li>
          </ul>
        </nav>
        <details className="menu-faq">
          <summary>
            <InfoIcon size={18} /> FAQ - Video Loading
          </summary>
          <ul>
            {VIDEO_FAQ_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </details>
        <AudioToggle />
        <div className="menu-foot">
          {user ? (
            <>
              <p className="menu-user" title={user.email}>
                <UserIcon size={18} /> {user.email}
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-block"
                onClick={() => {
                  onClose();
                  void logOut();
                }}
              >
                Log Out
              </button>
            </>
          ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => {
              onClose();
              showLogin();
            }}
          >
            <UserIcon size={18} /> Log In
          </button>
          )}
        </div>
      </div>
    </div>
  );
}
