import type { PlaylistItem, PlayRequest } from '../../lib/events';

/**
 * The playlist player's behaviour as a pure reducer:
 * no timers, no DOM, no video service. The UI and the video adapter only send
 * actions and read the state, so every rule here is tested without a browser.
 *
 * `items` keep the queue's unshuffled order; `order` lists item indices in
 * play order (a permutation of items, changed by shuffle); `current` is a
 * position in `order`. The queue shows the rows in play order.
 */
export interface PlayerState {
  items: PlaylistItem[];
  order: number[];
  /** Position in `order` of the current track; -1 when there is none. */
  current: number;
  playing: boolean;
  shuffled: boolean;
  volume: number;
  /** The volume a long-press mute saved; null when not muted that way. */
  mutedVolume: number | null;
  name: string;
  open: boolean;
  minimized: boolean;
  /** False for a single video: then `loop` may replay it on end. */
  isPlaylist: boolean;
  loop: boolean;
  /** Seconds into the current track, and its length (0 while unknown). */
  position: number;
  duration: number;
  /** Bumped whenever the current track (re)starts from its beginning: the video reloads. */
  epoch: number;
  /**
   * What the embedded video reports: playing (true) or not (false, also while a track
   * loads). `playing` above is what the listener asked for; the play/pause button shows
   * this one, so it never says Pause while nothing plays.
   */
  videoPlaying: boolean;
  /** Bumped by every press of Play: the video is asked again even when `playing` already was true (a start the browser held back). */
  playAsked: number;
  /** Why the current track cannot play (no video, a refused video); null while it may. */
  unplayable: string | null;
  /** Entries tried in a row without one playing while the playlist plays, and the position where that run began. */
  skipped: number;
  skipFrom: number;
  /** Every entry was tried once and none played. */
  noneCouldPlay: boolean;
}

/** The starting volume and the volume buttons' step. */
export const DEFAULT_VOLUME = 0.8;
export const VOLUME_STEP = 0.1;
/** The maximized overlay's title without a playlist name. */
export const DEFAULT_PLAYLIST_NAME = 'Favorites Playlist';

export const initialState: PlayerState = {
  items: [],
  order: [],
  current: -1,
  playing: false,
  shuffled: false,
  volume: DEFAULT_VOLUME,
  mutedVolume: null,
  name: DEFAULT_PLAYLIST_NAME,
  open: false,
  minimized: false,
  isPlaylist: true,
  loop: false,
  position: 0,
  duration: 0,
  epoch: 0,
  videoPlaying: false,
  playAsked: 0,
  unplayable: null,
  skipped: 0,
  skipFrom: 0,
  noneCouldPlay: false,
};

export type PlayerAction =
  | { type: 'load'; request: PlayRequest }
  | { type: 'close' }
  | { type: 'minimize' }
  | { type: 'maximize' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'toggle' }
  | { type: 'next' }
  | { type: 'previous' }
  /** Jump to a queue row (a position in play order). */
  | { type: 'jump'; position: number }
  | { type: 'add'; items: PlaylistItem[] }
  /** Remove a queue row. */
  | { type: 'remove'; position: number }
  /** Move a queue row from one position to another. */
  | { type: 'reorder'; from: number; to: number }
  /** `random` returns a number in [0, 1), injectable for tests. */
  | { type: 'shuffle'; random?: () => number }
  | { type: 'setVolume'; volume: number }
  /** The long press on the volume button: mute saving the volume, or restore it. */
  | { type: 'longPressVolume' }
  | { type: 'setLoop'; loop: boolean }
  /** Progress from the video (every second) or a seek by the user. */
  | { type: 'progress'; position: number; duration?: number }
  | { type: 'seek'; position: number }
  /** The video service said the track ended. */
  | { type: 'ended' }
  /** The video service's own play/pause (e.g. the user clicked inside the frame). */
  | { type: 'videoState'; playing: boolean }
  /**
   * The video service cued the track's video (loaded it without playing, as asked): the
   * video is not playing, but nobody paused it, so a Play asked for meanwhile stands.
   */
  | { type: 'videoCued' }
  /** The current track cannot play, and why (no video for it, or the video service refused it). */
  | { type: 'unplayable'; reason: string }
  | { type: 'restore'; state: PlayerState };

