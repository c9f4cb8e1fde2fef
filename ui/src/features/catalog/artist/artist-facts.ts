import type { Artist, ArtistDetails, Fact, FactSource, ListenLink, Spell, StreamingService, YearPrecision, YearSpan } from '../../../generated/contract';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An ISO 8601 date to its precision ("1946-09-05", "1946-09", "1946") as words: "5 September 1946". */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  const monthName = month ? MONTHS[Number(month) - 1] : undefined;
  if (!year || (month && !monthName)) return iso;
  if (!monthName) return year;
  return day ? `${Number(day)} ${monthName} ${year}` : `${monthName} ${year}`;
}

/**
 * The facts line under the title: "Formed 1991 in Seattle, Washington" (band)
 * or "Born 1981 in Houston, Texas" (solo), the date to the day where the sources
 * give it ("Born 5 September 1946"), then "Disbanded 1970" (band) or "Died 24
 * November 1991" (solo) where the sources give that date, plus the real name when present.
 * Returns the parts to show, possibly none.
 */
export function artistFacts(
  artist: Pick<Artist, 'kind' | 'year' | 'origin' | 'realName' | 'title'>,
  beganOn: string | null = null,
  endedOn: string | null = null,
): string[] {
  const facts: string[] = [];
  const verb = artist.kind === 'band' ? 'Formed' : 'Born';
  const origin = artist.origin?.trim() || null;
  const when = beganOn ? formatDate(beganOn) : artist.year !== null ? String(artist.year) : null;
  if (when !== null && origin) facts.push(`${verb} ${when} in ${origin}`);
  else if (when !== null) facts.push(`${verb} ${when}`);
  else if (origin) facts.push(artist.kind === 'band' ? `Formed in ${origin}` : `From ${origin}`);
  if (endedOn) facts.push(`${artist.kind === 'band' ? 'Disbanded' : 'Died'} ${formatDate(endedOn)}`);
  const realName = artist.realName?.trim();
  if (realName && realName !== artist.title) facts.push(`Real name: ${realName}`);
  return facts;
}

export const STREAMING_SERVICES: Record<StreamingService, { label: string; className: string }> = {
  spotify: { label: 'Spotify', className: 'listen--spotify' },
  apple: { label: 'Apple Music', className: 'listen--apple' },
  amazon: { label: 'Amazon Music', className: 'listen--amazon' },
  tidal: { label: 'TIDAL', className: 'listen--tidal' },
};

/** A Listen On link's text: the service, or "Search on {service}" when it opens a search. */
export function listenLabel(link: ListenLink): string {
  const { label } = STREAMING_SERVICES[link.service];
  return link.search ? `Search on ${label}` : label;
}

/** A fact as the Sources name it: "formed" for a band, "born" for a solo artist. */
export function factWord(fact: Fact, kind: Artist['kind']): string {
  const band = kind === 'band';
  switch (fact) {
    case 'began':
      return band ? 'formed' : 'born';
    case 'ended':
      return band ? 'disbanded' : 'died';
    case 'realName':
      return 'real name';
    case 'albums':
      return 'discography';
    case 'funFact':
      return 'fun fact';
    default:
      return fact;
  }
}

/** What a source gave, in the page's order: "formed, origin, genres". */
export function sourceFacts(source: FactSource, kind: Artist['kind']): string {
  return source.facts.map((fact) => factWord(fact, kind)).join(', ');
}

/**
 * The artist's own pages at the open data services whose ids are stored, where the
 * Sources list does not link them already (an id may come from another service: the
 * knowledge base names the MusicBrainz id).
 */
export function identityLinks(details: ArtistDetails): { name: string; url: string }[] {
  const linked = new Set(details.sources.filter((source) => source.url).map((source) => source.name));
  const pages = [
    { name: 'Wikidata', id: details.wikidataId, base: 'https://www.wikidata.org/wiki/' },
    { name: 'MusicBrainz', id: details.musicbrainzId, base: 'https://musicbrainz.org/artist/' },
  ];
  return pages.flatMap(({ name, id, base }) => (id && !linked.has(name) ? [{ name, url: `${base}${encodeURIComponent(id)}` }] : []));
}

/** A year to its precision: "1987", "1980s" (a decade by its first year), "20th century" (a century by its first). */
export function yearText(year: number, precision: YearPrecision): string {
  if (precision === 'decade') return `${year}s`;
  if (precision === 'century') {
    const century = Math.floor((year - 1) / 100) + 1;
    const suffix = century % 100 >= 11 && century % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][century % 10] ?? 'th');
    return `${century}${suffix} century`;
  }
  return String(year);
}

/**
 * One spell of a band member in words: "1970–1991", "1975–1980s", "since 2004" (still a
 * member), "from 1987" (left at an unknown date), "until 1991".
 */
export function spellText(spell: Spell): string {
  const from = spell.from !== null ? yearText(spell.from, spell.fromPrecision) : null;
  const until = spell.until !== null ? yearText(spell.until, spell.untilPrecision) : null;
  if (from !== null && until !== null) return from === until ? from : `${from}–${until}`;
  if (from !== null) return spell.current ? `since ${from}` : `from ${from}`;
  if (until !== null) return `until ${until}`;
  return '';
}

/**
 * Where a spell's bar sits on the timeline, as percentages of its width (each year a
 * slot, both ends included); null when the spell has no known start.
 */
export function spellBar(spell: Spell, timeline: YearSpan): { left: string; width: string } | null {
  if (spell.from === null) return null;
  const years = timeline.until - timeline.from + 1;
  const until = spell.until ?? (spell.current ? timeline.until : spell.from);
  const percent = (n: number) => `${Math.round((n / years) * 10_000) / 100}%`;
  return { left: percent(spell.from - timeline.from), width: percent(Math.max(until - spell.from + 1, 1)) };
}

/** Splits a biography into paragraphs on blank lines (or single newlines). */
export function bioParagraphs(bio: string | null): string[] {
  if (!bio) return [];
  return bio
    .split(/\n\s*\n|\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The name of the video service for the "Watch on ..." link. */
export function videoServiceName(url: string): string {
  return /youtu\.?be/i.test(url) ? 'YouTube' : 'the video site';
}

export { shareLinks } from '../../../components/share-panel';

/** The decade a year falls in, by its first year, as its page names it: 1994 -> "1990s". */
export function decadeOf(year: number): string {
  return `${Math.floor(year / 10) * 10}s`;
}
