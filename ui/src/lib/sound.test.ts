import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_SETTING_KEY, SOUNDS, isAudioEnabled, playSound, setAudioEnabled } from './sound';

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
});