const identity = (length: number) => Array.from({ length }, (_, index) => index);

const clampVolume = (volume: number) => {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME;
  // Steps of 0.1 without floating-point crumbs (0.30000000000000004).
  return Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
};

/** The track being played, or null. */
export function currentItem(state: PlayerState): PlaylistItem | null {
  const index = state.order[state.current];
  return index === undefined ? null : (state.items[index] ?? null);
}

/** The queue as shown: items in play order. */
export function queue(state: PlayerState): PlaylistItem[] {
  return state.order.map((index) => state.items[index]).filter((item): item is PlaylistItem => item !== undefined);
}

/** Shown only with a current track. */
export function isVisible(state: PlayerState): boolean {
  return state.open && currentItem(state) !== null;
}

/** Moves `current` and, when the track changes, resets the position to 0; the video reloads, so nothing plays until it says so. */
function goTo(state: PlayerState, position: number): PlayerState {
  const changed = position !== state.current;
  return { ...state, current: position, position: 0, duration: changed ? 0 : state.duration, epoch: state.epoch + 1, videoPlaying: false, unplayable: null };
}

/** A move the listener asked for: any run of skipped entries starts afresh. */
const userGoTo = (state: PlayerState, position: number): PlayerState => ({ ...goTo(state, position), skipped: 0 });

const wrap = (position: number, length: number) => ((position % length) + length) % length;

function moved<T>(list: T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [entry] = copy.splice(from, 1);
  copy.splice(to, 0, entry as T);
  return copy;
}

/** Fisher-Yates over the item indices, with the current track first (index 0). */
function shuffledOrder(length: number, first: number, random: () => number): number[] {
  const rest = identity(length).filter((index) => index !== first);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  return first >= 0 ? [first, ...rest] : rest;
}

/** A playlist of more than one entry moves past an entry that cannot play. */
const canSkip = (state: PlayerState) => state.isPlaylist && state.order.length > 1;

/**
 * The playing playlist's current entry cannot play: the next one is tried, each entry
 * once; when none could, the player goes back to where the run began, paused, and says so.
 */
function skipUnplayable(state: PlayerState): PlayerState {
  const skipped = state.skipped + 1;
  const skipFrom = state.skipped === 0 ? state.current : state.skipFrom;
  if (skipped < state.order.length) return { ...goTo(state, wrap(state.current + 1, state.order.length)), playing: true, skipped, skipFrom };
  return { ...goTo(state, skipFrom), playing: false, skipped: 0, noneCouldPlay: true };
}

