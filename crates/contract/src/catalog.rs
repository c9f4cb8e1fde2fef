//! The catalogue's side of the contract: payloads of `/api/artists...`,
//! their endpoints, the browse letters and the limits both sides apply.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::operation::Endpoint;

/// Artists per browse page.
pub const BROWSE_PAGE_SIZE: usize = 12;
/// Highest `page` a browse *page* renders (it prefetches pages 1..=page); the API
/// itself accepts up to [`MAX_API_PAGE`].
pub const MAX_BROWSE_PAGE: usize = 50;
/// Highest `page` a search page renders (pages 1..=page, all sliced from one ranking):
/// the best 120 matches. Whoever looks for an artist refines the query rather than
/// scroll past them; further down are near misses and artists matched by a genre alone,
/// which the genre's own page lists in full. The search API's pages reach every match.
pub const MAX_SEARCH_PAGE: usize = 10;
/// Highest `page` the browse API accepts (far beyond any letter's size: 2.4 million
/// artists under one letter).
pub const MAX_API_PAGE: usize = 200_000;
/// Artists a page of `GET /api/artists` holds when `limit` is not given.
pub const ARTIST_LIST_LIMIT: usize = 100;
/// Most artists one page of `GET /api/artists` holds (full artists carry their
/// biographies: about a megabyte).
pub const MAX_ARTIST_LIST_LIMIT: usize = 1_000;
/// Related artists shown on an artist page.
pub const RELATED_LIMIT: usize = 6;
/// Longest search text accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// Most artists `GET /api/artists/search` answers, best first. Full artists carry
/// their biographies, and a common word matches a large share of a big catalogue
/// ("rock": 40,000 of 100,000), so the list is capped; the search page reads the
/// paged cards, which count and reach every match.
pub const MAX_SEARCH_RESULTS: usize = 100;
/// Most genres a search offers beside its artists (the genres whose names match best).
pub const MAX_GENRE_MATCHES: usize = 6;

pub mod api {
    use super::*;
    use crate::operation::operations;

    const REFRESH: &[(&str, &str)] = &[(
        "refresh",
        "`true` checks the catalogue for changes now (rereads it only if it changed).",
    )];

