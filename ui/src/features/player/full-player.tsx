import { useEffect, useId, useMemo, useRef } from 'react';
import { trapFocus } from '../../components/modal';
import { folderTrackCount, folderTracks, trackCount, useFoldersList, useVideoFavoritesList } from '../../lib/visitor-library';
import { GenreBadges, IconButton, SeekBar, TransportButtons, UnplayableNote, VolumeControl, withClick } from './controls';
import { folderLabel } from './format';
import { currentItem, type PlayerControls, type PlayerState } from './playlist-state';
import { FullQueue } from './queue';

/**
 * The "Load Folder" dropdown: the signed-in visitor's folders (the library's cached lists;
 * empty signed out), each with what it holds and how much of that has no video (playing
 * it plays its artists and its video favorites that have a video link, as the folder
 * page's Play All). A folder with nothing to play is listed but disabled.
 */
export function LoadFolder({ controls }: { controls: PlayerControls }) {
  const list = useFoldersList();
  const videos = useVideoFavoritesList();
  const folders = useMemo(() => list.map((folder) => ({ folder, tracks: folderTracks(folder, videos) })), [list, videos]);
  const id = useId();
  return (
    <div className="player-folder">
      <label htmlFor={id} className="sr-only">
        Load Folder
      </label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const chosen = folders.find((entry) => String(entry.folder.id) === event.currentTarget.value);
          if (chosen && chosen.tracks.length > 0) controls.play({ items: chosen.tracks, name: chosen.folder.name, startIndex: 0, isPlaylist: true });
        }}
      >
        <option value="">Load Folder</option>
        {folders.length === 0 ? (
          <option value="none" disabled>
            No folders available
          </option>
        ) : (
          folders.map(({ folder, tracks }) => (
            <option key={folder.id} value={String(folder.id)} disabled={tracks.length === 0}>
              {folderLabel(folder.name, folderTrackCount(folder, videos), tracks.length)}
            </option>
          ))
        )}
      </select>
    </div>
  );
}

/** The maximized player, a full-screen modal overlay. */
export function FullPlayer({
  state,
  controls,
  setSlot,
}: {
  state: PlayerState;
  controls: PlayerControls;
  setSlot: (element: HTMLElement | null) => void;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstButton = useRef<HTMLButtonElement>(null);
  const item = currentItem(state);

  useEffect(() => {
    firstButton.current?.focus();
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, []);

  if (!item) return null;
  const total = state.order.length;
  return (
    <div
      className="player-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="player-title"
      ref={dialogRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          controls.dispatch({ type: 'minimize' });
        } else {
          trapFocus(event, dialogRef.current);
        }
      }}
    >
      <div className="player-overlay-head">
        <h2 id="player-title" className="player-overlay-title">
          {state.name}
        </h2>
        <LoadFolder controls={controls} />
        <div className="player-overlay-actions">
          <button ref={firstButton} type="button" className="player-btn" aria-label="Minimize player" title="Minimize player" onClick={withClick(() => controls.dispatch({ type: 'minimize' }))}>
            <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M5 17h14v2H5z" fill="currentColor" />
            </svg>
          </button>
          <IconButton label="Close player" glyph="close" onClick={() => controls.dispatch({ type: 'close' })} />
        </div>
      </div>
      <div className="player-overlay-body">
        <div className="player-stage">
          <div className="player-video-slot" ref={setSlot}>
            <UnplayableNote state={state} className="player-video-error" />
          </div>
          <SeekBar state={state} controls={controls} id="player-full-seek" />
          <div className="player-controls">
            <IconButton label={state.shuffled ? 'Shuffle on' : 'Shuffle off'} glyph="shuffle" pressed={state.shuffled} onClick={() => controls.dispatch({ type: 'shuffle' })} />
            <TransportButtons state={state} controls={controls} size={24} />
            <VolumeControl state={state} controls={controls} />
            {!state.isPlaylist && (
              <IconButton label="Loop" glyph="loop" pressed={state.loop} onClick={() => controls.dispatch({ type: 'setLoop', loop: !state.loop })} />
            )}
          </div>
          <div className="player-now">
            <h3 className="player-now-title">{item.title}</h3>
            <p className="player-now-count">
              Track {state.current + 1} of {total}
            </p>
            <GenreBadges genres={item.genres} max={3} />
          </div>
        </div>
        <section className="player-queue-panel" aria-labelledby="player-queue-title">
          <h3 id="player-queue-title" className="player-queue-heading">
            Playlist Queue ({trackCount(total)})
          </h3>
          <FullQueue state={state} controls={controls} />
        </section>
      </div>
    </div>
  );
}
