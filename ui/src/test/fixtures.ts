import type { Artist } from '../generated/contract';

export function makeArtist(overrides: Partial<Artist> = {}): Artist {
  return {
    id: 42,
    title: 'Nirvana',
    imageUrl: null,
    genres: ['Grunge', 'Alternative Rock'],
    bio: 'Nirvana was an American rock band formed in Aberdeen, Washington, in 1987.',
    bioSourceLink: 'https://en.wikipedia.org/wiki/Nirvana_(band)',
    soloVideoLink: null,
    spotifyLink: 'https://open.spotify.com/artist/6olE6TJLqED3rqDCT0FyPh',
    appleLink: null,
    amazonLink: null,
    tidalLink: 'https://listen.tidal.com/artist/19368',
    funFact: 'Smells Like Teen Spirit was named after a deodorant.',
    externalId: 'nirvana',
    kind: 'band',
    year: 1987,
    origin: 'Aberdeen, Washington',
    country: { name: 'United States', slug: 'united-states' },
    realName: null,
    ...overrides,
  };
}
