import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useNavigate } from '../../lib/navigation';
import { Link } from '../../components/link';
import { api, links, titles, type Artist, type FavoriteFolder, type VideoFavorite, routes } from '../../generated/contract';
import { ArtistImage } from '../../components/artist-image';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ExternalLink } from '../../components/external-link';
import { VideoThumbnail } from '../../components/video-thumbnail';
import { CloseIcon, GridIcon, HeartIcon, PlayIcon, SearchIcon } from '../../components/icons';
import { useSignedIn } from '../../lib/account';
import { requestPlay, showLogin } from '../../lib/events';
import { useLibraryActions, type LibraryActions } from '../../lib/visitor-library';
import { playSound } from '../../lib/sound';
import { useNotFoundHead } from '../../lib/use-document-head';
import { useDocumentTitle } from '../../lib/use-document-title';
import { addable, artistHref, filterItems, folderTrackCount, isVideoItem, opensInPlayer, playlistItems, trackCount, viewItems, type LibraryItem } from './library';
import { AddToFolderDialog, MoveDialog, NewFolderDialog, RenameFolderDialog } from './library-dialogs';
import { useAction } from '../../lib/use-action';
import './library.css';

/** Why Play All is greyed out while favorites are in view. */
const NOTHING_PLAYABLE = 'None of these favorites has a video yet';

/** "1 of these 5 favorites has no video yet; Play All skips it." */
function skippedNote(skipped: number, shown: number): string {
  return skipped === 1
    ? `1 of these ${shown} favorites has no video yet; Play All skips it.`
    : `${skipped} of these ${shown} favorites have no video yet; Play All skips them.`;
}

/**
 * /favorites and /favorites/folder/{folderId}: one screen, showing the
 * top level or one folder. The lists come from the page's server-rendered state (the
 * server primes them for a signed-in visitor); after a sign-in on this page they load.
 */
export function FavoritesPage() {
  const signedIn = useSignedIn();
  const { folderId: rawFolder } = useParams();
  const folderId = rawFolder === undefined ? null : /^[1-9][0-9]{0,9}$/.test(rawFolder) ? Number(rawFolder) : -1;

  // Signed out, the screen opens the login dialog instead of listing favorites (after
  // this render, so the frame's dialog host is listening).
  useEffect(() => {
    if (signedIn) return;
    const timer = setTimeout(showLogin, 0);
    return () => clearTimeout(timer);
  }, [signedIn]);

  if (!signedIn) return <SignedOut />;
  return <Library folderId={folderId} />;
}

function SignedOut() {
  useDocumentTitle(titles.favorites());
  return (
    <div className="page library-page">
      <h1>My Favorites</h1>
      <div className="state-box">
        <p>
          <strong className="state-title">Login Required</strong> Log in to keep your favorite artists and videos, and to sort them into folders.
        </p>
        <div className="state-actions">
          <button type="button" className="btn btn-primary" onClick={showLogin}>
            Log In
          </button>
          <Link to={routes.browse.href()} className="btn btn-ghost">
            Explore Artists
          </Link>
        </div>
      </div>
    </div>
  );
}

type Pending =
  | { kind: 'remove'; item: LibraryItem }
  | { kind: 'deleteFolder'; folder: FavoriteFolder }
  | { kind: 'move'; artist: Artist }
  | { kind: 'newFolder' }
  | { kind: 'renameFolder'; folder: FavoriteFolder }
  | { kind: 'add' }
  | null;

