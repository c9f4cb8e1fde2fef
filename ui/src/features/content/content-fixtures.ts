import type { Article, ArticleSummary, ChannelVideo, NewSong, TopTenEntry } from '../../generated/contract';

/** Test data shaped like the API's answers. */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 7,
    title: 'The Story Behind a Song',
    summary: 'A short history of a famous record.',
    date: '2026-11-20',
    category: 'Artist Spotlight',
    content: 'First paragraph with <b>bold words</b>.|Second paragraph: https://en.wikipedia.org/wiki/Queen_(band).',
    tags: 'Rock, 1970s, Queen, Live',
    featuredImage: null,
    featuredImageCaption: null,
    featuredImageCredit: null,
    image1: null,
    image1Caption: null,
    image1Credit: null,
    image2: null,
    image2Caption: null,
    image2Credit: null,
    youtubeVideo: 'fJ9rUzIMcZQ',
    product1Name: 'Studio headphones',
    product1Link: 'https://www.amazon.com/s?k=studio+headphones&tag=soundatlas-20',
    product1Image: null,
    product2Name: 'A name without a link',
    product2Link: null,
    product2Image: null,
    product3Name: null,
    product3Link: 'https://www.amazon.com/s?k=nameless',
    product3Image: null,
    ...overrides,
  };
}

/** An article as the list answers it (its card), as the server makes it. */
export function cardOf({ id, title, summary, date, category, tags, featuredImage, image1 }: Article): ArticleSummary {
  return { id, title, summary, date, category, tags, image: featuredImage ?? image1 };
}

export const topTen: TopTenEntry[] = [
  { weekOf: '2026-11-23', source: 'Sound Atlas', picks: true, rank: 1, songName: 'Blinding Lights', artist: 'The Weeknd', youtubeLink: null, amazonLink: 'https://www.amazon.com/s?k=Blinding+Lights', thumbnailUrl: null },
  { weekOf: '2026-11-23', source: 'Sound Atlas', picks: true, rank: 2, songName: 'Shape of You', artist: 'Ed Sheeran', youtubeLink: 'https://www.youtube.com/watch?v=JGwWNGJdvx8', amazonLink: null, thumbnailUrl: 'https://i.ytimg.com/vi/JGwWNGJdvx8/hqdefault.jpg' },
];

export const newSongs: NewSong[] = [
  { id: 1, songName: 'APT.', artistName: 'Rosé & Bruno Mars', thumbnail: null, videoId: null, amazonLink: 'https://www.amazon.com/s?k=APT.', releaseDate: '2024-10-18' },
];

export const channelVideos: ChannelVideo[] = [
  { id: 'JGwWNGJdvx8', title: 'Ed Sheeran - Shape of You', description: '', thumbnail: null, url: 'https://www.youtube.com/watch?v=JGwWNGJdvx8', publishedAt: '2017-01-30T00:00:00Z', viewCount: null, duration: null },
];
