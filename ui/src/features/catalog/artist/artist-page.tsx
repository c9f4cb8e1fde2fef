import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useNavigate } from '../../../lib/navigation';
import { Link } from '../../../components/link';
import { useAppEnv } from '../../../lib/app-state';
import { useFavoritesList, useFoldersList } from '../../../lib/visitor-library';
import { isNotFound } from '../../../lib/http-error';
import { queries } from '../queries';
import { ARTIST_SWIPE } from '../../../lib/swipe';
import { PHOTO_CREDIT, descriptions, imageAlts, images, links, routes, titles } from '../../../generated/contract';
import type { Artist, ArtistDetails, ArtistSummary, Genre, Neighbors } from '../../../generated/contract';
import { isWikimediaUrl, normalizeImageUrl } from '../../../lib/url';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pageDescription, useDocumentHead, useNotFoundHead, type DocumentHead } from '../../../lib/use-document-head';
import { ArtistCard } from '../../../components/artist-card';
import { FavoriteHeart } from '../../../components/favorite-heart';
import { ArtistImage } from '../../../components/artist-image';
import { ExternalLink } from '../../../components/external-link';
import { CardSkeletons } from '../../../components/skeletons';
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon, GridIcon, HomeIcon, SparkIcon } from '../../../components/icons';
import { artistFacts, bioParagraphs, decadeOf, formatDate, identityLinks, listenLabel, sourceFacts, spellBar, spellText, STREAMING_SERVICES } from './artist-facts';
import { ArtistSkeleton } from './artist-skeleton';
import { SharePanel } from './share-panel';
import { FeaturedVideo } from './featured-video';
import { useSwipe } from './use-swipe';
import './artist.css';

/** Location state passed by links into an artist page. */
export interface ArtistLocationState {
  from?: string;
  /** Set by the favorites feature when browsing favorites. */
  mode?: 'favorites';
}

/** Back: the origin path, else the favorites when browsing them, else /browse. */
export function backTarget(state: ArtistLocationState | null | undefined, favoritesBack: string | null = null): string {
  if (state?.from && state.from.startsWith('/') && !state.from.startsWith('//')) return state.from;
  if (favoritesBack) return favoritesBack;
  if (state?.mode === 'favorites') return routes.favorites.href();
  return routes.browse.href();
}

/**
 * Favorites mode (the query string of `links.artistInFavorites` / `links.artistInFolder`,
 * so the server renders it too): which list prev/next run through and where Back goes.
 * Null when the address asks for no such mode.
 */
export function favoritesMode(params: URLSearchParams): { folderId: number | null; back: string } | null {
  if (params.get('list') !== 'favorites') return null;
  const folder = params.get('folder');
  const folderId = folder !== null && /^[1-9][0-9]{0,9}$/.test(folder) ? Number(folder) : null;
  return { folderId, back: folderId === null ? routes.favorites.href() : routes.favoritesFolder.href(folderId) };
}

/** Prev/next through a favorites list, wrapping around; null when the artist is not in it. */
export function favoritesPager(list: { id: number }[], id: number): { position: number; total: number; previousId: number; nextId: number } | null {
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) return null;
  const total = list.length;
  return {
    position: index + 1,
    total,
    previousId: list[(index - 1 + total) % total]!.id,
    nextId: list[(index + 1) % total]!.id,
  };
}

/** One word for what an artist is, the same on the page, its share picture and its alt text. */
function kindWord(artist: Pick<Artist, 'kind'>): 'Band' | 'Artist' {
  return artist.kind === 'band' ? 'Band' : 'Artist';
}

/**
 * The artist's social head on client navigation, from the contract's titles,
 * descriptions and alt texts as the server's: its own share picture, `profile`.
 */
export function artistHead(artist: Pick<Artist, 'id' | 'title' | 'bio' | 'genres' | 'kind'>, origin: string): DocumentHead {
  const genres = artist.genres.slice(0, 3).join(' · ');
  const word = kindWord(artist);
  return {
    title: titles.artist(artist.title),
    description: pageDescription(artist.bio, descriptions.artist(artist.title)),
    url: `${origin}${routes.artist.href(artist.id)}`,
    image: `${origin}${images.artistSharePicture(artist.id)}`,
    imageAlt: genres ? imageAlts.shareCardDetailed(word, artist.title, genres) : imageAlts.shareCard(word, artist.title),
    type: 'profile',
  };
}

