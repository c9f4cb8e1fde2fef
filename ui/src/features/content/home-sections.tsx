import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import type { ArticleSummary, ChannelVideo, ChartWeek, NewSong, TopTenEntry } from '../../generated/contract';
import { request } from '../../lib/api-client';
import { isHttpError } from '../../lib/http-error';
import { requestVideoOverlay } from '../../lib/events';
import { buyLinkProps } from '../../lib/marketplace';
import { playHoverSound } from '../../lib/sound';
import { ExternalLink, useExternalLink } from '../../components/external-link';
import { BookIcon, ChevronLeftIcon, ChevronRightIcon, PlayIcon, RefreshIcon } from '../../components/icons';
import { VideoThumbnail } from '../../components/video-thumbnail';
import { ArticleCard } from './article-card';
import { formatDate, queries } from './queries';
import { hasNewSongs, nothingNewNote } from './new-songs';
import { useAppEnv } from '../../lib/app-state';
import { scrollStrip, thumbnailOf, videoLinkProps, watchUrl } from './video-link';
import './content.css';
import { api, routes } from '../../generated/contract';

/** Carousel scroll steps, skeleton counts and the refresh spinner. */
export const TOP_TEN_STEP = 300;
export const NEW_SONGS_STEP = 320;
export const CHANNEL_STEP = 350;
export const TOP_TEN_SKELETONS = 5;
export const NEW_SONGS_SKELETONS = 3;
export const REFRESH_SPINNER_MS = 1000;
/** How many articles home shows under "Latest Articles". */
export const LATEST_ARTICLES = 3;

/** A pointer over a Top 10 or new-song card: the (throttled) hover effect. */
function onCardHover(event: ReactPointerEvent<HTMLLIElement>): void {
  playHoverSound(event.pointerType);
}

/**
 * A horizontally scrolling row with previous and next buttons that move it by `step`
 * (its cards are links or buttons: a keyboard scrolls it by moving through them).
 */
function Strip({ label, step, children, className = '' }: { label: string; step: number; children: ReactNode; className?: string }) {
  const strip = useRef<HTMLUListElement>(null);
  return (
    <div className="strip">
      <button type="button" className="icon-btn strip-btn strip-btn--prev" aria-label={`Scroll ${label} left`} onClick={() => scrollStrip(strip.current, -step)}>
        <ChevronLeftIcon size={20} />
      </button>
      <ul ref={strip} className={`strip-list ${className}`} aria-label={label} data-step={step}>
        {children}
      </ul>
      <button type="button" className="icon-btn strip-btn strip-btn--next" aria-label={`Scroll ${label} right`} onClick={() => scrollStrip(strip.current, step)}>
        <ChevronRightIcon size={20} />
      </button>
    </div>
  );
}

function StripSkeletons({ count, className }: { count: number; className: string }) {
  return (
    <ul className="strip-list" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={`video-tile ${className}`}>
          <div className="skeleton video-tile-thumb" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-line--short" />
        </li>
      ))}
    </ul>
  );
}

/** Top 10 card click: the player's full-screen overlay, on this entry of the chart (player feature, lib/events.ts). */
function useOpenTopTenVideo(entries: TopTenEntry[] | undefined): (entry: TopTenEntry) => void {
  return useCallback(
    (entry: TopTenEntry) => {
      const list = entries ?? [entry];
      requestVideoOverlay({ kind: 'topTen', entries: list, index: Math.max(0, list.indexOf(entry)) });
    },
    [entries],
  );
}

/** Which week a list is and whose: "Week of November 16, 2026 · Billboard Hot 100". */
export function chartLabel(week: ChartWeek): string {
  const when = `Week of ${formatDate(week.weekOf)}`;
  return week.picks ? `${when} · Editors' picks by ${week.source}, not a chart` : `${when} · ${week.source}`;
}

/**
 * What home says over the latest week when `?week=` names one without a list: its date
 * when it is one (the server answered 404), else just "that week" (400, not a date).
 */
