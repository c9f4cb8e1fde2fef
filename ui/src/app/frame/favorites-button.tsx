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
    <button
      type="button"
      className="icon-btn header-favorites"
      aria-label={`Favorites (${count})`}
      onClick={() => (signedIn ? navigate('/favorites') : showLogin())}
    >
      <HeartIcon size={20} />
      <span className="badge" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
