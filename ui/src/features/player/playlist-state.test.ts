import { describe, expect, it } from 'vitest';
import type { PlaylistItem } from '../../lib/events';
import {
  DEFAULT_PLAYLIST_NAME,
  currentItem,
  initialState,
  isVisible,
  playerReducer,
  queue,
  sanitize,
  type PlayerAction,
  type PlayerState,
} from './playlist-state';

const track = (n: number): PlaylistItem => ({
  id: String(n),
  title: `Track ${n}`,
  soloVideoLink: `https://www.youtube.com/watch?v=abcdefghi${String(n).padStart(2, '0')}`,
  genres: ['Rock'],
});
const tracks = (count: number) => Array.from({ length: count }, (_, i) => track(i + 1));

const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const loaded = (count: number, startIndex = 0) => run(initialState, { type: 'load', request: { items: tracks(count), name: 'Road Trip', startIndex } });
const titles = (state: PlayerState) => queue(state).map((item) => item.title);
const now = (state: PlayerState) => currentItem(state)?.title;

describe('the playlist player state', () => {
  it('starts closed with no track, volume 0.8, and is not shown', () => {
    expect(initialState.volume).toBe(0.8);
    expect(currentItem(initialState)).toBeNull();
    expect(isVisible(initialState)).toBe(false);
  });

  it('loading a playlist opens it maximized on the start track, paused until the opening delay plays it', () => {
    const state = loaded(3, 1);
    expect(state.open).toBe(true);
    expect(state.minimized).toBe(false);
    expect(state.playing).toBe(false);
    expect(now(state)).toBe('Track 2');
    expect(state.name).toBe('Road Trip');
    expect(isVisible(state)).toBe(true);
  });

  it('a playlist without a name is the "Favorites Playlist"', () => {
    expect(run(initialState, { type: 'load', request: { items: tracks(2) } }).name).toBe(DEFAULT_PLAYLIST_NAME);
  });

  it('loading an empty list changes nothing (nothing to show)', () => {
    expect(run(initialState, { type: 'load', request: { items: [] } })).toBe(initialState);
  });

  it('next and previous wrap around both ends', () => {
    const state = loaded(3, 2);
    expect(now(run(state, { type: 'next' }))).toBe('Track 1');
    expect(now(run(loaded(3, 0), { type: 'previous' }))).toBe('Track 3');
    expect(now(run(loaded(3, 0), { type: 'next' }, { type: 'next' }))).toBe('Track 3');
  });

  it('next and previous on an empty list do nothing', () => {
    expect(run(initialState, { type: 'next' }, { type: 'previous' })).toEqual(initialState);
  });

  it('next with one track stays on it and restarts it', () => {
    const state = run(loaded(1), { type: 'progress', position: 42, duration: 100 }, { type: 'next' });
    expect(now(state)).toBe('Track 1');
    expect(state.position).toBe(0);
    // The video reloads from its start even though the index did not change.
    expect(state.epoch).toBeGreaterThan(loaded(1).epoch);
  });

  it('the track position resets to 0 when the index changes', () => {
    const state = run(loaded(3), { type: 'progress', position: 30, duration: 200 });
    expect(state.position).toBe(30);
    expect(run(state, { type: 'next' }).position).toBe(0);
    expect(run(state, { type: 'previous' }).position).toBe(0);
    expect(run(state, { type: 'jump', position: 2 }).position).toBe(0);
  });

  it('jump plays the chosen row and ignores rows that do not exist', () => {
    const state = run(loaded(4), { type: 'jump', position: 3 });
    expect(now(state)).toBe('Track 4');
    expect(state.playing).toBe(true);
    expect(run(state, { type: 'jump', position: 9 })).toBe(state);
    expect(run(state, { type: 'jump', position: -1 })).toBe(state);
  });

  it('add appends to the queue and keeps the current track', () => {
    const state = run(loaded(2, 1), { type: 'add', items: [track(9)] });
    expect(titles(state)).toEqual(['Track 1', 'Track 2', 'Track 9']);
    expect(now(state)).toBe('Track 2');
  });

  it('add to an empty player makes the first added track current', () => {
    const state = run(initialState, { type: 'add', items: [track(5)] });
    expect(now(state)).toBe('Track 5');
  });

  it('removing a row before the current keeps the same track playing', () => {
    const state = run(loaded(4, 2), { type: 'progress', position: 12, duration: 100 }, { type: 'remove', position: 0 });
    expect(titles(state)).toEqual(['Track 2', 'Track 3', 'Track 4']);
    expect(now(state)).toBe('Track 3');
    expect(state.current).toBe(1);
    expect(state.position).toBe(12);
  });

  it('removing the current row moves on to the next track from 0', () => {
    const state = run(loaded(4, 1), { type: 'progress', position: 12, duration: 100 }, { type: 'remove', position: 1 });
    expect(titles(state)).toEqual(['Track 1', 'Track 3', 'Track 4']);
    expect(now(state)).toBe('Track 3');
    expect(state.position).toBe(0);
  });

  it('removing the current row when it is the last wraps to the first', () => {
    const state = run(loaded(3, 2), { type: 'remove', position: 2 });
    expect(now(state)).toBe('Track 1');
  });

  it('removing a row after the current changes nothing else', () => {
    const state = run(loaded(4, 1), { type: 'remove', position: 3 });
    expect(titles(state)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    expect(now(state)).toBe('Track 2');
  });

  it('removing the last remaining track closes the player', () => {
    const state = run(loaded(1), { type: 'setVolume', volume: 0.3 }, { type: 'remove', position: 0 });
    expect(state.items).toEqual([]);
    expect(currentItem(state)).toBeNull();
    expect(isVisible(state)).toBe(false);
    expect(state.volume).toBe(0.3);
  });

  it('reorder moves a row and the current track follows its row', () => {
    const state = run(loaded(4, 0), { type: 'reorder', from: 0, to: 2 });
    expect(titles(state)).toEqual(['Track 2', 'Track 3', 'Track 1', 'Track 4']);
    expect(now(state)).toBe('Track 1');
    expect(state.current).toBe(2);
    const other = run(loaded(4, 1), { type: 'reorder', from: 3, to: 0 });
    expect(titles(other)).toEqual(['Track 4', 'Track 1', 'Track 2', 'Track 3']);
    expect(now(other)).toBe('Track 2');
  });

  it('reorder onto itself and out of range change nothing', () => {
    const state = loaded(3, 1);
    expect(run(state, { type: 'reorder', from: 1, to: 1 })).toBe(state);
    expect(run(state, { type: 'reorder', from: 0, to: 3 })).toBe(state);
    expect(run(state, { type: 'reorder', from: -1, to: 0 })).toBe(state);
  });

  it('shuffle resets to index 0 keeping the current track, and unshuffle restores the original order', () => {
    let seed = 0.37;
    const random = () => {
      seed = (seed * 9301 + 0.49297) % 1;
      return seed;
    };
    const state = run(loaded(6, 3), { type: 'progress', position: 5, duration: 100 }, { type: 'shuffle', random });
    expect(state.shuffled).toBe(true);
    expect(state.current).toBe(0);
    expect(now(state)).toBe('Track 4');
    expect([...titles(state)].sort()).toEqual(titles(loaded(6)).sort());
    const back = run(state, { type: 'next' }, { type: 'shuffle' });
    expect(back.shuffled).toBe(false);
    expect(titles(back)).toEqual(titles(loaded(6)));
    // Still on the track that was playing when unshuffled.
    expect(now(back)).toBe(now(run(state, { type: 'next' })));
  });

  it('a reorder made before shuffling is the order unshuffle comes back to', () => {
    const state = run(loaded(3), { type: 'reorder', from: 2, to: 0 }, { type: 'shuffle', random: () => 0 }, { type: 'shuffle' });
    expect(titles(state)).toEqual(['Track 3', 'Track 1', 'Track 2']);
  });

  it('reorder while shuffled moves rows of the shuffled queue', () => {
    const state = run(loaded(3), { type: 'shuffle', random: () => 0 });
    const before = titles(state);
    const after = run(state, { type: 'reorder', from: 0, to: 2 });
    expect(titles(after)).toEqual([before[1], before[2], before[0]]);
    expect(now(after)).toBe(before[0]);
  });

  it('shuffle of one track and of an empty list only flips the flag', () => {
    const one = run(loaded(1), { type: 'shuffle' });
    expect(one.shuffled).toBe(true);
    expect(titles(one)).toEqual(['Track 1']);
    expect(now(one)).toBe('Track 1');
    expect(run(initialState, { type: 'shuffle' }).shuffled).toBe(true);
  });

  it('a track that ends starts the next, wrapping after the last', () => {
    expect(now(run(loaded(3, 0), { type: 'ended' }))).toBe('Track 2');
    const last = run(loaded(3, 2), { type: 'ended' });
    expect(now(last)).toBe('Track 1');
    expect(last.playing).toBe(true);
  });

  it('loop replays a single video on end; without loop it stops', () => {
    const single = run(initialState, { type: 'load', request: { items: [track(1)], isPlaylist: false } }, { type: 'resume' }, { type: 'progress', position: 99, duration: 100 });
    const looped = run(single, { type: 'setLoop', loop: true }, { type: 'ended' });
    expect(looped.playing).toBe(true);
    expect(looped.position).toBe(0);
    expect(now(looped)).toBe('Track 1');
    expect(run(single, { type: 'ended' }).playing).toBe(false);
  });

  it('loop does not replay when the source is a playlist: the next track starts', () => {
    const state = run(loaded(2), { type: 'setLoop', loop: true }, { type: 'ended' });
    expect(now(state)).toBe('Track 2');
  });

  it('a long press mutes saving the volume, a second restores it', () => {
    const muted = run(loaded(1), { type: 'setVolume', volume: 0.6 }, { type: 'longPressVolume' });
    expect(muted.volume).toBe(0);
    expect(muted.mutedVolume).toBe(0.6);
    const restored = run(muted, { type: 'longPressVolume' });
    expect(restored.volume).toBe(0.6);
    expect(restored.mutedVolume).toBeNull();
  });

  it('volume stays between 0 and 1 in clean steps', () => {
    expect(run(initialState, { type: 'setVolume', volume: 1.7 }).volume).toBe(1);
    expect(run(initialState, { type: 'setVolume', volume: -2 }).volume).toBe(0);
    expect(run(initialState, { type: 'setVolume', volume: 0.1 + 0.2 }).volume).toBe(0.3);
  });

  it('pause, resume and toggle need a track; minimize and maximize need an open player', () => {
    expect(run(initialState, { type: 'resume' }).playing).toBe(false);
    const state = run(loaded(2), { type: 'resume' });
    expect(state.playing).toBe(true);
    expect(run(state, { type: 'pause' }).playing).toBe(false);
    // Toggle does what the button showed: Play until the video says it plays, then Pause.
    expect(run(state, { type: 'toggle' }).playing).toBe(true);
    expect(run(state, { type: 'videoState', playing: true }, { type: 'toggle' }).playing).toBe(false);
    expect(run(state, { type: 'minimize' }).minimized).toBe(true);
    expect(run(state, { type: 'minimize' }, { type: 'maximize' }).minimized).toBe(false);
    expect(run(initialState, { type: 'minimize' }).minimized).toBe(false);
  });

  it('close empties the player but keeps the volume', () => {
    const state = run(loaded(3), { type: 'setVolume', volume: 0.5 }, { type: 'resume' }, { type: 'close' });
    expect(isVisible(state)).toBe(false);
    expect(state.playing).toBe(false);
    expect(state.volume).toBe(0.5);
  });

  it('seek stays inside the track', () => {
    const state = run(loaded(1), { type: 'progress', position: 0, duration: 180 });
    expect(run(state, { type: 'seek', position: 500 }).position).toBe(180);
    expect(run(state, { type: 'seek', position: -5 }).position).toBe(0);
    expect(run(state, { type: 'seek', position: Number.NaN })).toBe(state);
  });

  it('a saved state comes back checked, paused, and garbage falls back to the empty player', () => {
    const saved = JSON.parse(JSON.stringify(run(loaded(3, 2), { type: 'resume' }, { type: 'progress', position: 20, duration: 90 }))) as unknown;
    const restored = run(initialState, { type: 'restore', state: saved as PlayerState });
    expect(now(restored)).toBe('Track 3');
    expect(restored.position).toBe(20);
    expect(restored.playing).toBe(false);
    expect(sanitize('nonsense')).toEqual(initialState);
    expect(sanitize({ items: [{ id: 1 }], current: 7, volume: 'loud' })).toEqual(initialState);
    expect(sanitize({ items: tracks(2), order: [0, 0], current: 5 }).order).toEqual([0, 1]);
  });

  it('a reload while maximized comes back minimized: the full-screen modal never opens without the visitor asking', () => {
    const maximized = run(loaded(3, 1), { type: 'resume' });
    expect(maximized.minimized).toBe(false);
    const restored = sanitize(JSON.parse(JSON.stringify(maximized)));
    expect(restored.open).toBe(true);
    expect(restored.minimized).toBe(true);
    expect(isVisible(restored)).toBe(true);
    expect(now(restored)).toBe('Track 2');
    // A stored flag saying otherwise changes nothing.
    expect(sanitize({ ...maximized, minimized: false }).minimized).toBe(true);
  });

  it('the play/pause button follows the video, not the wish: Pause only once the video plays, and a track change waits for the new one', () => {
    const asked = run(loaded(3), { type: 'resume' });
    expect(asked.playing).toBe(true);
    expect(asked.videoPlaying).toBe(false);
    const playing = run(asked, { type: 'videoState', playing: true });
    expect(playing.videoPlaying).toBe(true);
    const next = run(playing, { type: 'next' });
    expect(next.playing).toBe(true);
    expect(next.videoPlaying).toBe(false);
    // Play again while the wish already stood (a start the browser held back): the video is asked again.
    expect(run(asked, { type: 'toggle' }).playAsked).toBe(asked.playAsked + 1);
  });

  it('after shuffle and removing the playing track, an entry the video service refuses says why and offers Play, not Pause', () => {
    const playing = run(loaded(2), { type: 'resume' }, { type: 'videoState', playing: true }, { type: 'shuffle', random: () => 0 });
    expect(now(playing)).toBe('Track 1');
    const removed = run(playing, { type: 'remove', position: 0 });
    expect(now(removed)).toBe('Track 2');
    expect(removed.videoPlaying).toBe(false);
    const refused = run(removed, { type: 'unplayable', reason: 'This video is no longer available.' });
    expect(now(refused)).toBe('Track 2');
    expect(refused.unplayable).toBe('This video is no longer available.');
    expect(refused.playing).toBe(false);
    expect(refused.videoPlaying).toBe(false);
    // Play on it plays nothing: it stays paused with its reason.
    expect(run(refused, { type: 'toggle' })).toEqual(refused);
  });

  it('a playing playlist moves past entries that cannot play to the next that can', () => {
    const state = run(loaded(4), { type: 'resume' }, { type: 'unplayable', reason: 'No video' });
    expect(now(state)).toBe('Track 2');
    expect(state.playing).toBe(true);
    expect(state.unplayable).toBeNull();
    const played = run(state, { type: 'videoState', playing: true });
    expect(played.skipped).toBe(0);
    // A later run counts afresh from where it begins.
    const later = run(played, { type: 'next' }, { type: 'unplayable', reason: 'No video' }, { type: 'unplayable', reason: 'No video' });
    expect(now(later)).toBe('Track 1');
    expect(later.noneCouldPlay).toBe(false);
  });

  it('Play All where no entry can play tries each once, then stays on the first, paused, saying none could be played; next and previous still wrap', () => {
    let state = run(loaded(3), { type: 'resume' });
    for (let tried = 0; tried < 3; tried += 1) state = run(state, { type: 'unplayable', reason: 'No video available for this channel yet.' });
    expect(now(state)).toBe('Track 1');
    expect(state.playing).toBe(false);
    expect(state.noneCouldPlay).toBe(true);
    // Back on the first, its own reason comes again, and nothing moves.
    state = run(state, { type: 'unplayable', reason: 'No video available for this channel yet.' });
    expect(now(state)).toBe('Track 1');
    expect(state.unplayable).toBe('No video available for this channel yet.');
    expect(state.videoPlaying).toBe(false);
    expect(now(run(state, { type: 'previous' }))).toBe('Track 3');
    expect(now(run(state, { type: 'next' }))).toBe('Track 2');
    // Play tries the others once more, and comes back.
    let again = run(state, { type: 'toggle' });
    expect(now(again)).toBe('Track 2');
    for (let tried = 0; tried < 2; tried += 1) again = run(again, { type: 'unplayable', reason: 'No video' });
    expect(now(again)).toBe('Track 1');
    expect(again.playing).toBe(false);
    // A new playlist forgets it.
    expect(run(state, { type: 'load', request: { items: tracks(2) } }).noneCouldPlay).toBe(false);
  });

  it("a track's artist survives the session; anything but a string there is dropped", () => {
    const items = [{ ...track(1), artist: 'Queen' }, { ...track(2), artist: 42 }, track(3)];
    const restored = sanitize({ items, order: [0, 1, 2], current: 0, open: true });
    expect(restored.items.map((item) => item.artist)).toEqual(['Queen', null, undefined]);
  });
});
