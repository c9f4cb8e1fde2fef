import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { request } from '../../lib/api-client';
import { api } from '../../generated/contract';
import { INVALID_YOUTUBE_URL } from '../../generated/video';
import { isHttpError } from '../../lib/http-error';
import { PLAY_EVENT, VIDEO_OVERLAY_EVENT, type PlayRequest, type VideoOverlayRequest } from '../../lib/events';
import { playSound } from '../../lib/sound';
import { SIGNED_OUT_EVENT } from '../../lib/signed-out';
import { readSession, removeSession, writeSession } from '../../lib/storage';
import { createVideoPlayer, extractVideoId, isChannelLink, type VideoEvent, type VideoPlayer } from '../../lib/video-service';
import { FullPlayer } from './full-player';
import { MiniPlayer } from './mini-player';
import { VideoOverlay } from './video-overlay';
import PLAYER_CSS from './player.css?inline';
import { currentItem, initialState, isVisible, playerReducer, sanitize, type PlayerAction, type PlayerControls, type PlayerState } from './playlist-state';
import { PLAYER_SESSION_KEY } from './session-key';

/** Opening starts after 300 ms, playing after a further 500 ms. */
export const OPEN_DELAY_MS = 300;
export const PLAY_DELAY_MS = 500;
/** Progress is read every second; a seek drag pauses that for about 100 ms. */
const PROGRESS_MS = 1000;
const SEEK_HOLD_MS = 100;
/** The registry key of the playlist's one video player. */
const VIDEO_KEY = 'playlist';

function restoreFromSession(): PlayerState {
  const saved = readSession<unknown>(PLAYER_SESSION_KEY);
  return saved ? sanitize(saved) : initialState;
}

/** When a channel link has no video to play (the channel's videos could not be read). */
export const NO_CHANNEL_VIDEO = 'No video available for this channel yet.';

/** A track's video id: from its link, or the latest video of a channel link; else the message to show. */
async function resolveVideo(link: string): Promise<{ id: string } | { error: string }> {
  const direct = extractVideoId(link);
  if (direct) return { id: direct };
  if (!isChannelLink(link)) return { error: INVALID_YOUTUBE_URL };
  try {
    for (const video of await request('GET', api.artistChannelVideos(link))) {
      const id = extractVideoId(video.url) ?? extractVideoId(video.id);
      if (id) return { id };
    }
  } catch (error) {
    // A refusal (a non-OK answer) just means no video; a failed request is logged.
    if (!isHttpError(error)) console.error('Could not read the channel videos', error);
  }
  return { error: NO_CHANNEL_VIDEO };
}

/** When the video service's script or player could not start. */
export const VIDEO_LOAD_FAILED = 'The video could not be loaded. Refresh page to reset video loading.';

/** Why the video service refused a video, from its error code. */
export function videoErrorMessage(code: number): string {
  switch (code) {
    case 2:
      return INVALID_YOUTUBE_URL;
    case 5:
      return 'This video cannot be played in this browser.';
    case 100:
      return 'This video is no longer available.';
    case 101:
    case 150:
      return "This video's owner does not allow it to be played on other sites.";
    default:
      return 'This video could not be played.';
  }
}

/**
 * The playlist player: the state machine, the one video player,
 * persistence for the browser session, the lock-screen controls, and the minimized
 * or maximized view. Mounted by PlayerHost in the frame, outside the routes, so client
 * navigation never stops it.
 */