    operations! {
        /// The whole catalogue is read a page at a time: `after` is the previous page's
        /// `next`, so a walk of every page sees each artist once even while artists are
        /// added or removed.
        pub const ARTISTS: Endpoint<ArtistListPage> = Endpoint::get(
            "artists",
            "/api/artists",
            "Every artist, by title, a page at a time.",
        )
        .with_query(&[
            (
                "after",
                "The previous page's `next` (absent: the first page).",
            ),
            ("limit", "Artists on the page: 1 to 1,000, 100 when absent."),
            ("refresh", "`true` checks the catalogue for changes now (rereads it only if it changed)."),
        ]);
        pub const RANDOM: Endpoint<Artist> = Endpoint::get(
            "randomArtist",
            "/api/artists/random",
            "One artist at random.",
        );
        pub const SEARCH: Endpoint<Vec<Artist>> = Endpoint::get(
            "search",
            "/api/artists/search?query={query}",
            "Artists whose title or genres match, best first.",
        );
        /// The search page's read: one page of the same ranked matches, as cards.
        pub const SEARCH_CARDS: Endpoint<SearchPage> = Endpoint::get(
            "searchCards",
            "/api/artists/search/cards?query={query}&page={page}",
            "One page of the search, as cards.",
        );
        pub const BROWSE: Endpoint<BrowsePage> = Endpoint::get(
            "browse",
            "/api/artists/browse?letter={letter}&page={page}",
            "One page of the artists under one letter.",
        )
        .with_query(REFRESH);
        pub const ARTIST: Endpoint<Artist> =
            Endpoint::get("artist", "/api/artists/{id}", "One artist.");
        pub const NEIGHBORS: Endpoint<Neighbors> = Endpoint::get(
            "neighbors",
            "/api/artists/{id}/neighbors",
            "Where an artist sits in the sorted list.",
        );
        pub const RELATED: Endpoint<Vec<ArtistSummary>> = Endpoint::get(
            "related",
            "/api/artists/{id}/related",
            "Artists sharing genres with one artist.",
        );
        /// One artist's genres with the address of each genre's page (the chips' links).
        pub const ARTIST_GENRES: Endpoint<Vec<Genre>> = Endpoint::get(
            "artistGenres",
            "/api/artists/{id}/genres",
            "One artist's genres, each with its page's slug.",
        );
        /// The genres a search offers beside its artists.
        pub const GENRES: Endpoint<Vec<Genre>> = Endpoint::get(
            "genres",
            "/api/genres?query={query}",
            "Genres whose names match the query, best first (at most 6).",
        );
        /// One page of a genre's artists, like a browse letter's.
        pub const GENRE: Endpoint<GenrePage> = Endpoint::get(
            "genre",
            "/api/genres/{slug}?page={page}",
            "One page of the artists of one genre, by title.",
        );
        /// Every country artists come from, with its page's slug and artist count, by
        /// slug (about two hundred at most: the browse filter's choices).
        pub const COUNTRIES: Endpoint<Vec<Facet>> = Endpoint::get(
            "countries",
            "/api/countries",
            "Every country the catalogue's artists come from, with its artist count.",
        );
        /// One page of a country's artists, like a genre's.
        pub const COUNTRY: Endpoint<FacetPage> = Endpoint::get(
            "country",
            "/api/countries/{slug}?page={page}",
            "One page of the artists from one country, by title.",
        );
        /// One page of a country's artists under one letter: browse filtered by country.
        pub const BROWSE_IN_COUNTRY: Endpoint<BrowsePage> = Endpoint::get(
            "browseInCountry",
            "/api/countries/{country}/browse?letter={letter}&page={page}",
            "One page of the artists from one country under one letter.",
        )
        .with_query(REFRESH);
        /// One page of the artists who began (born or formed) in one decade.
        pub const DECADE: Endpoint<FacetPage> = Endpoint::get(
            "decade",
            "/api/decades/{decade}?page={page}",
            "One page of the artists born or formed in one decade (\"1990s\"), by title.",
        );
        /// What the open music data sources add to one artist's page.
        pub const ARTIST_DETAILS: Endpoint<ArtistDetails> = Endpoint::get(
            "artistDetails",
            "/api/artists/{id}/details",
            "Photo credit, date born or formed, listen links, albums and members of one artist.",
        );
    }
}

/// One artist as the API serves it: built from its row in one place (the catalogue's
/// `model::artist_from_row`); tests and page heads start from `Artist::default()`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Artist {
    pub id: i32,
    pub title: String,
    pub image_url: Option<String>,
    /// A smaller rendition of `imageUrl` (cards; a fallback when the full image fails).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image_thumbnail_url: Option<String>,
    /// "wikimedia" when the image comes from a wiki source ("Source: Wikimedia" badge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image_source: Option<String>,
    pub genres: Vec<String>,
    pub bio: Option<String>,
    pub bio_source_link: Option<String>,
    pub solo_video_link: Option<String>,
    pub spotify_link: Option<String>,
    pub apple_link: Option<String>,
    pub amazon_link: Option<String>,
    pub tidal_link: Option<String>,
    pub fun_fact: Option<String>,
    pub external_id: String,
    pub kind: ArtistKind,
    /// Year formed (band) or born (solo).
    pub year: Option<i32>,
    pub origin: Option<String>,
    /// The country it comes from (its page is `/country/{slug}`).
    pub country: Option<Country>,
    pub real_name: Option<String>,
    /// The photo's author and licence, where known (see [`ArtistSummary::photo_credit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub photo_credit: Option<PhotoCredit>,
}

