import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_SETTING_KEY, HOVER_THROTTLE_MS, SOUNDS, isAudioEnabled, playHoverSound, playSound, setAudioEnabled } from './sound';

/** A stand-in for the browser's AudioContext that records the oscillators started (jsdom has no Web Audio). */
class RecordingContext {
  static started: Array<{ type: string; frequency: number }> = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    const node = {
      type: 'sine',
      frequency: { value: 0, setValueAtTime: (value: number) => (node.frequency.value = value), exponentialRampToValueAtTime: () => undefined },
      connect: (next: unknown) => next,
      start: () => RecordingContext.started.push({ type: node.type, frequency: node.frequency.value }),
      stop: () => undefined,
    };
    return node;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (next: unknown) => next };
  }
  resume() {
    return Promise.resolve();
  }
}

function withGesture(active: boolean) {
  Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { hasBeenActive: active } });
}

describe('sound effects', () => {
  afterEach(() => {
    window.localStorage.clear();
    RecordingContext.started = [];
  });

  it('every named effect is a few short notes', () => {
    expect(Object.keys(SOUNDS).sort()).toEqual(['click', 'error', 'favorite', 'hover', 'intro', 'success', 'unfavorite']);
    for (const notes of Object.values(SOUNDS)) {
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) expect(note.at + note.length).toBeLessThan(1);
    }
  });

  it('the toggle is remembered under the product-prefixed key and defaults to on', () => {
    expect(isAudioEnabled()).toBe(true);
    setAudioEnabled(false);
    expect(window.localStorage.getItem(AUDIO_SETTING_KEY)).toBe('false');
    expect(AUDIO_SETTING_KEY.startsWith('sound-atlas')).toBe(true);
    expect(isAudioEnabled()).toBe(false);
  });

  it('plays only after a user gesture and only while audio is on', () => {
    vi.stubGlobal('AudioContext', RecordingContext);
    withGesture(false);
    playSound('favorite');
    expect(RecordingContext.started).toEqual([]);

    withGesture(true);
    setAudioEnabled(false);
    playSound('favorite');
    expect(RecordingContext.started).toEqual([]);

    setAudioEnabled(true);
    playSound('favorite');
    expect(RecordingContext.started.map((note) => note.frequency)).toEqual(SOUNDS.favorite.map((note) => note.frequency));
  });

  it('hover: mouse and pen only, at most once per throttle window, never before a gesture or with the switch off', () => {
    vi.stubGlobal('AudioContext', RecordingContext);
    const now = vi.spyOn(Date, 'now');
    const hovers = () => RecordingContext.started.filter((note) => note.frequency === SOUNDS.hover[0]!.frequency).length;

    now.mockReturnValue(1_000_000);
    withGesture(false);
    playHoverSound('mouse');
    expect(hovers()).toBe(0);
    withGesture(true);
    setAudioEnabled(false);
    playHoverSound('mouse');
    expect(hovers()).toBe(0);
    setAudioEnabled(true);
    // Neither silent attempt used up the window.
    playHoverSound('mouse');
    expect(hovers()).toBe(1);
    playHoverSound('pen');
    now.mockReturnValue(1_000_000 + HOVER_THROTTLE_MS - 1);
    playHoverSound('mouse');
    expect(hovers()).toBe(1);
    now.mockReturnValue(1_000_000 + HOVER_THROTTLE_MS);
    playHoverSound('touch');
    expect(hovers()).toBe(1);
    playHoverSound('pen');
    expect(hovers()).toBe(2);
  });
});
