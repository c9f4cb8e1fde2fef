import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { VideoThumbnail } from '../../components/video-thumbnail';
import { useDataSaver } from '../../lib/data-saver';
import { useExternalLink } from '../../components/external-link';
import type { VideoOverlayRequest } from '../../lib/events';
import { isMarketplaceSearch } from '../../lib/marketplace';
import { DEFAULT_SWIPE, TOP10_SWIPE, detectSwipe, isInHorizontalScroller } from '../../lib/swipe';
import { createVideoPlayer, extractVideoId, MAX_PLAYERS, type VideoPlayer } from '../../lib/video-service';
import { Glyph, withClick } from './controls';
import { trapFocus } from '../../components/modal';

/** One entry of the overlay, from a Top 10 entry or a new song. */
export interface OverlayVideo {
  key: string;
  title: string;
  artist: string;
  /** Null for an entry without a verified video: the overlay shows its card instead. */
  videoId: string | null;
  thumbnail: string | null;
  rank: number | null;
  buyLink: string | null;
}

/**
 * Every entry of the request, in the chart's order, and where to start: positions count
 * the chart itself ("#4 … position 4 of 10"), and an entry without a video stays in
 * prev/next, shown as its card (its Preview or Buy button, "No video yet").
 */
export function overlayVideos(request: VideoOverlayRequest): { videos: OverlayVideo[]; start: number } {
  const videos: OverlayVideo[] =
    request.kind === 'topTen'
      ? request.entries.map((entry) => {
          const videoId = extractVideoId(entry.youtubeLink);
          return { key: `top-${entry.rank}-${videoId ?? 'none'}`, title: entry.songName, artist: entry.artist, videoId, thumbnail: entry.thumbnailUrl ?? null, rank: entry.rank, buyLink: entry.amazonLink ?? null };
        })
      : request.songs.map((song) => {
          const videoId = extractVideoId(song.videoId);
          return { key: `new-${song.id}-${videoId ?? 'none'}`, title: song.songName, artist: song.artistName, videoId, thumbnail: song.thumbnail ?? null, rank: null, buyLink: song.amazonLink ?? null };
        });
  const start = request.index >= 0 && request.index < videos.length ? request.index : 0;
  return { videos, start };
}

/**
 * The current video and its neighbours: the ones kept loaded (never more than
 * MAX_PLAYERS); with the data saver on, the current one alone.
 */
export function preloadWindow(index: number, total: number, dataSaver = false): number[] {
  if (total === 0) return [];
  const wanted = dataSaver ? [index] : [index, (index + 1) % total, (index - 1 + total) % total];
  return [...new Set(wanted)].slice(0, MAX_PLAYERS);
}

/**
 * The Weekly Top 10 full-screen overlay and the Brand New Songs player: previous and
 * next (arrows, keyboard arrows and swipe, wrapping around), neighbours preloaded,
 * "Preview or Buy" / "Buy" through the external-link dialog, and "Close Video". A
 * modal: focus is trapped, Escape closes, and focus returns to what opened it.
 */