/// What the open music data sources (the knowledge base, MusicBrainz, Commons) add to
/// an artist's page, read only there (a list of artists carries none of it). Each part
/// is empty where the sources had nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtistDetails {
    /// The photo's credit, which its licence asks to be shown with it.
    pub image_credit: Option<ImageCredit>,
    /// Born (solo) or formed (band): ISO 8601 to its known precision ("1946-09-05",
    /// "1946-09" or "1946").
    pub began_on: Option<String>,
    /// "Listen On", in the spec's order: each a link to the artist's own page on the
    /// service, or to the service's search for them when no id is known.
    pub listen: Vec<ListenLink>,
    /// Studio albums, by year of first release.
    pub albums: Vec<Album>,
    /// A band's members, by the year they joined.
    pub members: Vec<Member>,
    /// The bands in the catalogue that list this artist among their members, by title.
    pub member_of: Vec<NamedArtist>,
    /// The years the members' timeline spans: from the first year anyone joined to
    /// the last year anyone left, or this year while someone is still a member.
    pub timeline: Option<YearSpan>,
    /// The artist's item in the open knowledge base ("Q15862").
    pub wikidata_id: Option<String>,
    pub musicbrainz_id: Option<String>,
    /// Where each fact the page shows comes from: one entry per service (so a reader
    /// can check its facts in one click), then the editors' facts by the date written.
    pub sources: Vec<FactSource>,
    /// When the artist's record last changed (ISO date), where known.
    pub modified_on: Option<String>,
    /// Died (solo) or dissolved (band): ISO 8601 to its known precision, as `began_on`.
    pub ended_on: Option<String>,
    /// Other names the artist is known by ("The Fab Four"), as the sources give them.
    pub aliases: Vec<String>,
    /// A short description that tells the artist apart ("English rock band").
    pub description: Option<String>,
}

/// An artist of the catalogue by its page and its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NamedArtist {
    pub id: i32,
    pub title: String,
}

/// Where some of the facts on an artist's page come from: an open data service (what it
/// gave and when it was last read) or the catalogue's editors (what they wrote and when).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactSource {
    /// As named on the page ("Wikidata", "MusicBrainz", "Sound Atlas editors").
    pub name: String,
    /// The artist's page there, when known.
    pub url: Option<String>,
    /// The facts the page shows from it, in the page's order, each once.
    pub facts: Vec<Fact>,
    /// The catalogue's editors wrote them (on `date`); otherwise a service was read.
    pub editors: bool,
    /// When the service was last read, or when the editors wrote them: an ISO date
    /// (YYYY-MM-DD); none for the editors' facts written before writes were dated.
    pub date: Option<String>,
}

