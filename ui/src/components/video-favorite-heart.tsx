import type { NewVideoFavorite } from '../generated/contract';
import { useAddVideoFavorite, useRemoveVideoFavorite, useVideoFavoritesList } from '../lib/visitor-library';
import { ToggleConfirmDialog, useConfirmedToggle } from './favorite-heart';
import { HeartIcon } from './icons';
import './favorite-heart.css';

/**
 * The heart on a video (an artist's channel videos, the player): saves it as a video
 * favorite at the top level, which the favorites screen lists as a pseudo-artist. Same
 * confirmation as the artist heart; signed out it opens the login dialog. Filled from
 * the video favorites in the page's state; a removal that fails puts the row back, so
 * the heart shows favorited again.
 */
export function VideoFavoriteHeart({ video }: { video: NewVideoFavorite }) {
  const videos = useVideoFavoritesList();
  const addVideoFavorite = useAddVideoFavorite();
  const removeVideoFavorite = useRemoveVideoFavorite();
  const favorited = videos.some((row) => row.artistId === video.artistId && row.videoId === video.videoId && row.folderId === null);
  const { ask, dialog } = useConfirmedToggle(favorited, () =>
    favorited
      ? removeVideoFavorite.mutateAsync({ artistId: video.artistId, videoId: video.videoId })
      : addVideoFavorite.mutateAsync({ ...video, folderId: undefined }),
  );

  const label = favorited ? 'Remove from Favorites' : 'Add to Favorites';
  return (
    <>
      <button
        type="button"
        className={favorited ? 'card-heart is-favorite' : 'card-heart'}
        aria-pressed={favorited}
        aria-label={`${label}: ${video.title}`}
        onClick={ask}
      >
        <HeartIcon size={18} filled={favorited} />
      </button>
      {dialog && (
        <ToggleConfirmDialog favorited={favorited} {...dialog}>
          <p>
            {favorited ? 'Remove' : 'Add'} the video <strong>{video.title}</strong> {favorited ? 'from' : 'to'} your favorites?
          </p>
        </ToggleConfirmDialog>
      )}
    </>
  );
}