export function noListFor(asked: string, status: number): string {
  const which = status === 404 ? `the week of ${formatDate(asked.trim())}` : 'that week';
  return `There is no Weekly Top 10 for ${which}. Showing the latest week.`;
}

/**
 * Past weeks: a plain GET form to home's `?week=`, so it works without JavaScript; with
 * it, choosing a week shows it at once, in place (Show is for the form without script).
 * The select always names the week shown, Back and Forward included (never a choice the
 * browser restores into a page showing another week).
 * Shown only once there is more than one week.
 */
function WeekPicker({ weeks, shown, onChoose }: { weeks: ChartWeek[]; shown: string; onChoose: (week: string) => void }) {
  if (weeks.length < 2) return null;
  return (
    <form
      method="get"
      action="/"
      className="week-picker"
      onSubmit={(event) => {
        event.preventDefault();
        onChoose(String(new FormData(event.currentTarget).get('week') ?? ''));
      }}
    >
      <label>
        Week{' '}
        <select name="week" value={shown} onChange={(event) => onChoose(event.target.value)} autoComplete="off" className="text-input">
          {weeks.map((week) => (
            <option key={week.weekOf} value={week.weekOf}>
              {`${formatDate(week.weekOf)} · ${week.picks ? "Editors' picks" : week.source}`}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-ghost btn-sm">
        Show
      </button>
    </form>
  );
}

/**
 * Weekly Top 10: a horizontal strip, 5 skeletons, and Refresh ("Refreshing..." for 1 s);
 * the week and whose list it is under the heading; `?week=` shows a past week.
 */
export function WeeklyTopTen() {
  const client = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('week');
  // A week without a list (an old shared link, a mistyped date, junk) refuses with a
  // 4xx: the latest week is shown instead, with a word that the asked one has none.
  const askedChart = useQuery({ ...queries.weeklyTopTenOf(asked ?? ''), enabled: asked !== null });
  const refusal = isHttpError(askedChart.error) && askedChart.error.status < 500 ? askedChart.error.status : null;
  const week = refusal === null ? asked : null;
  const latest = useQuery({ ...queries.weeklyTopTen(), enabled: week === null });
  const chart = week === null ? queries.weeklyTopTen() : queries.weeklyTopTenOf(week);
  const { data, isPending, isError } = week === null ? latest : askedChart;
  const weeks = useQuery(queries.topTenWeeks()).data ?? [];
  const [refreshing, setRefreshing] = useState(false);
  const openVideo = useOpenTopTenVideo(data);
  const chartPath = chart.queryKey[0];

  const refresh = useCallback(async () => {
    setRefreshing(true);
    const started = Date.now();
    try {
      const fresh = await request('GET', week === null ? api.weeklyTopTen({ refresh: 'true' }) : api.weeklyTopTenOf(week, { refresh: 'true' }));
      client.setQueryData([chartPath], fresh);
    } catch {
      // The strip keeps what it shows; a failed refresh changes nothing.
    } finally {
      const left = REFRESH_SPINNER_MS - (Date.now() - started);
      window.setTimeout(() => setRefreshing(false), Math.max(0, left));
    }
  }, [client, chartPath, week]);

  // ?refresh=true on the page rereads the chart (the server already
  // did for the first HTML) and is then removed from the address.
  const refreshParam = searchParams.get('refresh');
  useEffect(() => {
    if (refreshParam === null) return;
    setSearchParams(
      (params) => {
        params.delete('refresh');
        return params;
      },
      { replace: true },
    );
  }, [refreshParam, setSearchParams]);

  return (
    <section className="home-section" aria-labelledby="top10-title" aria-busy={isPending}>
      <div className="section-head">
        <h2 id="top10-title">Weekly Top 10</h2>
        <button type="button" className="btn btn-ghost" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshIcon size={16} className={refreshing ? 'spin' : undefined} />
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {isPending ? (
        <div role="status" aria-label="Loading Weekly Top 10">
          <StripSkeletons count={TOP_TEN_SKELETONS} className="video-tile--top10" />
        </div>
      ) : isError || !data ? (
        <p className="empty-note" role="alert">
          Failed to load Weekly Top 10 data. Please try again later.
        </p>
      ) : data.length === 0 ? (
        <p className="empty-note">This week&apos;s chart is not available yet. Check back soon!</p>
      ) : (
        <>
          {asked !== null && refusal !== null && (
            <p className="section-note" role="status">
              {noListFor(asked, refusal)}
            </p>
          )}
          <p className="section-note">{chartLabel(data[0]!)}</p>
          <Strip label="Weekly Top 10" step={TOP_TEN_STEP}>
            {data.map((entry) => (
              <li key={entry.rank} className="video-tile video-tile--top10" onPointerEnter={onCardHover}>
                {entry.youtubeLink ? (
                  <a className="video-tile-link" {...videoLinkProps(entry.youtubeLink, () => openVideo(entry))}>
                    <TopTenFace entry={entry} />
                  </a>
                ) : (
                  <button type="button" className="video-tile-link" onClick={() => openVideo(entry)}>
                    <TopTenFace entry={entry} />
                  </button>
                )}
                {entry.amazonLink && (
                  <ExternalLink href={entry.amazonLink} className="btn btn-ghost btn-sm video-tile-buy" {...buyLinkProps(entry.amazonLink, entry.songName, entry.artist)}>
                    Buy
                  </ExternalLink>
                )}
              </li>
            ))}
          </Strip>
        </>
      )}
      <WeekPicker weeks={weeks} shown={data?.[0]?.weekOf ?? week ?? ''} onChoose={(chosen) => setSearchParams({ week: chosen }, { state: { keepScroll: true } })} />
    </section>
  );
}

/** The chart's first tiles are in the first screen of the home page. */
const TOP_TEN_IN_FIRST_SCREEN = 2;

function TopTenFace({ entry }: { entry: TopTenEntry }) {
  return (
    <>
      <span className="video-tile-thumb">
        <VideoThumbnail src={entry.thumbnailUrl} width={480} height={360} placeholder={entry.songName} eager={entry.rank <= TOP_TEN_IN_FIRST_SCREEN} />
        <span className="rank-badge">#{entry.rank}</span>
      </span>
      <span className="video-tile-title">{entry.songName}</span>
      <span className="video-tile-sub">{entry.artist}</span>
    </>
  );
}

/** New-song card click: the player's full-screen new-songs player, on this song (player feature, lib/events.ts). */
function useOpenNewSong(songs: NewSong[] | undefined): (song: NewSong) => void {
  return useCallback(
    (song: NewSong) => {
      const list = songs ?? [song];
      requestVideoOverlay({ kind: 'newSongs', songs: list, index: Math.max(0, list.indexOf(song)) });
    },
    [songs],
  );
}

/**
 * Brand New Songs: a carousel with 3 skeletons and a Buy button on each card, newest
 * release first with its date (the server leaves out songs older than its window).
 * When none is that new, the server sends the latest it has and the strip says so.
 */
export function BrandNewSongs() {
  const { data, isPending, isError } = useQuery(queries.newSongs());
  const { today, newSongsWindowWeeks } = useAppEnv();
  const openSong = useOpenNewSong(data);
  const latestOnly = data !== undefined && data.length > 0 && !hasNewSongs(data, today, newSongsWindowWeeks);
  return (
    <section className="home-section" aria-labelledby="new-songs-title" aria-busy={isPending}>
      <div className="section-head">
        <h2 id="new-songs-title">Brand New Songs</h2>
      </div>
      {latestOnly && <p className="section-note">{nothingNewNote(newSongsWindowWeeks)}</p>}
      {isPending ? (
        <div role="status" aria-label="Loading new songs">
          <StripSkeletons count={NEW_SONGS_SKELETONS} className="video-tile--song" />
        </div>
      ) : isError || !data || data.length === 0 ? (
        <p className="empty-note">No new songs to show right now. Check back soon!</p>
      ) : (
        <Strip label="Brand New Songs" step={NEW_SONGS_STEP}>
          {data.map((song) => (
            <li key={song.id} className="video-tile video-tile--song" onPointerEnter={onCardHover}>
              {song.videoId ? (
                <a className="video-tile-link" {...videoLinkProps(watchUrl(song.videoId), () => openSong(song))}>
                  <SongFace song={song} />
                </a>
              ) : (
                <button type="button" className="video-tile-link" onClick={() => openSong(song)}>
                  <SongFace song={song} />
                </button>
              )}
              {song.amazonLink && (
                <ExternalLink href={song.amazonLink} className="btn btn-primary btn-sm video-tile-buy" {...buyLinkProps(song.amazonLink, song.songName, song.artistName)}>
                  Buy
                </ExternalLink>
              )}
            </li>
          ))}
        </Strip>
      )}
    </section>
  );
}

function SongFace({ song }: { song: NewSong }) {
  const thumbnail = song.thumbnail ?? (song.videoId ? thumbnailOf(song.videoId) : null);
  return (
    <>
      <span className="video-tile-thumb">
        <VideoThumbnail src={thumbnail} width={480} height={360} placeholder={song.songName} />
      </span>
      <span className="video-tile-title">{song.songName}</span>
      <span className="video-tile-sub">{song.artistName}</span>
      {song.releaseDate && (
        <span className="video-tile-sub">
          Released <time dateTime={song.releaseDate}>{formatDate(song.releaseDate)}</time>
        </span>
      )}
    </>
  );
}

/** Channel video click: the player's overlay replaces this; for now the External Link Warning. */
function useOpenChannelVideo(): (video: ChannelVideo) => void {
  const { confirm } = useExternalLink();
  return useCallback((video: ChannelVideo) => confirm(video.url), [confirm]);
}

/** Latest from the channel: video cards; three "Coming Soon" cards on failure or no data. */
export function ChannelVideos() {
  const { data, isPending, isError } = useQuery(queries.channelVideos());
  const openVideo = useOpenChannelVideo();
  const videos = !isPending && !isError && data ? data : [];
  return (
    <section className="home-section" aria-labelledby="channel-title" aria-busy={isPending}>
      <div className="section-head">
        <h2 id="channel-title">Latest from the Sound Atlas Channel</h2>
      </div>
      {videos.length > 0 ? (
        <Strip label="Latest channel videos" step={CHANNEL_STEP}>
          {videos.map((video) => (
            <li key={video.id} className="video-tile video-tile--channel">
              <a className="video-tile-link" {...videoLinkProps(video.url, () => openVideo(video))}>
                <span className="video-tile-thumb">
                  <VideoThumbnail src={video.thumbnail ?? thumbnailOf(video.id)} width={480} height={360} />
                  <span className="play-badge" aria-hidden="true">
                    ▶
                  </span>
                </span>
                <span className="video-tile-title">{video.title}</span>
              </a>
            </li>
          ))}
        </Strip>
      ) : (
        <ul className="coming-soon-row">
          {[1, 2, 3].map((n) => (
            <li key={n} className="coming-soon-card">
              <div className="coming-soon-thumb" aria-hidden="true">
                <PlayIcon size={28} />
              </div>
              <p className="coming-soon-title">Coming Soon</p>
              <p className="coming-soon-text">New videos are on the way.</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Latest Articles: hidden on error or when there are none. */
export function LatestArticles() {
  const { data, isError } = useQuery(queries.articles());
  if (isError || !data || data.length === 0) return null;
  const latest: ArticleSummary[] = data.slice(0, LATEST_ARTICLES);
  return (
    <section className="home-section" aria-labelledby="articles-title">
      <div className="section-head">
        <h2 id="articles-title">
          <BookIcon size={20} className="section-icon" /> Latest Articles
        </h2>
        <Link to={routes.articles.href()} className="section-link">
          View All
        </Link>
      </div>
      <ul className="article-row">
        {latest.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} headingLevel={3} />
          </li>
        ))}
      </ul>
      <div className="section-foot">
        <Link to={routes.articles.href()} className="btn btn-primary">
          Explore All Articles
        </Link>
      </div>
    </section>
  );
}