/// A fact an artist's page shows, as its Sources name it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Fact {
    Name,
    Photo,
    Description,
    Genres,
    /// Born (solo) or formed (band): the year or the date.
    Began,
    Origin,
    /// Died (solo) or disbanded (band).
    Ended,
    RealName,
    Country,
    Biography,
    Links,
    Albums,
    Members,
    FunFact,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageCredit {
    pub author: String,
    /// e.g. "CC BY-SA 4.0".
    pub license: String,
    /// None for a public-domain mark, which has no licence text.
    pub license_url: Option<String>,
    /// The file's page on Commons.
    pub source_url: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum StreamingService {
    Spotify,
    Apple,
    Amazon,
    Tidal,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListenLink {
    pub service: StreamingService,
    pub url: String,
    /// The link opens the service's search for the artist, not the artist's page.
    pub search: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Album {
    pub title: String,
    pub year: Option<i32>,
    /// Its release group at MusicBrainz, where known.
    pub musicbrainz_id: Option<String>,
}

/// One person of a band, with each spell they were in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub name: String,
    /// The member's own page in the catalogue, where they have one.
    pub artist_id: Option<i32>,
    /// The language of `name` (BCP 47, "ja") when it is not English: a person the
    /// knowledge base names only in another script is shown under that name.
    pub name_language: Option<String>,
    /// Instruments and roles ("lead vocals", "guitar").
    pub roles: Vec<String>,
    pub spells: Vec<Spell>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Spell {
    pub from: Option<i32>,
    pub from_precision: YearPrecision,
    /// The year they left, when known (a spell may have ended at an unknown date).
    pub until: Option<i32>,
    pub until_precision: YearPrecision,
    /// Still a member: no end is stated.
    pub current: bool,
}

/// How precisely a year is known, as the knowledge base states it: the year itself,
/// its decade (the year is the decade's first: 1980 for the 1980s) or its century
/// (the century's first year: 1901 for the 20th century).
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum YearPrecision {
    #[default]
    Year,
    Decade,
    Century,
}

impl YearPrecision {
    /// The name stored and sent ("year", "decade", "century").
    pub fn as_str(self) -> &'static str {
        match self {
            YearPrecision::Year => "year",
            YearPrecision::Decade => "decade",
            YearPrecision::Century => "century",
        }
    }

    /// From its stored name; anything else is a year.
    pub fn from_name(name: &str) -> YearPrecision {
        match name {
            "decade" => YearPrecision::Decade,
            "century" => YearPrecision::Century,
            _ => YearPrecision::Year,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct YearSpan {
    pub from: i32,
    pub until: i32,
}

/// A band unless known otherwise: an artist stored without a kind is a band.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ArtistKind {
    #[default]
    Band,
    Solo,
}

impl ArtistKind {
    pub fn parse(text: &str) -> Option<ArtistKind> {
        match text {
            "band" => Some(ArtistKind::Band),
            "solo" => Some(ArtistKind::Solo),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ArtistKind::Band => "band",
            ArtistKind::Solo => "solo",
        }
    }
}

/// Lets `artist.kind == "band"` read as the JSON does.
impl PartialEq<&str> for ArtistKind {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Artist {
    pub fn is_band(&self) -> bool {
        self.kind == ArtistKind::Band
    }

    /// The browse group of this artist: see [`Letter::of_title`].
    pub fn letter(&self) -> Letter {
        Letter::of_title(&self.title)
    }
}

/// What a card needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtistSummary {
    pub id: i32,
    pub title: String,
    pub image_url: Option<String>,
    pub genres: Vec<String>,
    /// The photo's author and licence, which the licence asks to be shown wherever the
    /// photo appears; left out when the photo's credit is not known (or there is no
    /// photo), as most cards' is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub photo_credit: Option<PhotoCredit>,
}

/// A card's short credit for its photo ("Photo: author · licence"); the artist page
/// carries the full one, with its links ([`ImageCredit`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoCredit {
    /// Plain text.
    pub author: String,
    /// e.g. "CC BY-SA 4.0".
    pub license: String,
}

/// Where an artist sits in the full sorted list, for "n / total artists" and prev/next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Neighbors {
    /// 1-based position in the full sorted list.
    pub position: usize,
    pub total: usize,
    /// Wraps around to the last artist.
    pub previous_id: i32,
    /// Wraps around to the first artist.
    pub next_id: i32,
}

/// One page of the whole catalogue, by title (`GET /api/artists`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtistListPage {
    pub artists: Vec<Artist>,
    /// Artists in the catalogue in all.
    pub total: usize,
    /// The `after` of the next page; none on the last page.
    pub next: Option<String>,
}

/// One page of one letter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrowsePage {
    pub letter: Letter,
    /// The country the list is filtered to, if any.
    pub country: Option<Country>,
    pub page: usize,
    pub page_size: usize,
    /// Artists under this letter in all.
    pub total: usize,
    /// The pages they fill (at least one: an empty list is its first page, empty).
    pub pages: usize,
    pub artists: Vec<ArtistSummary>,
}

/// A genre of the catalogue: its name as the artists list it, the slug of its page
/// (`/genre/{slug}`) and how many artists list it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Genre {
    pub name: String,
    pub slug: String,
    pub artists: usize,
}

