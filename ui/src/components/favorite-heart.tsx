import { useState, type ReactNode } from 'react';
import { useSignedIn } from '../lib/account';
import { showLogin } from '../lib/events';
import { useAddFavorite, useFavoritesList, useRemoveFavorite } from '../lib/visitor-library';
import { playSound } from '../lib/sound';
import { useAction } from '../lib/use-action';
import { cardHeartClass, heartLabel } from './artist-card-shape';
import { ConfirmDialog } from './confirm-dialog';
import { HeartIcon } from './icons';
import './favorite-heart.css';

interface FavoriteHeartProps {
  artist: { id: number; title: string };
  /** `button`: the artist page's labelled button; `icon`: the round heart on a card. */
  variant?: 'button' | 'icon';
}

/**
 * The favorite heart: a confirmation dialog comes first ("Add to
 * Favorites?" or "Remove from Favorites?"); confirming toggles the artist at the top
 * level of the favorites. Signed out, it opens the login dialog. Whether it is filled
 * comes from the favorites list in the page's state, so the server's first HTML already
 * shows a signed-in visitor's hearts.
 */
export function FavoriteHeart({ artist, variant = 'icon' }: FavoriteHeartProps) {
  const favorites = useFavoritesList();
  const addFavorite = useAddFavorite();
  const removeFavorite = useRemoveFavorite();
  const favorited = favorites.some((favorite) => favorite.id === artist.id);
  const { ask: onClick, dialog } = useConfirmedToggle(favorited, () =>
    favorited ? removeFavorite.mutateAsync({ artistId: artist.id }) : addFavorite.mutateAsync({ artistId: artist.id }),
  );

  const label = heartLabel(favorited);
  return (
    <>
      {variant === 'button' ? (
        <button type="button" className={favorited ? 'btn btn-ghost favorite-btn is-favorite' : 'btn btn-ghost favorite-btn'} aria-pressed={favorited} onClick={onClick}>
          <HeartIcon size={18} filled={favorited} /> {label}
        </button>
      ) : (
        <button
          type="button"
          className={cardHeartClass(favorited)}
          aria-pressed={favorited}
          aria-label={`${label}: ${artist.title}`}
          onClick={onClick}
        >
          <HeartIcon size={18} filled={favorited} />
        </button>
      )}
      {dialog && (
        <ToggleConfirmDialog favorited={favorited} {...dialog}>
          {favorited ? (
            <p>
              Remove <strong>{artist.title}</strong> from your favorites?
            </p>
          ) : (
            <p>
              Add <strong>{artist.title}</strong> to your favorites?
            </p>
          )}
        </ToggleConfirmDialog>
      )}
    </>
  );
}

interface ToggleDialog {
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The flow both hearts share: signed out, `ask` opens the login dialog; signed in, it
 * opens the confirmation, whose confirm runs `toggle`, plays the favorite or unfavorite
 * effect and closes, or keeps the dialog open with the error (logged,
 * and said, so the click is not lost silently). `dialog` is null while closed.
 */
export function useConfirmedToggle(favorited: boolean, toggle: () => Promise<unknown>): { ask: () => void; dialog: ToggleDialog | null } {
  const signedIn = useSignedIn();
  const [asking, setAsking] = useState(false);
  // The sound follows what the click did (by the time it is done, the lists say the other).
  const toggling = useAction(
    (_wasFavorited: boolean) => toggle(),
    (_, wasFavorited) => {
      playSound(wasFavorited ? 'unfavorite' : 'favorite');
      setAsking(false);
    },
  );
  const ask = () => {
    if (!signedIn) {
      showLogin();
      return;
    }
    toggling.reset();
    setAsking(true);
  };
  const dialog = {
    busy: toggling.busy,
    error: toggling.error,
    onConfirm: () => toggling.run(favorited),
    onCancel: () => setAsking(false),
  };
  return { ask, dialog: asking ? dialog : null };
}

/** "Add to Favorites?" or "Remove from Favorites?", with the matching button. */
export function ToggleConfirmDialog({ favorited, children, ...dialog }: ToggleDialog & { favorited: boolean; children: ReactNode }) {
  return (
    <ConfirmDialog
      title={favorited ? 'Remove from Favorites?' : 'Add to Favorites?'}
      confirmLabel={favorited ? 'Remove' : 'Add'}
      danger={favorited}
      {...dialog}
    >
      {children}
    </ConfirmDialog>
  );
}