function Library({ folderId }: { folderId: number | null }) {
  const navigate = useNavigate();
  const actions = useLibraryActions();
  const favoritesQuery = useQuery<Artist[]>({ queryKey: [api.favorites()] });
  const foldersQuery = useQuery<FavoriteFolder[]>({ queryKey: [api.favoriteFolders()] });
  const videosQuery = useQuery<VideoFavorite[]>({ queryKey: [api.videoFavorites()] });
  const favorites = favoritesQuery.data ?? [];
  const folders = foldersQuery.data ?? [];
  const videos = videosQuery.data ?? [];
  const folder = folderId === null ? null : (folders.find((f) => f.id === folderId) ?? null);
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  // A confirmed dialog's write: the dialog closes when it is done, or shows its error.
  const { run, busy, error, reset } = useAction((work: () => Promise<unknown>) => work(), () => setPending(null));

  const loading = favoritesQuery.isPending || foldersQuery.isPending || videosQuery.isPending;
  const missing = folderId !== null && !folder && !loading;
  useDocumentTitle(folder ? titles.favoritesFolder(folder.name) : missing ? titles.folderNotFound() : titles.favorites());
  useNotFoundHead(missing);
  // A new view starts with an empty search.
  useEffect(() => setSearch(''), [folderId]);

  if (loading) {
    return (
      <div className="page library-page" aria-busy="true">
        <h1>My Favorites</h1>
        <p className="muted">Loading your favorites...</p>
      </div>
    );
  }
  if (folderId !== null && !folder) {
    return (
      <div className="page library-page">
        <h1>Folder Not Found</h1>
        <div className="state-box" role="alert">
          <p>
            <strong className="state-title">Not Found:</strong> This folder could not be found. It may have been deleted.
          </p>
          <div className="state-actions">
            <Link to={routes.favorites.href()} className="btn btn-primary">
              My Favorites
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const currentFolderId = folder?.id ?? null;
  const items = viewItems(folder ? folder.artists : favorites, videos, currentFolderId);
  const shown = filterItems(items, search);
  const name = folder ? folder.name : 'My Favorites';
  const close = () => {
    setPending(null);
    reset();
  };

  // Favorites in view without a video never play: Play All says how many it skips, and
  // is greyed when that is all of them.
  const tracks = playlistItems(shown);
  const withoutVideo = shown.length - tracks.length;
  const playAllNote = withoutVideo === 0 ? null : tracks.length === 0 ? NOTHING_PLAYABLE : skippedNote(withoutVideo, shown.length);

  const playAll = () => {
    if (tracks.length > 0) requestPlay({ items: tracks, name, startIndex: 0, isPlaylist: true });
  };

  const openVideo = (item: LibraryItem) => {
    const [track] = playlistItems([item]);
    if (!track) return;
    // The player (its own feature) plays it; it listens for play requests.
    requestPlay({ items: [track], name: track.title, startIndex: 0, isPlaylist: false });
  };

  const removeItem = (item: LibraryItem) =>
    run(async () => {
      if (isVideoItem(item)) {
        const videoId = String(item.id).slice(String(item.originalArtistId).length + 1);
        await actions.removeVideoFavorite.mutateAsync({ artistId: item.originalArtistId, videoId, folderId: currentFolderId });
      } else {
        await actions.removeFavorite.mutateAsync({ artistId: item.id, folderId: currentFolderId });
      }
      playSound('unfavorite');
    });

  const deleteFolder = (target: FavoriteFolder) =>
    run(async () => {
      await actions.deleteFolder.mutateAsync(target.id);
      // Deleting the current folder unsets it (back to the main favorites).
      if (target.id === currentFolderId) navigate(routes.favorites.href());
    });

  return (
    <div className="page library-page">
      <header className="library-head">
        <div>
          {folder && (
            <Link to={routes.favorites.href()} className="text-link library-up">
              My Favorites
            </Link>
          )}
          <h1 className="library-title">{name}</h1>
          {folder && <p className="library-count">{trackCount(items.length)}</p>}
        </div>
        <div className="library-buttons">
          <button
            type="button"
            className="btn btn-primary"
            onClick={playAll}
            disabled={tracks.length === 0}
            aria-describedby={playAllNote ? 'play-all-reason' : undefined}
          >
            <PlayIcon size={18} /> Play All
          </button>
          {playAllNote && (
            <p id="play-all-reason" className="library-note">
              {playAllNote}
            </p>
          )}
          {!folder && (
            <button type="button" className="btn btn-ghost" onClick={() => setPending({ kind: 'newFolder' })}>
              New Folder
            </button>
          )}
          {folder && items.length > 0 && (
            <button type="button" className="btn btn-ghost" onClick={() => setPending({ kind: 'add' })}>
              Add
            </button>
          )}
          {folder && (
            <button type="button" className="btn btn-ghost" onClick={() => setPending({ kind: 'renameFolder', folder })}>
              Rename Folder
            </button>
          )}
          {folder && (
            <button type="button" className="btn btn-ghost" onClick={() => setPending({ kind: 'deleteFolder', folder })}>
              Delete Folder
            </button>
          )}
        </div>
      </header>

      {items.length > 0 && (
        <div className="library-search" role="search">
          <SearchIcon size={18} className="library-search-icon" />
          <input
            type="search"
            className="library-input"
            aria-label={folder ? 'Search folder tracks' : 'Search favorites'}
            placeholder={folder ? 'Search folder tracks...' : 'Search favorites...'}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}

      {!folder && folders.length > 0 && (
        <section className="library-folders" aria-labelledby="my-folders-title">
          <h2 id="my-folders-title">My Folders</h2>
          <ul className="folder-grid">
            {folders.map((entry) => (
              <li key={entry.id} className="folder-card">
                <Link to={routes.favoritesFolder.href(entry.id)} className="folder-card-link">
                  <GridIcon size={20} />
                  <span className="folder-card-name">{entry.name}</span>
                  <span className="folder-card-count">{trackCount(folderTrackCount(entry, videos))}</span>
                </Link>
                <button type="button" className="icon-btn folder-delete" aria-label={`Delete folder ${entry.name}`} onClick={() => setPending({ kind: 'deleteFolder', folder: entry })}>
                  <CloseIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {items.length === 0 ? (
        folder ? (
          <div className="state-box library-empty">
            <p>
              <strong className="state-title">Empty Folder</strong> Add artists from your favorites to this folder.
            </p>
            <div className="state-actions">
              <button type="button" className="btn btn-primary" onClick={() => setPending({ kind: 'add' })}>
                Add from Favorites
              </button>
            </div>
          </div>
        ) : (
          <div className="state-box library-empty">
            <HeartIcon size={32} className="library-empty-icon" />
            <p>
              <strong className="state-title">Start Your Collection</strong> Tap the heart on any artist to save it here.
            </p>
            <div className="state-actions">
              <Link to={routes.browse.href()} className="btn btn-primary">
                Explore Artists
              </Link>
            </div>
          </div>
        )
      ) : shown.length === 0 ? (
        <div className="state-box library-empty">
          <p>
            <strong className="state-title">No matches found</strong> Nothing here matches &ldquo;{search.trim()}&rdquo;.
          </p>
          <div className="state-actions">
            <button type="button" className="btn btn-primary" onClick={() => setSearch('')}>
              Clear Search
            </button>
          </div>
        </div>
      ) : (
        <section aria-labelledby="tracks-title">
          <h2 id="tracks-title" className="sr-only">
            {folder ? 'Tracks' : 'Favorites'}
          </h2>
          <ul className="artist-grid library-grid">
            {shown.map((item) => (
              <li key={item.id}>
                <LibraryCard
                  item={item}
                  href={isVideoItem(item) ? null : artistHref(links, item.id, currentFolderId)}
                  onOpenVideo={() => openVideo(item)}
                  onRemove={() => setPending({ kind: 'remove', item })}
                  onMove={isVideoItem(item) ? null : () => setPending({ kind: 'move', artist: item })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <Dialogs pending={pending} folder={folder} folders={folders} favorites={favorites} videos={videos} actions={actions} busy={busy} error={error} close={close} removeItem={removeItem} deleteFolder={deleteFolder} onCreated={() => close()} currentFolderId={currentFolderId} />
    </div>
  );
}

function Dialogs({
  pending,
  folder,
  folders,
  favorites,
  videos,
  actions,
  busy,
  error,
  close,
  removeItem,
  deleteFolder,
  onCreated,
  currentFolderId,
}: {
  pending: Pending;
  folder: FavoriteFolder | null;
  folders: FavoriteFolder[];
  favorites: Artist[];
  videos: VideoFavorite[];
  actions: LibraryActions;
  busy: boolean;
  error: string | null;
  close: () => void;
  removeItem: (item: LibraryItem) => void;
  deleteFolder: (folder: FavoriteFolder) => void;
  onCreated: (id: number) => void;
  currentFolderId: number | null;
}) {
  if (!pending) return null;
  switch (pending.kind) {
    case 'remove':
      return (
        <ConfirmDialog title="Remove Track?" confirmLabel="Remove" danger busy={busy} error={error} onConfirm={() => removeItem(pending.item)} onCancel={close}>
          <p>
            Remove <strong>{pending.item.title}</strong> from {folder ? folder.name : 'your favorites'}?
          </p>
        </ConfirmDialog>
      );
    case 'deleteFolder':
      return (
        <ConfirmDialog title="Delete Folder?" confirmLabel="Delete" danger busy={busy} error={error} onConfirm={() => deleteFolder(pending.folder)} onCancel={close}>
          <p>
            Delete the folder <strong>{pending.folder.name}</strong>? Its tracks go back to your main favorites.
          </p>
        </ConfirmDialog>
      );
    case 'move':
      return <MoveDialog artist={pending.artist} fromFolderId={currentFolderId} folders={folders} actions={actions} onClose={close} />;
    case 'newFolder':
      return <NewFolderDialog actions={actions} onCreated={onCreated} onClose={close} />;
    case 'renameFolder':
      return <RenameFolderDialog folder={pending.folder} actions={actions} onClose={close} />;
    case 'add':
      return folder ? <AddToFolderDialog folder={folder} candidates={addable(favorites, videos, folder)} actions={actions} onClose={close} /> : null;
  }
}

/** One favorite: opens the artist (in favorites mode) or plays the video; remove and move buttons. */
function LibraryCard({
  item,
  href,
  onOpenVideo,
  onRemove,
  onMove,
}: {
  item: LibraryItem;
  href: string | null;
  onOpenVideo: () => void;
  onRemove: () => void;
  onMove: (() => void) | null;
}) {
  // A video favorite shows its thumbnail under a play mark (never initials of its title, which
  // make two videos of one artist look alike) and names its artist.
  const body = isVideoItem(item) ? (
    <>
      <span className="artist-card-media library-video-media">
        <VideoThumbnail src={item.imageUrl} width={300} height={300} />
        <PlayIcon size={28} className="library-video-mark" />
      </span>
      <div className="artist-card-body">
        <h3 className="artist-card-title">{item.title}</h3>
        <p className="artist-card-genres">{`${item.originalArtistName} · Video`}</p>
      </div>
    </>
  ) : (
    <>
      <ArtistImage src={item.imageUrl} title={item.title} genres={item.genres} className="artist-card-media" width={300} height={300} decorative />
      <div className="artist-card-body">
        <h3 className="artist-card-title">{item.title}</h3>
        <p className="artist-card-genres">{item.genres.length > 0 ? item.genres.slice(0, 2).join(' · ') : 'Artist'}</p>
      </div>
    </>
  );
  return (
    <article className="artist-card library-card" data-library-item={item.id}>
      {href !== null ? (
        <Link to={href} className="artist-card-link" data-artist-id={item.id}>
          {body}
        </Link>
      ) : opensInPlayer(item) ? (
        <button type="button" className="artist-card-link library-card-play" onClick={onOpenVideo}>
          {body}
        </button>
      ) : (
        <div className="artist-card-link">{body}</div>
      )}
      <div className="library-card-actions">
        {href === null && item.soloVideoLink && (
          // The video on its service, through the external-link warning (the card itself plays it in the player).
          <ExternalLink href={item.soloVideoLink} className="btn btn-ghost btn-sm" aria-label={`Watch ${item.title} on YouTube`}>
            Watch
          </ExternalLink>
        )}
        {onMove && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onMove} aria-label={`Move ${item.title}`}>
            Move
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove} aria-label={`Remove ${item.title}`}>
          Remove
        </button>
      </div>
    </article>
  );
}