/// One page of one genre's artists, by title (pages like [`BrowsePage`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenrePage {
    pub genre: Genre,
    pub page: usize,
    pub page_size: usize,
    /// Artists of this genre in all.
    pub total: usize,
    /// The pages they fill (at least one: an empty list is its first page, empty).
    pub pages: usize,
    pub artists: Vec<ArtistSummary>,
}

/// A country by its common English name ("United Kingdom") and its page's slug.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub name: String,
    pub slug: String,
}

/// A country or a decade of the catalogue: its name ("United Kingdom", "1990s"), its
/// page's slug and how many artists it gathers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Facet {
    pub name: String,
    pub slug: String,
    pub artists: usize,
}

/// One page of a country's or a decade's artists, by title (pages like [`GenrePage`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacetPage {
    pub facet: Facet,
    pub page: usize,
    pub page_size: usize,
    pub total: usize,
    /// The pages they fill (at least one: an empty list is its first page, empty).
    pub pages: usize,
    pub artists: Vec<ArtistSummary>,
}

/// One page of search results, as cards: the search page embeds only what it shows
/// (a full [`Artist`] carries its biography), and pages like browse.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage {
    /// The query as matched (trimmed).
    pub query: String,
    pub page: usize,
    pub page_size: usize,
    /// Matches in all: exactly, or when `total_exact` is false at least this many (a
    /// common word's matches are counted only so far).
    pub total: usize,
    /// The pages they fill (at least one: no match is a first page, empty).
    pub pages: usize,
    /// False when `total` is a lower bound.
    pub total_exact: bool,
    pub artists: Vec<ArtistSummary>,
}

/// A browse group: "#" (titles not starting with a letter) or "A" to "Z".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TS)]
#[ts(type = "string")]
pub struct Letter(char);

/// In the OpenAPI description: one of the browse letters, as its string.
impl JsonSchema for Letter {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Letter".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let letters: Vec<String> = Letter::all().map(|l| l.to_string()).collect();
        schemars::json_schema!({ "type": "string", "enum": letters })
    }
}

/// A letter travels as its one-character string ("#", "A", ...).
impl Serialize for Letter {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Letter {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Letter::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a browse letter: {text}")))
    }
}

impl Letter {
    /// The letter browse shows when none is chosen.
    pub const DEFAULT: Letter = Letter('A');

    /// "#" then "A" to "Z", in the order the letter bar shows them.
    pub fn all() -> impl Iterator<Item = Letter> {
        std::iter::once(Letter('#')).chain(('A'..='Z').map(Letter))
    }

    /// Parses "#" or one letter, case-insensitively.
    pub fn parse(text: &str) -> Option<Letter> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some('#'), None) => Some(Letter('#')),
            (Some(c), None) if c.is_ascii_alphabetic() => Some(Letter(c.to_ascii_uppercase())),
            _ => None,
        }
    }

    /// The group of a title: its first character, case-insensitive and with accents
    /// folded ("Édith Piaf" is under E). "#" holds titles starting with a digit, and also
    /// the few starting with another symbol, so that every artist is reachable by browsing.
    pub fn of_title(title: &str) -> Letter {
        let first = title.trim_start().chars().next().unwrap_or('#');
        let folded = deunicode::deunicode_char(first)
            .and_then(|s| s.chars().next())
            .unwrap_or(first);
        if folded.is_ascii_alphabetic() {
            Letter(folded.to_ascii_uppercase())
        } else {
            Letter('#')
        }
    }

    pub fn as_char(self) -> char {
        self.0
    }
}

