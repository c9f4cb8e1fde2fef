import { useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { playSound } from '../../lib/sound';
import { formatTime } from './format';
import type { PlayerControls, PlayerState } from './playlist-state';

/** Long press 800 ms; volume 0 to 1 in steps of 0.1. */
export const LONG_PRESS_MS = 800;

/** A player button was pressed: the click effect (silent before a gesture or with the switch off), then its action. */
export function withClick(action: () => void): () => void {
  return () => {
    playSound('click');
    action();
  };
}

/** Small inline glyphs (client-only code: no server markup budget to keep). */
const PATHS: Record<string, string> = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  next: 'M6 6l8.5 6L6 18zM16 6h2v12h-2z',
  previous: 'M18 6l-8.5 6L18 18zM6 6h2v12H6z',
  queue: 'M3 6h13v2H3zm0 5h13v2H3zm0 5h9v2H3zm15-5v6l4-3z',
  maximize: 'M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z',
  minimize: 'M9 4h2v7H4V9h5zm4 0h2v5h5v2h-7zM4 13h7v7H9v-5H4zm9 0h7v2h-5v5h-2z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z',
  volume: 'M4 9v6h4l5 5V4L8 9zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M4 9v6h4l5 5V4L8 9zm12 .4 1.4-1.4 2.1 2.1 2.1-2.1L23 9.4 20.9 11.5 23 13.6 21.6 15l-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1z',
  shuffle: 'M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2.1H20v-5.5l-2 2z',
  loop: 'M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z',
  up: 'M7 14l5-5 5 5z',
  down: 'M7 10l5 5 5-5z',
  remove: 'M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z',
  grip: 'M9 5h2v2H9zm4 0h2v2h-2zM9 11h2v2H9zm4 0h2v2h-2zm-4 6h2v2H9zm4 0h2v2h-2z',
};

export function Glyph({ name, size = 20 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}

export function IconButton({
  label,
  glyph,
  onClick,
  pressed,
  className = '',
  size,
  ...rest
}: {
  label: string;
  glyph: keyof typeof PATHS;
  onClick: () => void;
  pressed?: boolean;
  className?: string;
  size?: number;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'>) {
  return (
    <button type="button" className={`player-btn ${className}`} aria-label={label} title={label} aria-pressed={pressed} onClick={withClick(onClick)} {...rest}>
      <Glyph name={glyph} size={size} />
    </button>
  );
}

/** The seek slider (step 1 s, max the duration or 100) with elapsed and total time. */
export function SeekBar({ state, controls, id }: { state: PlayerState; controls: PlayerControls; id: string }) {
  const max = state.duration > 0 ? Math.floor(state.duration) : 100;
  return (
    <div className="player-seek">
      <span className="player-time" aria-label="Elapsed time">
        {formatTime(state.position)}
      </span>
      <input
        id={id}
        type="range"
        min={0}
        max={max}
        step={1}
        value={Math.min(Math.floor(state.position), max)}
        aria-label="Seek"
        aria-valuetext={`${formatTime(state.position)} of ${formatTime(state.duration)}`}
        onChange={(event) => controls.seek(Number(event.currentTarget.value))}
      />
      <span className="player-time" aria-label="Total time">
        {formatTime(state.duration)}
      </span>
    </div>
  );
}

/** Previous, play/pause (Pause only while the video really plays) and next. */
export function TransportButtons({ state, controls, size }: { state: PlayerState; controls: PlayerControls; size?: number }) {
  return (
    <>
      <IconButton label="Previous track" glyph="previous" size={size} onClick={() => controls.dispatch({ type: 'previous' })} />
      <IconButton
        label={state.videoPlaying ? 'Pause' : 'Play'}
        glyph={state.videoPlaying ? 'pause' : 'play'}
        size={size}
        className="player-btn--main"
        onClick={() => controls.dispatch({ type: 'toggle' })}
      />
      <IconButton label="Next track" glyph="next" size={size} onClick={() => controls.dispatch({ type: 'next' })} />
    </>
  );
}

/**
 * The volume button: a click opens the 0 to 1 slider with its percent label; a long
 * press (800 ms) mutes, saving the volume, and a second long press restores it.
 */
export function VolumeControl({ state, controls }: { state: PlayerState; controls: PlayerControls }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const percent = `${Math.round(state.volume * 100)}%`;
  const start = () => {
    longPressed.current = false;
    timer.current = window.setTimeout(() => {
      longPressed.current = true;
      timer.current = null;
      controls.dispatch({ type: 'longPressVolume' });
    }, LONG_PRESS_MS);
  };
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  return (
    <div className="player-volume">
      <button
        type="button"
        className="player-btn"
        aria-label={`Volume ${percent}${state.mutedVolume !== null ? ' (muted)' : ''}`}
        title="Volume (long press to mute)"
        aria-expanded={open}
        aria-controls="player-volume-slider"
        onPointerDown={start}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onContextMenu={(event) => event.preventDefault()}
        onClick={() => {
          // The click that ends a long press is not a click.
          if (longPressed.current) longPressed.current = false;
          else withClick(() => setOpen((value) => !value))();
        }}
      >
        <Glyph name={state.volume === 0 ? 'muted' : 'volume'} />
      </button>
      {open && (
        <div className="player-volume-panel" id="player-volume-slider">
          <input
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={state.volume}
            aria-label="Volume"
            aria-valuetext={percent}
            onChange={(event) => controls.dispatch({ type: 'setVolume', volume: Number(event.currentTarget.value) })}
          />
          <span className="player-volume-label">{percent}</span>
        </div>
      )}
    </div>
  );
}

/**
 * Why nothing plays: the current track's reason, after a line saying so when the
 * playlist tried every entry and none could play. Nothing while the track may play.
 */
export function UnplayableNote({ state, className }: { state: PlayerState; className: string }) {
  if (state.unplayable === null && !state.noneCouldPlay) return null;
  return (
    <p className={className} role="alert">
      {state.noneCouldPlay && <strong className="player-none-played">{NONE_COULD_PLAY}</strong>}
      {state.unplayable !== null && <span>{state.unplayable}</span>}
    </p>
  );
}

/** Said when a playlist tried each of its entries and none could play. */
export const NONE_COULD_PLAY = 'None of these entries could be played.';

export function GenreBadges({ genres, max }: { genres: string[]; max: number }): ReactNode {
  const shown = genres.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <span className="player-genres">
      {shown.map((genre) => (
        <span key={genre} className="player-genre">
          {genre}
        </span>
      ))}
    </span>
  );
}
