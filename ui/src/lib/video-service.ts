import { VIDEO_API_PATH, VIDEO_EMBED_HOST } from '../generated/video';

/**
 * The video service adapter: the one place that knows the
 * YouTube iframe API. It loads the API script on first use (from the same-origin
 * address the server redirects to the service, or answers with a local fake in test
 * mode), embeds players on the privacy-enhanced host, translates the service's state
 * codes into named events, and keeps a registry of at most 3 players: creating a
 * fourth destroys the oldest. Nothing here runs on the server or before a play.
 *
 * The spec's "cleaned up when leaving artist pages" holds by construction: artist pages
 * embed no player (Featured Video is thumbnails and links). The registry only ever holds
 * the playlist player's one video (in the frame, outside the routes: it must keep playing
 * across client navigation, so no route change may destroy it; closing the player does)
 * and the full-screen overlay's current video and neighbours (destroyed when the overlay
 * closes). So there is no "destroy on leaving a route" call to make.
 */

/** At most 3 players in the registry (and at most 3 preloaded). */
export const MAX_PLAYERS = 3;

export type VideoEvent = 'unstarted' | 'ended' | 'playing' | 'paused' | 'buffering' | 'cued';

const STATE_EVENTS: Record<number, VideoEvent> = { [-1]: 'unstarted', 0: 'ended', 1: 'playing', 2: 'paused', 3: 'buffering', 5: 'cued' };

/** The service's numeric player state as a named event (unknown codes: null). */
export function videoEvent(code: number): VideoEvent | null {
  return STATE_EVENTS[code] ?? null;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const SERVICE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com', 'youtu.be']);

/**
 * The 11-character video id of a video link (watch, short link, embed, shorts, live)
 * or of a bare id; null for anything else, channel links included.
 */
export function extractVideoId(link: string | null | undefined): string | null {
  const text = (link ?? '').trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text.startsWith('//') ? `https:${text}` : text);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  if (!SERVICE_HOSTS.has(host)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = segments[0];
  else if (segments[0] === 'watch') candidate = url.searchParams.get('v');
  else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) candidate = segments[1];
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** A channel link (no video id): the player plays the channel's latest video. */
export function isChannelLink(link: string | null | undefined): boolean {
  if (extractVideoId(link)) return false;
  try {
    const url = new URL((link ?? '').trim());
    const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
    return host === 'youtube.com' && /^\/(@[^/]+|channel\/[^/]+|c\/[^/]+|user\/[^/]+)/.test(url.pathname);
  } catch {
    return false;
  }
}

// ---- The iframe API, typed as far as the adapter uses it.

interface YTPlayer {
  loadVideoById(options: { videoId: string; startSeconds?: number }): void;
  cueVideoById(options: { videoId: string; startSeconds?: number }): void;
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  getDuration(): number;
  setVolume(volume: number): void;
  destroy(): void;
}

interface YTNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      host: string;
      videoId?: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: { target: YTPlayer }) => void;
        onStateChange?: (event: { target: YTPlayer; data: number }) => void;
        onError?: (event: { target: YTPlayer; data: number }) => void;
      };
    },
  ) => YTPlayer;
}

declare global {
  interface Window {
    YT?: YTNamespace & { loaded?: number };
    onYouTubeIframeAPIReady?: () => void;
  }
}

let apiPromise: Promise<YTNamespace> | null = null;

/** Loads the iframe API once; later calls share the same promise. */
export function loadVideoApi(src: string = VIDEO_API_PATH): Promise<YTNamespace> {
  if (apiPromise) return apiPromise;
  apiPromise = new Promise<YTNamespace>((resolve, reject) => {
    if (window.YT?.Player) {
      resolve(window.YT);
      return;
    }
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT?.Player) resolve(window.YT);
      else reject(new Error('The video service did not load'));
    };
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onerror = () => {
      apiPromise = null;
      script.remove();
      reject(new Error('The video service could not be reached'));
    };
    document.head.appendChild(script);
  });
  return apiPromise;
}

export interface VideoHandlers {
  onEvent?: (event: VideoEvent) => void;
  onReady?: () => void;
  onError?: (code: number) => void;
}

/** One embedded player, as the rest of the UI sees it. */
export interface VideoPlayer {
  readonly key: string;
  load(videoId: string, options?: { autoplay?: boolean; startSeconds?: number }): void;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  /** 0 to 1. */
  setVolume(volume: number): void;
  currentTime(): number;
  duration(): number;
  destroy(): void;
}

const registry = new Map<string, VideoPlayer>();

/** How many players exist right now (never more than MAX_PLAYERS). */
export function registrySize(): number {
  return registry.size;
}

/**
 * Embeds a player into `element` (which the API replaces with its iframe) under
 * `key`; a player already under that key is destroyed first, and the oldest player
 * goes when the registry is full. Resolves when the player is ready.
 */
export async function createVideoPlayer(
  element: HTMLElement,
  key: string,
  options: { videoId?: string; autoplay?: boolean; startSeconds?: number; volume?: number },
  handlers: VideoHandlers = {},
): Promise<VideoPlayer> {
  const YT = await loadVideoApi();
  registry.get(key)?.destroy();
  while (registry.size >= MAX_PLAYERS) {
    const oldest = registry.values().next().value;
    if (!oldest) break;
    oldest.destroy();
  }
  return new Promise<VideoPlayer>((resolve) => {
    let destroyed = false;
    let ready = false;
    const raw = new YT.Player(element, {
      host: VIDEO_EMBED_HOST,
      width: '100%',
      height: '100%',
      ...(options.videoId ? { videoId: options.videoId } : {}),
      playerVars: {
        autoplay: options.autoplay ? 1 : 0,
        playsinline: 1,
        rel: 0,
        modestbranding: 1,
        ...(options.startSeconds ? { start: Math.floor(options.startSeconds) } : {}),
        origin: window.location.origin,
      },
      events: {
        onReady: () => {
          ready = true;
          if (options.volume !== undefined) raw.setVolume(Math.round(options.volume * 100));
          handlers.onReady?.();
          resolve(player);
        },
        onStateChange: (event) => {
          const named = videoEvent(event.data);
          if (named && !destroyed) handlers.onEvent?.(named);
        },
        onError: (event) => {
          if (!destroyed) handlers.onError?.(event.data);
        },
      },
    });
    const safely = (call: () => void) => {
      if (destroyed || !ready) return;
      try {
        call();
      } catch (error) {
        console.error('Video player call failed', error);
      }
    };
    const player: VideoPlayer = {
      key,
      load(videoId, { autoplay = true, startSeconds = 0 } = {}) {
        safely(() => (autoplay ? raw.loadVideoById({ videoId, startSeconds }) : raw.cueVideoById({ videoId, startSeconds })));
      },
      play: () => safely(() => raw.playVideo()),
      pause: () => safely(() => raw.pauseVideo()),
      seek: (seconds) => safely(() => raw.seekTo(Math.max(0, seconds), true)),
      setVolume: (volume) => safely(() => raw.setVolume(Math.round(Math.min(1, Math.max(0, volume)) * 100))),
      currentTime: () => (destroyed || !ready ? 0 : Number(raw.getCurrentTime()) || 0),
      duration: () => (destroyed || !ready ? 0 : Number(raw.getDuration()) || 0),
      destroy() {
        if (destroyed) return;
        destroyed = true;
        if (registry.get(key) === player) registry.delete(key);
        try {
          raw.destroy();
        } catch {
          // already gone with its element
        }
      },
    };
    registry.set(key, player);
  });
}