impl std::fmt::Display for Letter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a browse *page* shows for its `?letter=&from=&page=` parameters: pages
/// `from..=page` of the letter (`from` is 1 for the spec's load-more view; a numbered
/// page `K` of a letter is `from=K`, its own address). Unlike the API, the page reads
/// them leniently so that any link still shows something: a letter other than "#" or
/// A-Z means the default letter, a `from` that is not a positive whole number means 1
/// (capped at [`MAX_API_PAGE`]), a `page` that is not one means `from`, and a view
/// holds at most [`MAX_BROWSE_PAGE`] pages. The browser applies the same rules
/// (ui/src/features/catalog/browse-params.ts); `lenient_cases` holds the two
/// implementations together by a test on each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BrowseParams {
    /// The letter named in the URL, if it is valid (it decides the canonical URL).
    pub letter_param: Option<Letter>,
    pub letter: Letter,
    /// The first page shown.
    pub from: usize,
    /// The last page shown.
    pub page: usize,
}

impl BrowseParams {
    pub fn lenient(letter: Option<&str>, page: Option<&str>, from: Option<&str>) -> BrowseParams {
        let letter_param = letter.and_then(|raw| Letter::parse(raw.trim()));
        let PageSpan { from, page } = PageSpan::lenient(page, from);
        BrowseParams {
            letter_param,
            letter: letter_param.unwrap_or(Letter::DEFAULT),
            from,
            page,
        }
    }
}

/// The pages a paged list page (a browse letter, a genre) shows for its `?from=&page=`:
/// pages `from..=page`, read leniently as [`BrowseParams`] describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageSpan {
    /// The first page shown: 1, or a numbered page (its own address).
    pub from: usize,
    /// The last page shown.
    pub page: usize,
}

impl PageSpan {
    pub fn lenient(page: Option<&str>, from: Option<&str>) -> PageSpan {
        let from = whole_number(from).map_or(1, |n| n.clamp(1, MAX_API_PAGE));
        let page = whole_number(page).map_or(from, |n| n.clamp(from, from + MAX_BROWSE_PAGE - 1));
        PageSpan { from, page }
    }
}

/// A whole number written in digits (spaces around it aside; too large for `usize`
/// reads as `usize::MAX`), or none.
fn whole_number(raw: Option<&str>) -> Option<usize> {
    raw.map(str::trim)
        .filter(|raw| !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()))
        .map(|raw| raw.parse::<usize>().unwrap_or(usize::MAX))
}

/// A search page's `?page=` read leniently: a whole number capped at
/// [`MAX_SEARCH_PAGE`] (0 is 1); anything else is 1.
pub fn lenient_search_page(page: Option<&str>) -> usize {
    whole_number(page).map_or(1, |n| n.clamp(1, MAX_SEARCH_PAGE))
}

/// The decade a year falls in, named by its first year as its page's title and slug
/// are (1994 -> "1990s"; 1759 -> "1750s").
pub fn decade_of(year: i32) -> String {
    format!("{}s", year.div_euclid(10) * 10)
}

/// A year and its decade, as both sides name it.
#[derive(Debug, Serialize)]
pub struct DecadeCase {
    pub year: i32,
    pub decade: String,
}

/// Years on which both namings of [`decade_of`] must agree.
pub fn decade_cases() -> Vec<DecadeCase> {
    [1994, 1990, 1999, 2000, 2026, 1759, 1001, 999, 5]
        .into_iter()
        .map(|year| DecadeCase {
            year,
            decade: decade_of(year),
        })
        .collect()
}

/// One input of [`BrowseParams::lenient`] and what it gives.
#[derive(Debug, Serialize)]
pub struct LenientCase {
    pub letter: Option<&'static str>,
    pub page: Option<&'static str>,
    pub from: Option<&'static str>,
    pub expected: BrowseParams,
}