/** Play: asks the video (again); on an entry that cannot play, a playlist tries its next ones and a single video stays paused. */
function resume(state: PlayerState): PlayerState {
  if (!currentItem(state)) return state;
  if (state.unplayable !== null) return canSkip(state) ? skipUnplayable({ ...state, playing: true, skipped: 0 }) : state;
  return { ...state, playing: true, playAsked: state.playAsked + 1 };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'load': {
      const items = action.request.items.filter((item) => item && typeof item.soloVideoLink === 'string');
      if (items.length === 0) return state;
      const start = Math.min(Math.max(0, Math.trunc(action.request.startIndex ?? 0)), items.length - 1);
      return {
        ...state,
        items,
        order: identity(items.length),
        current: start,
        shuffled: false,
        name: action.request.name?.trim() || DEFAULT_PLAYLIST_NAME,
        isPlaylist: action.request.isPlaylist ?? items.length > 1,
        open: true,
        minimized: false,
        // Playing starts a moment later (the 300 ms + 500 ms opening).
        playing: false,
        position: 0,
        duration: 0,
        epoch: state.epoch + 1,
        videoPlaying: false,
        unplayable: null,
        skipped: 0,
        noneCouldPlay: false,
      };
    }
    case 'close':
      // Keep only the listener's volume choice.
      return { ...initialState, volume: state.volume, mutedVolume: state.mutedVolume, epoch: state.epoch + 1 };
    case 'minimize':
      return state.open ? { ...state, minimized: true } : state;
    case 'maximize':
      return state.open ? { ...state, minimized: false } : state;
    case 'pause':
      return { ...state, playing: false };
    case 'resume':
      return resume(state);
    case 'toggle':
      // What the button showed: Pause while the video plays, Play otherwise.
      return state.videoPlaying ? { ...state, playing: false } : resume(state);
    case 'videoState':
      if (!currentItem(state)) return state;
      return action.playing ? { ...state, playing: true, videoPlaying: true, skipped: 0, noneCouldPlay: false } : { ...state, playing: false, videoPlaying: false };
    case 'videoCued':
      return state.videoPlaying ? { ...state, videoPlaying: false } : state;
    case 'unplayable': {
      if (!currentItem(state)) return state;
      const failed = { ...state, unplayable: action.reason, videoPlaying: false };
      return state.playing && canSkip(state) ? skipUnplayable(failed) : { ...failed, playing: false, skipped: 0 };
    }
    case 'next':
      if (state.order.length === 0) return state;
      return userGoTo(state, wrap(state.current + 1, state.order.length));
    case 'previous':
      if (state.order.length === 0) return state;
      return userGoTo(state, wrap(state.current - 1, state.order.length));
    case 'jump':
      if (!Number.isInteger(action.position) || action.position < 0 || action.position >= state.order.length) return state;
      return { ...userGoTo(state, action.position), playing: true };
    case 'add': {
      if (action.items.length === 0) return state;
      const items = [...state.items, ...action.items];
      const order = [...state.order, ...action.items.map((_, offset) => state.items.length + offset)];
      const wasEmpty = state.order.length === 0;
      const grown = { ...state, items, order, isPlaylist: wasEmpty ? items.length > 1 || state.isPlaylist : true, skipped: 0, noneCouldPlay: false };
      return wasEmpty ? goTo(grown, 0) : grown;
    }
    case 'remove': {
      const { position } = action;
      if (!Number.isInteger(position) || position < 0 || position >= state.order.length) return state;
      const removedIndex = state.order[position] as number;
      const items = state.items.filter((_, index) => index !== removedIndex);
      const order = state.order.filter((_, at) => at !== position).map((index) => (index > removedIndex ? index - 1 : index));
      if (order.length === 0) return { ...initialState, volume: state.volume, mutedVolume: state.mutedVolume, epoch: state.epoch + 1 };
      const shorter = { ...state, items, order, skipped: 0 };
      if (position < state.current) return { ...shorter, current: state.current - 1 };
      if (position > state.current) return shorter;
      // The current track went: the one after it (or the first, wrapping) plays from 0
      // (a new track even at the same position: its length is not known yet).
      return goTo({ ...shorter, current: -1 }, position % order.length);
    }
    case 'reorder': {
      const { from, to } = action;
      const length = state.order.length;
      if (![from, to].every((n) => Number.isInteger(n) && n >= 0 && n < length) || from === to) return state;
      const currentIndex = state.order[state.current];
      if (state.shuffled) {
        const order = moved(state.order, from, to);
        return { ...state, order, current: order.indexOf(currentIndex as number), skipped: 0 };
      }
      // Unshuffled, the queue is the items' own order: move the item itself,
      // so a later shuffle and unshuffle comes back to this order.
      const items = moved(state.items, from, to);
      const current = moved(identity(length), from, to).indexOf(currentIndex as number);
      return { ...state, items, current, skipped: 0 };
    }
    case 'shuffle': {
      if (state.order.length === 0) return { ...state, shuffled: !state.shuffled };
      const currentIndex = state.order[state.current] ?? -1;
      if (state.shuffled) {
        // Back to the original order, still on the same track.
        return { ...state, shuffled: false, order: identity(state.items.length), current: Math.max(0, currentIndex), skipped: 0 };
      }
      const order = shuffledOrder(state.items.length, currentIndex, action.random ?? Math.random);
      return { ...state, shuffled: true, order, current: 0, skipped: 0 };
    }
    case 'setVolume':
      return { ...state, volume: clampVolume(action.volume), mutedVolume: null };
    case 'longPressVolume':
      if (state.mutedVolume !== null) return { ...state, volume: state.mutedVolume, mutedVolume: null };
      return { ...state, mutedVolume: state.volume, volume: 0 };
    case 'setLoop':
      return { ...state, loop: action.loop };
    case 'progress':
    case 'seek': {
      if (!Number.isFinite(action.position)) return state;
      const duration = action.type === 'progress' && action.duration !== undefined && Number.isFinite(action.duration) ? Math.max(0, action.duration) : state.duration;
      const position = Math.max(0, duration > 0 ? Math.min(action.position, duration) : action.position);
      return { ...state, position, duration };
    }
    case 'ended': {
      if (!currentItem(state)) return state;
      if (!state.isPlaylist) {
        // A single video: loop replays it, otherwise it stops.
        return state.loop ? { ...state, position: 0, playing: true, epoch: state.epoch + 1 } : { ...state, playing: false };
      }
      return { ...goTo(state, wrap(state.current + 1, state.order.length)), playing: true };
    }
    case 'restore':
      return sanitize(action.state);
    default:
      return state;
  }
}