export function VideoOverlay({ request, onClose }: { request: VideoOverlayRequest; onClose: () => void }) {
  const { videos, start } = useMemo(() => overlayVideos(request), [request]);
  const [index, setIndex] = useState(start);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const players = useRef(new Map<string, { element: HTMLDivElement; player: Promise<VideoPlayer | null> }>());
  const { confirm } = useExternalLink();
  const topTen = request.kind === 'topTen';
  const total = videos.length;
  const video = videos[index];
  const dataSaver = useDataSaver();

  const go = useCallback((step: number) => setIndex((current) => (total === 0 ? 0 : (current + step + total) % total)), [total]);

  // Focus in, page scroll off; focus back to the opener on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    document.body.classList.add('no-scroll');
    return () => {
      document.body.classList.remove('no-scroll');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // The current video plays; its neighbours load paused; the rest are destroyed.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || total === 0) return;
    // Entries without a video have no player: the window counts them, loads none.
    const keep = new Set(preloadWindow(index, total, dataSaver).map((at) => videos[at]?.key));
    for (const [key, entry] of players.current) {
      if (keep.has(key)) continue;
      players.current.delete(key);
      void entry.player.then((player) => player?.destroy());
      entry.element.remove();
    }
    for (const at of preloadWindow(index, total, dataSaver)) {
      const item = videos[at];
      if (!item?.videoId) continue;
      const videoId = item.videoId;
      let entry = players.current.get(item.key);
      if (!entry) {
        const element = document.createElement('div');
        element.className = 'video-overlay-slot';
        const mount = document.createElement('div');
        element.appendChild(mount);
        stage.appendChild(element);
        const player = createVideoPlayer(mount, `overlay:${item.key}`, { videoId, autoplay: at === index }).catch((error: unknown) => {
          console.error('The video could not be loaded', error);
          return null;
        });
        entry = { element, player };
        players.current.set(item.key, entry);
      }
      const current = at === index;
      entry.element.dataset.current = String(current);
      entry.element.toggleAttribute('inert', !current);
      entry.element.setAttribute('aria-hidden', String(!current));
      void entry.player.then((player) => (current ? player?.play() : player?.pause()));
    }
  }, [index, total, videos, dataSaver]);

  useEffect(() => {
    const map = players.current;
    return () => {
      for (const entry of map.values()) void entry.player.then((player) => player?.destroy());
      map.clear();
    };
  }, []);

  const touch = useRef<{ x: number; y: number; ignore: boolean } | null>(null);
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const point = event.touches[0];
    if (!point) return;
    touch.current = { x: point.clientX, y: point.clientY, ignore: isInHorizontalScroller(event.target, dialogRef.current) };
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const from = touch.current;
    touch.current = null;
    const point = event.changedTouches[0];
    if (!from || from.ignore || !point) return;
    const swipe = detectSwipe(point.clientX - from.x, point.clientY - from.y, topTen ? TOP10_SWIPE : DEFAULT_SWIPE);
    if (swipe === 'left') go(1);
    else if (swipe === 'right') go(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowRight' && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft' && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      go(-1);
    } else {
      trapFocus(event, dialogRef.current);
    }
  };

  const label = topTen ? 'Weekly Top 10 video' : 'Brand New Songs video';
  return (
    <div
      className="video-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      aria-describedby="video-overlay-now"
      ref={dialogRef}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="video-overlay-bar">
        <div className="video-overlay-text" id="video-overlay-now" aria-live="polite">
          {video ? (
            <>
              <h2 className="video-overlay-title">{video.title}</h2>
              <p className="video-overlay-artist">{video.artist}</p>
              <p className="video-overlay-position">
                {video.rank !== null && <span className="video-overlay-rank">#{video.rank}</span>}
                <span>
                  position {index + 1} of {total}
                </span>
              </p>
            </>
          ) : (
            <h2 className="video-overlay-title">No video available</h2>
          )}
        </div>
        <div className="video-overlay-actions">
          {video?.buyLink && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              title={isMarketplaceSearch(video.buyLink) ? 'Opens a search on Amazon' : undefined}
              onClick={withClick(() => video.buyLink && confirm(video.buyLink))}
            >
              {topTen ? 'Preview or Buy' : 'Buy'}
            </button>
          )}
          <button ref={closeRef} type="button" className="btn btn-ghost btn-sm" onClick={withClick(onClose)}>
            Close Video
          </button>
        </div>
      </div>
      <div className="video-overlay-main">
        <button type="button" className="player-btn video-overlay-arrow" aria-label="Previous video" onClick={withClick(() => go(-1))} disabled={total < 2}>
          <Glyph name="previous" size={28} />
        </button>
        <div className="video-overlay-stage" ref={stageRef}>
          {/*
            Touches on the video itself go to its frame, never to this page; these
            transparent strips over its left and right edges (touch screens only: they
            are hidden for a mouse) catch swipes there. Not focusable and hidden from
            assistive technology: the arrows and arrow keys are the accessible way. The
            slots the effect above appends come after them, under them.
          */}
          {video && !video.videoId && (
            <div className="video-overlay-card">
              <VideoThumbnail src={video.thumbnail} width={480} height={360} placeholder={video.title} />
              <p className="video-overlay-card-note">No video yet</p>
            </div>
          )}
          <div className="video-overlay-swipe video-overlay-swipe--start" aria-hidden="true" data-swipe-zone="" />
          <div className="video-overlay-swipe video-overlay-swipe--end" aria-hidden="true" data-swipe-zone="" />
        </div>
        <button type="button" className="player-btn video-overlay-arrow" aria-label="Next video" onClick={withClick(() => go(1))} disabled={total < 2}>
          <Glyph name="next" size={28} />
        </button>
      </div>
    </div>
  );
}