/// Inputs on which both implementations of [`BrowseParams::lenient`] must agree.
pub fn lenient_cases() -> Vec<LenientCase> {
    type Input = (
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    );
    let inputs: &[Input] = &[
        (None, None, None),
        (Some("b"), None, None),
        (Some(" B "), Some(" 2 "), None),
        (Some("#"), Some("3"), None),
        (Some("AB"), Some("1"), None),
        (Some(""), Some(""), None),
        (Some("1"), Some("0"), None),
        (Some("é"), Some("-2"), None),
        (Some("z"), Some("2.5"), None),
        (Some("Q"), Some("51"), None),
        (Some("q"), Some("99999999999999999999999"), None),
        (None, Some("abc"), None),
        (None, Some("007"), None),
        (Some("B"), None, Some("300")),
        (Some("B"), Some("302"), Some("300")),
        (Some("B"), Some("2"), Some("300")),
        (Some("B"), Some("999"), Some("300")),
        (Some("B"), None, Some("0")),
        (Some("B"), None, Some("x")),
        (Some("B"), Some("4"), Some(" 2 ")),
        (Some("B"), None, Some("99999999999999999999999")),
    ];
    inputs
        .iter()
        .map(|&(letter, page, from)| LenientCase {
            letter,
            page,
            from,
            expected: BrowseParams::lenient(letter, page, from),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_group_by_first_character() {
        assert_eq!(Letter::of_title("the Beatles").to_string(), "T");
        assert_eq!(Letter::of_title("2Pac").to_string(), "#");
        assert_eq!(Letter::of_title("50 Cent").to_string(), "#");
        assert_eq!(Letter::of_title("Édith Piaf").to_string(), "E");
        assert_eq!(Letter::of_title("!!!").to_string(), "#");
    }

    #[test]
    fn letters_parse_case_insensitively_and_reject_the_rest() {
        assert_eq!(Letter::parse("b"), Some(Letter('B')));
        assert_eq!(Letter::parse("#"), Some(Letter('#')));
        assert_eq!(Letter::parse("AB"), None);
        assert_eq!(Letter::parse(""), None);
        assert_eq!(Letter::parse("1"), None);
        assert_eq!(Letter::all().count(), 27);
    }

    #[test]
    fn browse_pages_read_their_parameters_leniently() {
        let p = BrowseParams::lenient(Some("x"), Some("3"), None);
        assert_eq!(
            (p.letter_param, p.letter, p.from, p.page),
            (Some(Letter('X')), Letter('X'), 1, 3)
        );
        let p = BrowseParams::lenient(Some("??"), Some("0"), None);
        assert_eq!(
            (p.letter_param, p.letter, p.page),
            (None, Letter::DEFAULT, 1)
        );
        assert_eq!(
            BrowseParams::lenient(None, Some("9999"), None).page,
            MAX_BROWSE_PAGE
        );
        assert_eq!(BrowseParams::lenient(None, Some("-1"), None).page, 1);
        // A numbered page, alone or with pages loaded after it, at most MAX_BROWSE_PAGE.
        let numbered = |page, from| {
            let p = BrowseParams::lenient(Some("B"), page, Some(from));
            (p.from, p.page)
        };
        assert_eq!(numbered(None, "300"), (300, 300));
        assert_eq!(numbered(Some("302"), "300"), (300, 302));
        assert_eq!(numbered(Some("2"), "300"), (300, 300));
        assert_eq!(
            numbered(Some("9999"), "300"),
            (300, 300 + MAX_BROWSE_PAGE - 1)
        );
        assert_eq!(numbered(None, "0"), (1, 1));
        assert_eq!(
            numbered(None, "99999999999999999999"),
            (MAX_API_PAGE, MAX_API_PAGE)
        );
    }

    #[test]
    fn api_routes_drop_the_prefix_and_query() {
        assert_eq!(api::SEARCH.route(), "/artists/search");
        assert_eq!(api::SEARCH_CARDS.route(), "/artists/search/cards");
        assert_eq!(
            api::SEARCH_CARDS.path(&[&"AC/DC", &2]).as_str(),
            "/api/artists/search/cards?query=AC%2FDC&page=2"
        );
        assert_eq!(api::ARTIST.route(), "/artists/{id}");
        assert_eq!(
            api::BROWSE.path(&[&"#", &2]).as_str(),
            "/api/artists/browse?letter=%23&page=2"
        );
    }
}