export default function Player({ initialRequest, initialOverlay = null }: { initialRequest: PlayRequest | null; initialOverlay?: VideoOverlayRequest | null }) {
  const [state, dispatch] = useReducer(playerReducer, undefined, restoreFromSession);
  const stateRef = useRef(state);
  stateRef.current = state;
  const timers = useRef<number[]>([]);
  /** What had focus when the player opened: focus goes back there when it closes. */
  const openerRef = useRef<HTMLElement | null>(null);

  const play = useCallback((request: PlayRequest) => {
    if (!request || !Array.isArray(request.items) || request.items.length === 0) return;
    openerRef.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [
      window.setTimeout(() => {
        dispatch({ type: 'load', request });
        // The player opens on a new playlist: its jingle (after the gesture that asked
        // for it; a player restored after a reload opens without one).
        playSound('intro');
        timers.current.push(window.setTimeout(() => dispatch({ type: 'resume' }), PLAY_DELAY_MS));
      }, OPEN_DELAY_MS),
    ];
  }, []);

  // The request that loaded this code, then every later one.
  const firstRequest = useRef(initialRequest);
  useEffect(() => {
    if (firstRequest.current) play(firstRequest.current);
    firstRequest.current = null;
    const onPlay = (event: Event) => play((event as CustomEvent<PlayRequest>).detail);
    window.addEventListener(PLAY_EVENT, onPlay);
    return () => {
      window.removeEventListener(PLAY_EVENT, onPlay);
      for (const timer of timers.current) window.clearTimeout(timer);
    };
  }, [play]);

  // Signing out stops and clears the player: a shared computer must not show the next
  // person the last one's queue. Closing empties it, so the effects below drop the saved
  // state, the video and the lock-screen metadata.
  useEffect(() => {
    const onSignedOut = () => {
      for (const timer of timers.current) window.clearTimeout(timer);
      timers.current = [];
      dispatch({ type: 'close' });
      removeSession(PLAYER_SESSION_KEY);
    };
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);

  // The queue and its position survive a reload within the browser session.
  useEffect(() => {
    if (state.items.length > 0) writeSession(PLAYER_SESSION_KEY, state);
    else removeSession(PLAYER_SESSION_KEY);
  }, [state]);

  // The home page's full-screen videos (Top 10, new songs): the playlist pauses and
  // gives its video up meanwhile (the registry holds at most 3 players: the overlay's).
  const [overlay, setOverlay] = useState<{ request: VideoOverlayRequest; id: number } | null>(() => (initialOverlay ? { request: initialOverlay, id: 0 } : null));
  useEffect(() => {
    const onOverlay = (event: Event) => {
      const request = (event as CustomEvent<VideoOverlayRequest>).detail;
      if (!request) return;
      setOverlay((previous) => ({ request, id: (previous?.id ?? 0) + 1 }));
    };
    window.addEventListener(VIDEO_OVERLAY_EVENT, onOverlay);
    return () => window.removeEventListener(VIDEO_OVERLAY_EVENT, onOverlay);
  }, []);
  const overlayOpen = overlay !== null;
  useEffect(() => {
    if (overlayOpen) {
      dispatch({ type: 'pause' });
      dispatch({ type: 'minimize' });
    }
  }, [overlayOpen]);
  const closeOverlay = useCallback(() => setOverlay(null), []);

  const { wrapperRef, seek, setSlot } = useVideo(state, stateRef, dispatch, overlayOpen);
  useMediaSession(state, dispatch);

  const controls: PlayerControls = { dispatch, play, seek };
  const visible = isVisible(state);
  const maximized = visible && !state.minimized;

  // Focus: into the overlay when it opens, back to the opener when it goes.
  const wasMaximized = useRef(false);
  useEffect(() => {
    // Minimized because a full-screen video opened: the focus belongs to that one.
    if (wasMaximized.current && !maximized && !overlayOpen) {
      const opener = openerRef.current;
      if (opener?.isConnected) opener.focus();
      else if (visible) document.querySelector<HTMLElement>('[data-player-maximize]')?.focus();
    }
    wasMaximized.current = maximized;
  }, [maximized, visible, overlayOpen]);

  const openFull = useCallback(() => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dispatch({ type: 'maximize' });
  }, []);

  return (
    <>
      <style href="sa-player" precedence="default">
        {PLAYER_CSS}
      </style>
      {/* The video: positioned over the overlay's slot when maximized, off-screen otherwise. */}
      <div ref={wrapperRef} className="player-video" inert={!maximized} aria-hidden={!maximized} data-error={state.unplayable !== null ? '' : undefined} />
      {visible && maximized && <FullPlayer state={state} controls={controls} setSlot={setSlot} />}
      {visible && !maximized && <MiniPlayer state={state} controls={controls} onMaximize={openFull} />}
      {overlay && <VideoOverlay key={overlay.id} request={overlay.request} onClose={closeOverlay} />}
    </>
  );
}

