import { useNavigate } from '../../lib/navigation';
import { useFavoritesCount, useSignedIn } from '../../lib/account';
import { showLogin } from '../../lib/events';
import { HeartIcon } from '../../components/icons';
import { routes } from '../../generated/contract';

/** Favorites heart with a count badge; signed out it asks for the login dialog. */
export function FavoritesButton() {
  const signedIn = useSignedIn();
  const count = useFavoritesCount();
  const navigate = useNavigate();
  return (
    // The name ("Favorites: 3") contains the count the badge shows, from the same
    // value, so what a speech user reads on screen is part of it (WCAG 2.5.3, axe
    // label-content-name-mismatch; e2e/tests/accessibility.test.mjs checks it). Not in
    // parentheses: audits leave parentheticals out of a name before comparing.
    <button
      type="button"
      className="icon-btn header-favorites"
      aria-label={`Favorites: ${count}`}
      onClick={() => (signedIn ? navigate(routes.favorites.href()) : showLogin())}
    >
      <HeartIcon size={20} />
      <span className="badge">{count}</span>
    </button>
  );
}
