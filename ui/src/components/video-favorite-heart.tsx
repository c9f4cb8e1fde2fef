import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, type NewVideoFavorite, type VideoFavorite } from '../generated/contract';
import { useSignedIn } from '../lib/account';
import { showLogin } from '../lib/events';
import { useLibraryActions } from '../lib/library';
import { ConfirmDialog } from './confirm-dialog';
import { HeartIcon } from './icons';
import './favorite-heart.css';

/**
 * The heart on a video (an artist's channel videos, the player): saves it as a video
 * favorite at the top level, which the favorites screen lists as a pseudo-artist. Same
 * confirmation as the artist heart; signed out it opens the login dialog. Filled from
 * the video favorites in the page's state; a removal that fails puts the row back, so
 * the heart shows favorited again (spec section 4).
 */
export function VideoFavoriteHeart({ video }: { video: NewVideoFavorite }) {
  const signedIn = useSignedIn();
  const { data: videos } = useQuery<VideoFavorite[]>({ queryKey: [api.videoFavorites()], enabled: false, staleTime: Infinity });
  const actions = useLibraryActions();
  const favorited = (videos ?? []).some((row) => row.artistId === video.artistId && row.videoId === video.videoId && row.folderId === null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (favorited) await actions.removeVideoFavorite(video.artistId, video.videoId);
      else await actions.addVideoFavorite({ ...video, folderId: undefined });
      // SOUND: the player feature's sound effects play "favorite"/"unfavorite" here once a ui/src/lib sound API exists.
      setAsking(false);
    } catch (failure) {
      console.error(failure);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const label = favorited ? 'Remove from Favorites' : 'Add to Favorites';
  return (
    <>
      <button
        type="button"
        className={favorited ? 'card-heart is-favorite' : 'card-heart'}
        aria-pressed={favorited}
        aria-label={`${label}: ${video.title}`}
        onClick={() => {
          if (!signedIn) {
            showLogin();
            return;
          }
          setError(null);
          setAsking(true);
        }}
      >
        <HeartIcon size={18} filled={favorited} />
      </button>
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
          <p>
            {favorited ? 'Remove' : 'Add'} the video <strong>{video.title}</strong> {favorited ? 'from' : 'to'} your favorites?
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