/** The one video player of the playlist, driven by the state. */
function useVideo(state: PlayerState, stateRef: { current: PlayerState }, dispatch: (action: PlayerAction) => void, suspended: boolean) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<Promise<VideoPlayer> | null>(null);
  const seekingUntil = useRef(0);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const item = currentItem(state);
  const link = item?.soloVideoLink ?? null;
  /**
   * True while the player holds no video of the current track (the track changed and its
   * video is not loaded yet, or it has none): what that video reports (its pause, its
   * end) says nothing about the current track and is ignored.
   */
  const stale = useRef(true);

  const ensurePlayer = useCallback((): Promise<VideoPlayer> => {
    if (playerRef.current) return playerRef.current;
    const wrapper = wrapperRef.current;
    if (!wrapper) return Promise.reject(new Error('no video element'));
    // The API replaces this element with its iframe: React never owns it.
    const mount = document.createElement('div');
    wrapper.replaceChildren(mount);
    const onEvent = (event: VideoEvent) => {
      if (stale.current) return;
      if (event === 'playing') dispatch({ type: 'videoState', playing: true });
      else if (event === 'paused') dispatch({ type: 'videoState', playing: false });
      else if (event === 'cued') dispatch({ type: 'videoCued' });
      else if (event === 'ended') dispatch({ type: 'ended' });
    };
    const onError = (code: number) => {
      if (stale.current) return;
      stale.current = true;
      dispatch({ type: 'unplayable', reason: videoErrorMessage(code) });
    };
    const created = createVideoPlayer(mount, VIDEO_KEY, { volume: stateRef.current.volume }, { onEvent, onError });
    playerRef.current = created;
    created.catch((reason: unknown) => {
      console.error('The video service could not start', reason);
      playerRef.current = null;
    });
    return created;
  }, [dispatch, stateRef]);

  // A new track (or the same one restarted): resolve its video and load it. A track
  // without one is reported to the state, which says why and (in a playing playlist)
  // moves on.
  useEffect(() => {
    stale.current = true;
    if (!link || suspended) {
      // Closed (or lent to the overlay): the video goes, so nothing plays; it comes back
      // cued at the position.
      const pending = playerRef.current;
      playerRef.current = null;
      void pending?.then((player) => player.destroy()).catch(() => undefined);
      dispatch({ type: 'videoState', playing: false });
      return undefined;
    }
    // A channel's video is looked up first: the previous track's video stops meanwhile.
    if (!extractVideoId(link)) void playerRef.current?.then((player) => player.pause()).catch(() => undefined);
    let cancelled = false;
    void resolveVideo(link).then(async (resolved) => {
      if (cancelled) return;
      if ('error' in resolved) {
        dispatch({ type: 'unplayable', reason: resolved.error });
        return;
      }
      const player = await ensurePlayer().catch(() => null);
      if (cancelled) return;
      if (!player) {
        dispatch({ type: 'unplayable', reason: VIDEO_LOAD_FAILED });
        return;
      }
      stale.current = false;
      const { playing, position } = stateRef.current;
      player.load(resolved.id, { autoplay: playing, startSeconds: position });
    });
    return () => {
      cancelled = true;
    };
  }, [link, state.epoch, ensurePlayer, stateRef, suspended, dispatch]);

  // Play and pause follow the state (each press of Play asks again).
  useEffect(() => {
    if (stale.current) return;
    void playerRef.current?.then((player) => (state.playing ? player.play() : player.pause())).catch(() => undefined);
  }, [state.playing, state.playAsked]);

  useEffect(() => {
    void playerRef.current?.then((player) => player.setVolume(state.volume)).catch(() => undefined);
  }, [state.volume]);

  // Progress every second while playing.
  useEffect(() => {
    if (!state.playing) return undefined;
    const timer = window.setInterval(() => {
      if (stale.current || Date.now() < seekingUntil.current) return;
      void playerRef.current
        ?.then((player) => dispatch({ type: 'progress', position: player.currentTime(), duration: player.duration() }))
        .catch(() => undefined);
    }, PROGRESS_MS);
    return () => window.clearInterval(timer);
  }, [state.playing, dispatch]);

  const seek = useCallback(
    (seconds: number) => {
      seekingUntil.current = Date.now() + SEEK_HOLD_MS;
      dispatch({ type: 'seek', position: seconds });
      void playerRef.current?.then((player) => player.seek(seconds)).catch(() => undefined);
    },
    [dispatch],
  );

  // Over the overlay's video slot when there is one; off-screen (still playing) otherwise.
  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return undefined;
    if (!slot) {
      wrapper.classList.remove('player-video--shown');
      wrapper.style.cssText = '';
      return undefined;
    }
    wrapper.classList.add('player-video--shown');
    const place = () => {
      const rect = slot.getBoundingClientRect();
      wrapper.style.cssText = `top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px`;
    };
    place();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
    observer?.observe(slot);
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, true);
    };
  }, [slot]);

  // Leaving the page with the player mounted: free the video.
  useEffect(
    () => () => {
      void playerRef.current?.then((player) => player.destroy()).catch(() => undefined);
    },
    [],
  );

  return { wrapperRef, seek, setSlot };
}

/**
 * What the lock screen shows for the current track (Media Session metadata): its title,
 * its artist (the playlist name when the track names none) and its artwork (the track's
 * image, else the video's thumbnail); null without a track.
 */
export function mediaMetadata(state: PlayerState): MediaMetadataInit | null {
  const item = currentItem(state);
  if (!item) return null;
  const videoId = extractVideoId(item.soloVideoLink);
  const artwork = item.imageUrl
    ? [{ src: item.imageUrl }]
    : videoId
      ? [{ src: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`, sizes: '480x360', type: 'image/jpeg' }]
      : [];
  return { title: item.title, artist: item.artist?.trim() || state.name, album: 'Sound Atlas', artwork };
}

/** Lock screen and headset controls (Media Session API), where the browser has them. */
function useMediaSession(state: PlayerState, dispatch: (action: PlayerAction) => void) {
  const metadata = mediaMetadata(state);
  const title = metadata?.title ?? null;
  // A string, so the effect reruns only when what the lock screen shows changes.
  const shown = metadata ? JSON.stringify(metadata) : null;
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session) return undefined;
    if (!shown) {
      session.metadata = null;
      return undefined;
    }
    if (typeof MediaMetadata === 'function') session.metadata = new MediaMetadata(JSON.parse(shown) as MediaMetadataInit);
    const handlers: Array<[MediaSessionAction, PlayerAction]> = [
      ['play', { type: 'resume' }],
      ['pause', { type: 'pause' }],
      ['nexttrack', { type: 'next' }],
      ['previoustrack', { type: 'previous' }],
    ];
    for (const [action, playerAction] of handlers) {
      try {
        session.setActionHandler(action, () => dispatch(playerAction));
      } catch {
        // an action this browser does not support
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, [shown, dispatch]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (session) session.playbackState = title ? (state.videoPlaying ? 'playing' : 'paused') : 'none';
  }, [state.videoPlaying, title]);
}