export function ArtistPage() {
  const { id = '' } = useParams();
  const artistQuery = useQuery(queries.artist(id));
  const artist = artistQuery.data;
  // Neighbours and related load alongside the artist, but not for an artist
  // that failed (the server does not prefetch them then either).
  const enabled = !artistQuery.isError;
  const neighborsQuery = useQuery({ ...queries.neighbors(id), enabled });
  const relatedQuery = useQuery({ ...queries.related(id), enabled });
  const detailsQuery = useQuery({ ...queries.artistDetails(id), enabled });
  const genresQuery = useQuery({ ...queries.artistGenres(id), enabled });

  const { origin } = useAppEnv();
  const notFound = artistQuery.isError && isNotFound(artistQuery.error);
  useDocumentTitle(artist ? titles.artist(artist.title) : notFound ? titles.artistNotFound() : null);
  useDocumentHead(artist ? artistHead(artist, origin) : null, origin);
  useNotFoundHead(notFound);

  return (
    <div className="page artist-page">
      {artistQuery.isPending ? (
        <ArtistSkeleton />
      ) : artistQuery.isError ? (
        isNotFound(artistQuery.error) ? (
          <div className="state-box state-box--page" role="alert">
            <h1 className="sr-only">Artist Not Found</h1>
            <p>
              <strong className="state-title">Not Found:</strong> This artist could not be found. It may have been removed or the ID is incorrect.
            </p>
            <div className="state-actions">
              <Link to={routes.browse.href()} className="btn btn-ghost">
                Browse Artists
              </Link>
              <Link to="/" className="btn btn-primary">
                Back to Home
              </Link>
            </div>
          </div>
        ) : (
          <div className="state-box state-box--page" role="alert">
            <h1 className="sr-only">Artist Not Loaded</h1>
            <p>
              <strong className="state-title">Error:</strong> Failed to load artist information. Please try again later.
            </p>
            <div className="state-actions">
              <Link to="/" className="btn btn-primary">
                Back to Home
              </Link>
            </div>
          </div>
        )
      ) : (
        <ArtistDetail
          key={artistQuery.data.id}
          artist={artistQuery.data}
          details={detailsQuery.data}
          genres={genresQuery.data}
          neighbors={neighborsQuery.data}
          related={relatedQuery.data}
          relatedPending={relatedQuery.isPending && enabled}
        />
      )}
    </div>
  );
}

