/** API shapes (camelCase JSON served by the Rust server). */

export type ArtistKind = 'band' | 'solo';

export interface Artist {
  id: number;
  title: string;
  imageUrl: string | null;
  genres: string[];
  bio: string | null;
  bioSourceLink: string | null;
  soloVideoLink: string | null;
  spotifyLink: string | null;
  appleLink: string | null;
  amazonLink: string | null;
  tidalLink: string | null;
  funFact: string | null;
  externalId: string;
  kind: ArtistKind;
  /** Formed year (band) or birth year (solo). */
  year: number | null;
  origin: string | null;
  realName: string | null;
}

export interface ArtistSummary {
  id: number;
  title: string;
  imageUrl: string | null;
  genres: string[];
}

export interface Neighbors {
  /** 1-based position in the full sorted list. */
  position: number;
  total: number;
  previousId: number;
  nextId: number;
}

export interface BrowsePage {
  letter: string;
  page: number;
  pageSize: number;
  total: number;
  artists: ArtistSummary[];
}

export interface ApiErrorBody {
  status: number;
  error: string;
  message: string;
}
