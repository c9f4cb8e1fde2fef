import { useNavigate } from 'react-router';
import { useFavoritesCount, useSignedIn } from '../../lib/account';
import { showLogin } from '../../lib/events';
import { HeartIcon } from '../../components/icons';

/** Favorites heart with a count badge; signed out it asks for the login dialog. */
export function FavoritesButton() {
  const signedIn = useSignedIn();
  const count = useFavoritesCount();
  const navigate = useNavigate();
  return (
    // The name comes from the content ("Favorites (3)"), so it always contains the
    // visible count (WCAG 2.5.3, axe label-content-name-mismatch); the words are for
    // screen readers, the heart and the badge for the eye.
    <button type="button" className="icon-btn header-favorites" onClick={() => (signedIn ? navigate('/favorites') : showLogin())}>
      <HeartIcon size={20} />
      <span className="sr-only">Favorites (</span>
      <span className="badge">{count}</span>
      <span className="sr-only">)</span>
    </button>
  );
}