function ArtistDetail({
  artist,
  details,
  genres,
  neighbors,
  related,
  relatedPending,
}: {
  artist: Artist;
  details: ArtistDetails | undefined;
  /** The artist's genres with their pages' slugs: each chip links to its genre's page. */
  genres: Genre[] | undefined;
  neighbors: Neighbors | undefined;
  related: ArtistSummary[] | undefined;
  relatedPending: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { origin } = useAppEnv();
  const state = location.state as ArtistLocationState | null;
  const rootRef = useRef<HTMLDivElement>(null);

  // Favorites mode: prev/next run through the visitor's favorites (or one folder).
  const [params] = useSearchParams();
  const mode = favoritesMode(params);
  const favorites = useFavoritesList();
  const folders = useFoldersList();
  const favoritesList = mode ? (mode.folderId === null ? favorites : folders.find((folder) => folder.id === mode.folderId)?.artists) : undefined;
  const favoritesPage = favoritesList ? favoritesPager(favoritesList, artist.id) : null;
  const hrefOf = useCallback(
    (targetId: number) =>
      !favoritesPage || !mode ? routes.artist.href(targetId) : mode.folderId === null ? links.artistInFavorites(targetId) : links.artistInFolder(targetId, mode.folderId),
    [favoritesPage, mode],
  );
  const pager = favoritesPage ?? neighbors;

  const goTo = useCallback(
    (targetId: number | undefined) => {
      if (targetId === undefined) return;
      navigate(hrefOf(targetId), { state: { ...state } });
    },
    [navigate, state, hrefOf],
  );
  const goPrevious = useCallback(() => goTo(pager?.previousId), [goTo, pager]);
  const goNext = useCallback(() => goTo(pager?.nextId), [goTo, pager]);

  useSwipe(rootRef, ARTIST_SWIPE, goNext, goPrevious);

  // Arrow keys go previous/next (not while typing).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      if (event.key === 'ArrowLeft') goPrevious();
      else if (event.key === 'ArrowRight') goNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goPrevious, goNext]);

  const onBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(backTarget(state, mode?.back), { state: { restoreScroll: true } });
  };

  const [shownSrc, setShownSrc] = useState<string | null>(() => normalizeImageUrl(artist.imageUrl));
  // Where else the artist is listed: the bands they were in, their country, their decade.
  const decade = artist.year !== null ? decadeOf(artist.year) : null;
  const facets: Array<[string, string]> = [
    ...(details?.memberOf ?? []).map((band): [string, string] => [routes.artist.href(band.id), `Member of ${band.title}`]),
    ...(artist.country ? [[routes.country.href(artist.country.slug), `More artists from ${artist.country.name}`] as [string, string]] : []),
    ...(decade ? [[routes.decade.href(decade), `More artists born or formed in the ${decade}`] as [string, string]] : []),
  ];
  const facts = artistFacts(artist, details?.beganOn ?? null, details?.endedOn ?? null);
  const paragraphs = bioParagraphs(artist.bio);
  const genreSlugs = new Map((genres ?? []).map((genre) => [genre.name, genre.slug]));
  const listen = details?.listen ?? [];
  const credit = shownSrc !== null ? details?.imageCredit : null;
  const shareUrl = `${origin}/artist/${artist.id}`;
  const video = artist.soloVideoLink?.trim() || null;

  return (
    <div ref={rootRef} className="artist-layout">
      <div className="artist-toolbar">
        <Link to={mode?.back ?? routes.browse.href()} className="btn btn-ghost" onClick={onBack}>
          <ArrowLeftIcon size={18} /> Back
        </Link>
        <nav className="artist-pager" aria-label="Artist navigation">
          {pager ? (
            <>
              <Link to={hrefOf(pager.previousId)} state={{ ...state }} className="icon-btn" aria-label="Previous artist" rel="prev">
                <ChevronLeftIcon />
              </Link>
              <span className="artist-pager-count">
                {pager.position} / {pager.total} {favoritesPage ? 'favorites' : 'artists'}
              </span>
              <Link to={hrefOf(pager.nextId)} state={{ ...state }} className="icon-btn" aria-label="Next artist" rel="next">
                <ChevronRightIcon />
              </Link>
            </>
          ) : (
            <span className="artist-pager-count artist-pager-count--empty" aria-hidden="true" />
          )}
        </nav>
      </div>

      <article className="artist-article" aria-labelledby="artist-title">
        <div className="artist-hero">
          <div className="artist-hero-media-wrap">
            <div className="artist-hero-picture">
              <ArtistImage
                src={artist.imageUrl}
                title={artist.title}
                genres={artist.genres}
                loading="priority"
                reportFailure
                className="artist-hero-media"
                width={640}
                height={640}
                onSourceChange={setShownSrc}
              />
              {shownSrc !== null && isWikimediaUrl(shownSrc) && <span className="image-badge">Source: Wikimedia</span>}
            </div>
            {credit && (
              <p className="image-credit">
                {PHOTO_CREDIT}
                <ExternalLink href={credit.sourceUrl}>{credit.author}</ExternalLink>,{' '}
                {credit.licenseUrl ? <ExternalLink href={credit.licenseUrl}>{credit.license}</ExternalLink> : credit.license}
              </p>
            )}
          </div>
          <div className="artist-hero-body">
            <p className="eyebrow">{kindWord(artist)}</p>
            <h1 id="artist-title" className="artist-title">
              {artist.title}
            </h1>
            {details?.description && <p className="artist-description">{details.description}</p>}
            {artist.genres.length > 0 ? (
              <ul className="tag-list" aria-label="Genres">
                {artist.genres.map((genre) => {
                  const slug = genreSlugs.get(genre);
                  return (
                    <li key={genre} className="tag">
                      {slug ? (
                        <Link to={routes.genre.href(slug)} className="tag-link">
                          {genre}
                        </Link>
                      ) : (
                        genre
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="muted">No genres available</p>
            )}
            {facts.length > 0 && (
              <p className="artist-facts">
                {facts.map((fact, i) => (
                  <span key={fact}>
                    {i > 0 && <span aria-hidden="true"> · </span>}
                    {fact}
                  </span>
                ))}
              </p>
            )}
            {facets.length > 0 && (
              <p className="artist-facets">
                {facets.map(([to, text], i) => (
                  <span key={to}>
                    {i > 0 && <span aria-hidden="true"> · </span>}
                    <Link to={to}>{text}</Link>
                  </span>
                ))}
              </p>
            )}
            <div className="artist-actions">
              <FavoriteHeart artist={artist} variant="button" />
              <SharePanel url={shareUrl} title={artist.title} />
            </div>
          </div>
        </div>

        <section className="artist-section" aria-labelledby="bio-title">
          <h2 id="bio-title">Biography</h2>
          {paragraphs.length > 0 ? (
            paragraphs.map((paragraph, i) => <p key={i}>{paragraph}</p>)
          ) : (
            <p className="muted">No biography available for this artist.</p>
          )}
          {artist.bioSourceLink && (
            <p>
              <ExternalLink href={artist.bioSourceLink} className="text-link" showIcon>
                Read full biography
              </ExternalLink>
            </p>
          )}
        </section>

        {video && <FeaturedVideo link={video} title={artist.title} artistId={artist.id} />}

        {listen.length > 0 && (
          <section className="artist-section" aria-labelledby="listen-title">
            <h2 id="listen-title">Listen On</h2>
            <ul className="listen-list">
              {listen.map((link) => (
                <li key={link.service}>
                  <ExternalLink href={link.url} className={`listen-link ${STREAMING_SERVICES[link.service].className}`} showIcon>
                    {listenLabel(link)}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
        )}

        {details && details.albums.length > 0 && (
          <section className="artist-section" aria-labelledby="albums-title">
            <h2 id="albums-title">Discography</h2>
            <ol className="album-list">
              {details.albums.map((album, i) => (
                <li key={i}>
                  <span className="album-year">{album.year ?? '—'}</span> {album.title}
                </li>
              ))}
            </ol>
          </section>
        )}

        {details && details.members.length > 0 && <MembersTimeline details={details} />}

        {artist.funFact && artist.funFact.trim() !== '' && (
          <section className="artist-section fun-fact" aria-labelledby="fun-fact-title">
            <h2 id="fun-fact-title">
              <SparkIcon size={20} className="section-icon" /> Fun Facts
            </h2>
            <p>{artist.funFact}</p>
          </section>
        )}

        {details && (details.sources.length > 0 || identityLinks(details).length > 0) && <FactSources details={details} kind={artist.kind} />}
      </article>

      <section className="artist-section" aria-labelledby="related-title">
        <h2 id="related-title">Related Artists</h2>
        {relatedPending ? (
          <div className="artist-grid artist-grid--compact" aria-busy="true">
            <CardSkeletons count={6} />
          </div>
        ) : related && related.length > 0 ? (
          <div className="artist-grid artist-grid--compact">
            {related.map((item) => (
              <ArtistCard key={item.id} artist={item} />
            ))}
          </div>
        ) : (
          <p className="muted">No related artists found.</p>
        )}
      </section>

      <div className="artist-bottom-nav">
        <Link to="/" className="btn btn-ghost">
          <HomeIcon size={18} /> Home
        </Link>
        <Link to={routes.browse.href()} className="btn btn-primary">
          <GridIcon size={18} /> Browse Artists
        </Link>
      </div>
    </div>
  );
}

/**
 * Where each fact on the page comes from: each service, what it gave and when it was
 * read; the editors, what they wrote and when; then the artist's pages at the services
 * whose ids are stored and not linked above.
 */
function FactSources({ details, kind }: { details: ArtistDetails; kind: Artist['kind'] }) {
  return (
    <section className="artist-section artist-sources" aria-labelledby="sources-title">
      <h2 id="sources-title">Sources</h2>
      <ul className="source-list">
        {details.sources.map((source) => (
          <li key={`${source.name} ${source.date ?? ''}`}>
            {source.url ? <ExternalLink href={source.url}>{source.name}</ExternalLink> : source.name}
            {`: ${sourceFacts(source, kind)}${source.date === null ? '' : ` (${source.editors ? 'written' : 'read'} `}`}
            {source.date !== null && (
              <>
                <time dateTime={source.date}>{formatDate(source.date)}</time>)
              </>
            )}
          </li>
        ))}
        {identityLinks(details).map((page) => (
          <li key={page.name}>
            <ExternalLink href={page.url}>{page.name}</ExternalLink>: the artist&apos;s page
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A band's members as a list (name, roles, years in words), each with bars over the
 * band's years drawn by CSS: the bars are decoration, the words say it all.
 */
function MembersTimeline({ details }: { details: ArtistDetails }) {
  const { timeline } = details;
  return (
    <section className="artist-section" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <ol className="member-list">
        {details.members.map((member, i) => (
          <li key={i} className="member">
            <span className="member-name" lang={member.nameLanguage ?? undefined}>
              {member.artistId !== null ? <Link to={routes.artist.href(member.artistId)}>{member.name}</Link> : member.name}
            </span>{' '}
            <span className="member-meta">
              {[member.roles.join(', '), member.spells.map(spellText).filter(Boolean).join(', ')].filter(Boolean).join(' · ')}
            </span>
            {timeline && (
              <span className="member-track" aria-hidden="true">
                {member.spells.map((spell, j) => {
                  const bar = spellBar(spell, timeline);
                  return bar && <span key={j} className="member-bar" style={bar} />;
                })}
              </span>
            )}
          </li>
        ))}
      </ol>
      {timeline && (
        <p className="member-axis" aria-hidden="true">
          <span>{timeline.from}</span>
          <span>{timeline.until}</span>
        </p>
      )}
    </section>
  );
}
