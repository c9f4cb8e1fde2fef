import { useState } from 'react';
import { useSignedIn } from '../lib/account';
import { showLogin } from '../lib/events';
import { useFavoritesList, useLibraryActions } from '../lib/library';
import { ConfirmDialog } from './confirm-dialog';
import { HeartIcon } from './icons';
import './favorite-heart.css';

interface FavoriteHeartProps {
  artist: { id: number; title: string };
  /** `button`: the artist page's labelled button; `icon`: the round heart on a card. */
  variant?: 'button' | 'icon';
}

/**
 * The favorite heart (spec section 4): a confirmation dialog comes first ("Add to
 * Favorites?" or "Remove from Favorites?"); confirming toggles the artist at the top
 * level of the favorites. Signed out, it opens the login dialog. Whether it is filled
 * comes from the favorites list in the page's state, so the server's first HTML already
 * shows a signed-in visitor's hearts.
 */
export function FavoriteHeart({ artist, variant = 'icon' }: FavoriteHeartProps) {
  const signedIn = useSignedIn();
  const favorites = useFavoritesList();
  const actions = useLibraryActions();
  const favorited = favorites.some((favorite) => favorite.id === artist.id);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClick = () => {
    if (!signedIn) {
      showLogin();
      return;
    }
    setError(null);
    setAsking(true);
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (favorited) {
        await actions.removeFavorite(artist.id);
        // SOUND: the player feature's sound effects play "unfavorite" here once a ui/src/lib sound API exists.
      } else {
        await actions.addFavorite({ artistId: artist.id });
        // SOUND: the player feature's sound effects play "favorite" here once a ui/src/lib sound API exists.
      }
      setAsking(false);
    } catch (failure) {
      // Spec section 8: logged; the dialog says it too, so the click is not lost silently.
      console.error(failure);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const label = favorited ? 'Remove from Favorites' : 'Add to Favorites';
  return (
    <>
      {variant === 'button' ? (
        <button type="button" className={favorited ? 'btn btn-ghost favorite-btn is-favorite' : 'btn btn-ghost favorite-btn'} aria-pressed={favorited} onClick={onClick}>
          <HeartIcon size={18} filled={favorited} /> {label}
        </button>
      ) : (
        <button
          type="button"
          className={favorited ? 'card-heart is-favorite' : 'card-heart'}
          aria-pressed={favorited}
          aria-label={`${label}: ${artist.title}`}
          onClick={onClick}
        >
          <HeartIcon size={18} filled={favorited} />
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={favorited ? 'Remove from Favorites?' : 'Add to Favorites?'}
          confirmLabel={favorited ? 'Remove' : 'Add'}
          danger={favorited}
          busy={busy}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          {favorited ? (
            <p>
              Remove <strong>{artist.title}</strong> from your favorites?
            </p>
          ) : (
            <p>
              Add <strong>{artist.title}</strong> to your favorites?
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
