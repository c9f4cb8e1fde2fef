import type { NewSong, TopTenEntry } from '../generated/contract';

/** Window events that connect the frame to features added later. */
export const SHOW_LOGIN_EVENT = 'show-login';

/** Asks the login dialog (accounts feature) to open. */
export function showLogin(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(SHOW_LOGIN_EVENT));
}

/**
 * Playing: features ask, the player answers.
 * The player feature listens for this event and loads its code on the first
 * request, so a page that never plays downloads none of it; features that
 * offer "Play All" or a video only know this shape.
 */
export const PLAY_EVENT = 'play-request';

/** One track of a playlist: the spec's item (id, title, soloVideoLink, genres). */
export interface PlaylistItem {
  id: string;
  title: string;
  soloVideoLink: string;
  genres: string[];
  imageUrl?: string | null;
  /**
   * Who performs it, for the lock screen (Media Session): the artist's title for an
   * artist track, the original artist's name for a video favorite. Without it the
   * player shows the playlist name there.
   */
  artist?: string | null;
}

export interface PlayRequest {
  items: PlaylistItem[];
  /** The playlist name ("My Favorites", a folder's name); the player falls back to "Favorites Playlist". */
  name?: string;
  startIndex?: number;
  /** True for a playlist (next on end); false for a single video (loop may replay it). */
  isPlaylist?: boolean;
}

export function requestPlay(request: PlayRequest): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<PlayRequest>(PLAY_EVENT, { detail: request }));
}

/**
 * The home page's full-screen videos: the Weekly Top 10 overlay and
 * the Brand New Songs player. Like PLAY_EVENT, the home sections only ask; the player
 * feature answers, loading its code on the first request.
 */
export const VIDEO_OVERLAY_EVENT = 'video-overlay-request';

export type VideoOverlayRequest =
  | { kind: 'topTen'; entries: TopTenEntry[]; index: number }
  | { kind: 'newSongs'; songs: NewSong[]; index: number };

export function requestVideoOverlay(request: VideoOverlayRequest): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<VideoOverlayRequest>(VIDEO_OVERLAY_EVENT, { detail: request }));
}
