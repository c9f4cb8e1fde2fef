import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from '../../../components/external-link';
import { PlayIcon } from '../../../components/icons';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { VideoFavoriteHeart } from '../../../components/video-favorite-heart';
import { MAX_VIDEO_DESCRIPTION_CHARS } from '../../../generated/contract';
import { queries } from '../queries';
import { videoServiceName } from './artist-facts';

/** How many of the channel's latest videos the section shows. */
export const FEATURED_VIDEOS = 4;

/**
 * Featured Video: a "Watch on" link to the artist's soloVideoLink, and the latest
 * videos of that channel (GET /api/artist/channel-videos?url=, cached 30 minutes;
 * the server prefetches it, so the first HTML has them). Without videos (no service
 * key, an unknown channel, a failure) the link alone stays.
 */
export function FeaturedVideo({ link, title, artistId }: { link: string; title: string; artistId: number }) {
  const { data } = useQuery(queries.artistChannelVideos(link));
  const videos = (data ?? []).slice(0, FEATURED_VIDEOS);
  const service = videoServiceName(link);
  return (
    <section className="artist-section" aria-labelledby="video-title">
      <h2 id="video-title">Featured Video</h2>
      {videos.length > 0 && (
        <ul className="featured-videos" aria-label={`Latest videos of ${title}`}>
          {videos.map((video) => (
            <li key={video.id} className="featured-video-item">
              <ExternalLink href={video.url} className="featured-video">
                {/* A 16:9 box whether or not its picture comes: the tile keeps its shape, the heart its place. */}
                <span className="featured-video-thumb">
                  <VideoThumbnail src={video.thumbnail ?? `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`} width={320} height={180} />
                </span>
                <span>{video.title}</span>
              </ExternalLink>
              {/* save the video as a video favorite */}
              <VideoFavoriteHeart
                video={{
                  artistId,
                  videoId: video.id,
                  title: video.title,
                  description: video.description.slice(0, MAX_VIDEO_DESCRIPTION_CHARS),
                  thumbnail: video.thumbnail ?? `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`,
                  url: video.url,
                  artistName: title,
                  publishedAt: video.publishedAt,
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="video-card">
        <div className="video-card-icon" aria-hidden="true">
          <PlayIcon size={28} />
        </div>
        <div>
          <p className="video-card-text">
            Watch {title} on {service}.
          </p>
          <ExternalLink href={link} className="btn btn-primary" showIcon>
            Watch on {service}
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
