import { useSyncExternalStore } from 'react';

/**
 * Sound effects: click, hover, success, error, favorite,
 * unfavorite and intro, synthesized with the Web Audio API (no files to download).
 * They honour the audio toggle, remembered in localStorage under a product-prefixed
 * key, and never play before the visitor's first gesture (browsers
 * block audio before one, and a page should not make noise on its own).
 */
export type SoundName = 'click' | 'hover' | 'success' | 'error' | 'favorite' | 'unfavorite' | 'intro';

export const AUDIO_SETTING_KEY = 'sound-atlas-audio-enabled';

interface Note {
  /** Hz. */
  frequency: number;
  /** Seconds after the sound starts. */
  at: number;
  /** Seconds. */
  length: number;
  type?: OscillatorType;
  /** Peak gain, 0 to 1. */
  gain?: number;
  /** Hz to glide to by the note's end. */
  glideTo?: number;
}

/** Each effect as a few short notes: quiet, under half a second (intro a little longer). */
export const SOUNDS: Record<SoundName, Note[]> = {
  click: [{ frequency: 1200, at: 0, length: 0.04, type: 'square', gain: 0.04 }],
  hover: [{ frequency: 880, at: 0, length: 0.03, type: 'sine', gain: 0.025 }],
  success: [
    { frequency: 523.25, at: 0, length: 0.1, gain: 0.08 },
    { frequency: 659.25, at: 0.09, length: 0.1, gain: 0.08 },
    { frequency: 783.99, at: 0.18, length: 0.16, gain: 0.08 },
  ],
  error: [
    { frequency: 220, at: 0, length: 0.14, type: 'sawtooth', gain: 0.05 },
    { frequency: 180, at: 0.13, length: 0.2, type: 'sawtooth', gain: 0.05 },
  ],
  favorite: [
    { frequency: 659.25, at: 0, length: 0.08, gain: 0.08 },
    { frequency: 987.77, at: 0.07, length: 0.18, gain: 0.08 },
  ],
  unfavorite: [{ frequency: 587.33, at: 0, length: 0.22, gain: 0.07, glideTo: 293.66 }],
  intro: [
    { frequency: 392, at: 0, length: 0.18, gain: 0.06 },
    { frequency: 523.25, at: 0.15, length: 0.18, gain: 0.06 },
    { frequency: 659.25, at: 0.3, length: 0.18, gain: 0.06 },
    { frequency: 783.99, at: 0.45, length: 0.4, gain: 0.06 },
  ],
};

// ---- The toggle (remembered; every component showing it re-renders on change).

const listeners = new Set<() => void>();

function readEnabled(): boolean {
  try {
    return window.localStorage.getItem(AUDIO_SETTING_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function isAudioEnabled(): boolean {
  return typeof window !== 'undefined' && readEnabled();
}

export function setAudioEnabled(enabled: boolean): void {
  try {
    window.localStorage.setItem(AUDIO_SETTING_KEY, String(enabled));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUDIO_SETTING_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The toggle's state for a component; `true` during the server render (the toggle is client state). */
export function useAudioEnabled(): boolean {
  return useSyncExternalStore(
    subscribe,
    readEnabled,
    () => true,
  );
}

// ---- Playing.

let context: AudioContext | null = null;

/** True once the visitor has clicked, tapped or typed on the page. */
export function hasUserGesture(): boolean {
  if (typeof navigator === 'undefined') return false;
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : gestureSeen;
}

let gestureSeen = false;
if (typeof window !== 'undefined') {
  const mark = () => {
    gestureSeen = true;
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart']) window.addEventListener(type, mark, { once: true, capture: true, passive: true });
}

/** Plays one effect, if audio is on and the visitor has interacted; never throws. */
export function playSound(name: SoundName): void {
  if (typeof window === 'undefined' || !isAudioEnabled() || !hasUserGesture()) return;
  const notes = SOUNDS[name];
  if (!notes) return;
  try {
    const Context = window.AudioContext ?? (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.01;
    for (const note of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.type ?? 'sine';
      oscillator.frequency.setValueAtTime(note.frequency, start + note.at);
      if (note.glideTo) oscillator.frequency.exponentialRampToValueAtTime(note.glideTo, start + note.at + note.length);
      // A short attack and an exponential release: no clicks at the edges.
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(note.gain ?? 0.06, start + note.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + note.at);
      oscillator.stop(start + note.at + note.length + 0.02);
    }
  } catch (error) {
    console.error('Sound effect failed', error);
  }
}

/** Hover ticks at most this often, so sweeping the pointer across a list makes one, not ten. */
export const HOVER_THROTTLE_MS = 250;
let lastHover = Number.NEGATIVE_INFINITY;

/**
 * The hover effect for a pointer entering a card or row: mouse and pen only (a finger's
 * tap is not a hover, and its click has its own sound), throttled, and like every effect
 * silent before a gesture or with the switch off (those do not use up the throttle).
 */
export function playHoverSound(pointerType: string = 'mouse'): void {
  if (pointerType === 'touch' || !isAudioEnabled() || !hasUserGesture()) return;
  const now = Date.now();
  if (now - lastHover < HOVER_THROTTLE_MS) return;
  lastHover = now;
  playSound('hover');
}