/** A state read back from storage, checked field by field (it may be stale or tampered with). */
export function sanitize(raw: unknown): PlayerState {
  if (!raw || typeof raw !== 'object') return initialState;
  const value = raw as Partial<PlayerState>;
  const items = Array.isArray(value.items)
    ? value.items
        .filter(
          (item): item is PlaylistItem =>
            !!item && typeof item.id === 'string' && typeof item.title === 'string' && typeof item.soloVideoLink === 'string' && Array.isArray(item.genres),
        )
        .map((item) => (item.artist === undefined || typeof item.artist === 'string' ? item : { ...item, artist: null }))
    : [];
  const order =
    Array.isArray(value.order) && value.order.length === items.length && identity(items.length).every((index) => value.order?.includes(index))
      ? value.order.slice()
      : identity(items.length);
  const current = Number.isInteger(value.current) && (value.current as number) >= 0 && (value.current as number) < order.length ? (value.current as number) : items.length ? 0 : -1;
  const bool = (field: unknown, fallback: boolean) => (typeof field === 'boolean' ? field : fallback);
  const num = (field: unknown, fallback: number) => (typeof field === 'number' && Number.isFinite(field) && field >= 0 ? field : fallback);
  // What is not saved (the video's own state, a playlist's skipping) starts as it does.
  return {
    ...initialState,
    items,
    order,
    current,
    shuffled: bool(value.shuffled, false) && items.length > 0,
    volume: clampVolume(num(value.volume, DEFAULT_VOLUME)),
    mutedVolume: typeof value.mutedVolume === 'number' ? clampVolume(value.mutedVolume) : null,
    name: typeof value.name === 'string' && value.name.trim() ? value.name : DEFAULT_PLAYLIST_NAME,
    open: bool(value.open, false) && items.length > 0,
    // A saved queue always comes back minimized: a reload must not open the
    // full-screen modal (its focus trap and page-scroll lock) without the visitor asking.
    minimized: items.length > 0,
    isPlaylist: bool(value.isPlaylist, true),
    loop: bool(value.loop, false),
    position: num(value.position, 0),
    duration: num(value.duration, 0),
  };
}

/** What the player's views (full, mini, queue, controls) may do to the player. */
export interface PlayerControls {
  dispatch: (action: PlayerAction) => void;
  play: (request: PlayRequest) => void;
  /** Seek from the slider: moves the video and holds progress updates briefly. */
  seek: (seconds: number) => void;
}
