//! Page routes, the links between pages, the addresses of the pictures the server draws
//! and the document titles: the route table both the axum router and the React router
//! are built from.

use crate::operation::{Endpoint, OperationSpec};
use crate::template::{Part, Template};

/// The site's name ("{product}" in the spec).
#[macro_export]
macro_rules! site_name {
    () => {
        "Sound Atlas"
    };
}
pub const SITE_NAME: &str = site_name!();
pub const TAGLINE: &str = "Explore Your World of Music";
/// The cookie of the visitor's data saver switch (set by the browser, read by the server
/// to render the first HTML without thumbnails and previews).
pub const DATA_SAVER_COOKIE: &str = "sa_data_saver";
/// [`DATA_SAVER_COOKIE`]'s value while the switch is on (the cookie is removed when off).
pub const DATA_SAVER_COOKIE_ON: &str = "on";
/// The site's description, for pages without one of their own (and what a page's
/// social tags return to when the browser leaves it).
pub const SITE_DESCRIPTION: &str =
    "Sound Atlas is a music encyclopedia of artists and bands for fans, students and \
educators: biographies, genres, fun facts, weekly charts, new songs and a music quiz.";
/// What titles and breadcrumbs call the browse letter "#" (titles starting with a digit).
pub const LETTER_NAME_DIGITS: &str = "Numbers";
/// Shown by social networks when a page has no image of its own.
pub const DEFAULT_IMAGE_PATH: &str = "/assets/og-default.jpg";
/// What the default image shows, for `og:image:alt` and `twitter:image:alt`.
pub const DEFAULT_IMAGE_ALT: &str =
    "The Sound Atlas logo, a compass over sound waves, with the name Sound Atlas and the \
tagline Explore Your World of Music on a purple background";

/// What a photo's credit starts with wherever it is shown: under the picture on its
/// page, in a card's text and on the share pictures ("Photo: author · licence").
pub const PHOTO_CREDIT: &str = "Photo: ";

/// A server-rendered page route. `path` uses axum's syntax (`/artist/{id}`); the
/// generator writes React Router's (`artist/:id`).
#[derive(Debug, Clone, Copy)]
pub struct PageRoute {
    /// Names the route in logs, in the generated table and in the route-walk test.
    pub id: &'static str,
    pub path: Template,
    /// The query parameters the page reads (its handler or its React tree): its markup
    /// depends on the path and these alone. The server renders and caches a page under
    /// its path and these parameters, so any other parameter (`?utm_source=`) shares
    /// the render of the page without it.
    pub query: &'static [&'static str],
    /// Those of `query` that the page's canonical URL keeps (browse's `letter`, the
    /// articles' `category`), in this order; the others are views of the same page. The
    /// browser follows it on client navigation.
    pub canonical_query: &'static [&'static str],
    /// The API reads its first HTML carries, in order: the server fills them through
    /// the API itself and puts the answers into the page's state, under the keys the
    /// browser's queries use. The page's React tree reads these and no others.
    pub reads: &'static [PageRead],
}

/// One API read a page carries. Each hole of the operation's path takes the page's
/// value of the same name (a path hole, or one of the page's query parameters, as the
/// page's handler reads it leniently), except `page`, which takes each page of the
/// page's span of pages in turn (one read each, in order, stopping after the first that
/// fails), and a hole named by `from_first_answer`. A read with a hole left without a
/// value is not made.
#[derive(Debug, Clone, Copy)]
pub struct PageRead {
    pub operation: OperationSpec,
    pub when: When,
    /// A hole filled from a text field of the page's first read's answer (trimmed; the
    /// read is not made when the field is absent or blank): `(hole, field)`.
    pub from_first_answer: Option<(&'static str, &'static str)>,
}

/// When a page makes one of its reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Always,
    /// Only when the page's first read answered: what an artist's page reads besides
    /// the artist, for an artist that exists.
    FirstAnswered,
    /// Only when the read of the operation so named was not made or was refused (a
    /// 4xx): the latest week's Top 10 when the week asked for has none.
    InsteadOf(&'static str),
}

impl PageRead {
    pub const fn of<T>(operation: &Endpoint<T>) -> PageRead {
        PageRead {
            operation: operation.spec(),
            when: When::Always,
            from_first_answer: None,
        }
    }

    const fn after_first(self) -> PageRead {
        PageRead {
            when: When::FirstAnswered,
            ..self
        }
    }

    const fn instead_of<T>(self, other: &Endpoint<T>) -> PageRead {
        PageRead {
            when: When::InsteadOf(other.spec().name),
            ..self
        }
    }

    const fn hole_from_first_answer(self, hole: &'static str, field: &'static str) -> PageRead {
        PageRead {
            from_first_answer: Some((hole, field)),
            ..self
        }
    }
}

/// The hole of a read's path that takes each page of the page's span in turn.
pub const PAGE_HOLE: &str = "page";

/// What every page carries for a signed-in visitor, besides its own reads: who they are
/// and their library, so the first HTML shows their hearts and count. Such a page is
/// theirs alone (never cached).
pub const VIEWER_READS: &[PageRead] = &[
    PageRead::of(&crate::accounts::api::USER),
    PageRead::of(&crate::library::api::FAVORITES),
    PageRead::of(&crate::library::api::FOLDERS),
    PageRead::of(&crate::library::api::VIDEO_FAVORITES),
];

impl PageRoute {
    const fn new(id: &'static str, path: &'static str) -> Self {
        PageRoute {
            id,
            path: Template(path),
            query: &[],
            canonical_query: &[],
            reads: &[],
        }
    }

    const fn with_reads(self, reads: &'static [PageRead]) -> Self {
        PageRoute { reads, ..self }
    }

    const fn reading(self, query: &'static [&'static str]) -> Self {
        PageRoute { query, ..self }
    }

    const fn canonical_with(self, canonical_query: &'static [&'static str]) -> Self {
        PageRoute {
            canonical_query,
            ..self
        }
    }

    /// The route with this id, if it is one of [`routes::ALL`].
    pub fn by_id(id: &str) -> Option<&'static PageRoute> {
        routes::ALL.iter().find(|route| route.id == id)
    }

    /// A link to this route with its holes filled (each encoded as a URI component).
    pub fn href(&self, values: &[&dyn std::fmt::Display]) -> String {
        self.path
            .fill_with(values, crate::template::encode_uri_component)
    }

    /// The path in React Router's syntax, relative to the root route ("" for "/").
    pub fn router_path(&self) -> String {
        let mut out = String::new();
        for part in self.path.parts() {
            match part {
                crate::template::Part::Text(text) => out.push_str(text),
                crate::template::Part::Hole(name) => {
                    out.push(':');
                    out.push_str(name);
                }
            }
        }
        out.trim_start_matches('/').to_owned()
    }
}

pub mod routes {
    use super::{PageRead, PageRoute};
    use crate::accounts::api as accounts;
    use crate::catalog::api as catalog;
    use crate::content::api as content;
    use crate::quiz::api as quiz;

    /// `?refresh=true` rereads the Weekly Top 10; `?week=` shows a past week's (and the
    /// latest week's when that week has none).
    pub const HOME: PageRoute = PageRoute::new("home", "/")
        .reading(&["refresh", "week"])
        .with_reads(&[
            PageRead::of(&catalog::RANDOM),
            PageRead::of(&content::WEEKLY_TOP_TEN_OF),
            PageRead::of(&content::WEEKLY_TOP_TEN).instead_of(&content::WEEKLY_TOP_TEN_OF),
            PageRead::of(&content::TOP_TEN_WEEKS),
            PageRead::of(&content::NEW_SONGS),
            PageRead::of(&content::CHANNEL_VIDEOS),
            PageRead::of(&content::ARTICLES),
        ]);
    /// `?letter=&from=&page=` (see `links::BROWSE_LETTER_PAGE`, `links::BROWSE_NUMBERED`);
    /// `?refresh=true` rereads. A numbered page (`from`) is its own canonical address.
    pub const BROWSE: PageRoute = PageRoute::new("browse", "/browse")
        .reading(&["letter", "from", "page", "refresh"])
        .canonical_with(&["letter", "from"])
        .with_reads(&[PageRead::of(&catalog::BROWSE)]);
    /// A genre's artists, paged like a browse letter: `?from=` (a numbered page, its own
    /// canonical address) and `?page=` (Load More), see `links::GENRE_*`.
    pub const GENRE: PageRoute = PageRoute::new("genre", "/genre/{slug}")
        .reading(&["from", "page"])
        .canonical_with(&["from"])
        .with_reads(&[PageRead::of(&catalog::GENRE)]);
    /// `?list=favorites&folder=`: favorites mode (see `links::ARTIST_IN_FOLDER`).
    /// The artist, then what its page shows beside it: its neighbours in the list,
    /// related artists, what the open data sources add, its genres' pages and the
    /// latest videos of the channel its `soloVideoLink` names.
    pub const ARTIST: PageRoute = PageRoute::new("artist", "/artist/{id}")
        .reading(&["list", "folder"])
        .with_reads(&[
            PageRead::of(&catalog::ARTIST),
            PageRead::of(&catalog::NEIGHBORS).after_first(),
            PageRead::of(&catalog::RELATED).after_first(),
            PageRead::of(&catalog::ARTIST_DETAILS).after_first(),
            PageRead::of(&catalog::ARTIST_GENRES).after_first(),
            PageRead::of(&content::ARTIST_CHANNEL_VIDEOS)
                .after_first()
                .hole_from_first_answer("url", "soloVideoLink"),
        ]);
    /// The search screen with no query yet (and the no-JS form's `?q=` target).
    pub const SEARCH: PageRoute = PageRoute::new("search", "/search").reading(&["q", "page"]);
    /// Pages 1..=page of the results, and the genres matching a query the search takes.
    pub const SEARCH_RESULTS: PageRoute = PageRoute::new("searchResults", "/search/{query}")
        .reading(&["page"])
        .with_reads(&[
            PageRead::of(&catalog::SEARCH_CARDS),
            PageRead::of(&catalog::GENRES).after_first(),
        ]);
    /// The music quiz; `?seed=` names the quiz (see `links::QUIZ_SEED`).
    pub const QUIZ: PageRoute = PageRoute::new("quiz", "/quiz")
        .reading(&["seed"])
        .with_reads(&[PageRead::of(&quiz::QUIZ_FACTS)]);
    /// A page of the visitor's own reads who they are: signed out, nobody (its sign-in
    /// prompt from the first byte); signed in, `VIEWER_READS` already carries them.
    const VISITOR: &[PageRead] = &[PageRead::of(&accounts::USER)];
    // The signed-in visitor's privacy pages
    pub const PRIVACY_SETTINGS: PageRoute =
        PageRoute::new("privacySettings", "/privacy-settings").with_reads(VISITOR);
    pub const DATA_ACCESS: PageRoute =
        PageRoute::new("dataAccess", "/data-access").with_reads(VISITOR);
    pub const ACCOUNT_DELETION: PageRoute =
        PageRoute::new("accountDeletion", "/account-deletion").with_reads(VISITOR);
    /// The emailed links' pages: a form that posts the link's `?token=` (opening one
    /// changes nothing), shown as the link's state says (read when the page renders; the
    /// page is private). The mails link to `/api/auth/confirm` and
    /// `/api/auth/recover/complete`, which send the browser here; a plain form post that
    /// was refused comes back with `?error=` (a refusal's code, see
    /// `accounts::LINK_ERRORS`).
    pub const CONFIRM_EMAIL: PageRoute = PageRoute::new("confirmEmail", "/confirm-email")
        .reading(&["token", "error"])
        .with_reads(&[PageRead::of(&accounts::CONFIRMATION_LINK_STATE)]);
    pub const NEW_PASSWORD: PageRoute = PageRoute::new("newPassword", "/new-password")
        .reading(&["token", "error"])
        .with_reads(&[PageRead::of(&accounts::RECOVERY_LINK_STATE)]);
    // The signed-in visitor's favorites, at the top level or one folder
    pub const FAVORITES: PageRoute = PageRoute::new("favorites", "/favorites").with_reads(VISITOR);
    pub const FAVORITES_FOLDER: PageRoute =
        PageRoute::new("favoritesFolder", "/favorites/folder/{folderId}").with_reads(VISITOR);
    // Articles and the site's own pages
    /// The article list; `?category=` (a slug) filters it (see `links::ARTICLES_CATEGORY`).
    /// The whole list is read: the page filters it, so the category links work the same
    /// with and without JavaScript.
    pub const ARTICLES: PageRoute = PageRoute::new("articles", "/articles")
        .reading(&["category"])
        .canonical_with(&["category"])
        .with_reads(&[PageRead::of(&content::ARTICLES)]);
    /// One article, with the list for "More in {category}".
    pub const ARTICLE: PageRoute = PageRoute::new("article", "/articles/{id}").with_reads(&[
        PageRead::of(&content::ARTICLE),
        PageRead::of(&content::ARTICLES).after_first(),
    ]);
    pub const ABOUT: PageRoute = PageRoute::new("about", "/about");
    pub const PRIVACY_POLICY: PageRoute = PageRoute::new("privacyPolicy", "/privacy-policy");
    pub const TERMS_OF_SERVICE: PageRoute = PageRoute::new("termsOfService", "/terms-of-service");

    /// Every page route, in the order the routers try them. Any other path is the
    /// not-found page.
    pub const ALL: &[PageRoute] = &[
        HOME,
        BROWSE,
        GENRE,
        ARTIST,
        SEARCH,
        SEARCH_RESULTS,
        QUIZ,
        PRIVACY_SETTINGS,
        DATA_ACCESS,
        ACCOUNT_DELETION,
        CONFIRM_EMAIL,
        NEW_PASSWORD,
        FAVORITES,
        FAVORITES_FOLDER,
        ARTICLES,
        ARTICLE,
        ABOUT,
        PRIVACY_POLICY,
        TERMS_OF_SERVICE,
    ];
}

/// Links that carry a query string.
pub mod links {
    use crate::template::Template;

    /// Page 1 of a letter (also its canonical URL).
    pub const BROWSE_LETTER: Template = Template("/browse?letter={letter}");
    /// A later page of a letter: pages 1..=page are shown.
    pub const BROWSE_LETTER_PAGE: Template = Template("/browse?letter={letter}&page={page}");
    /// A letter's numbered page `from`, alone (its own address for crawlers).
    pub const BROWSE_NUMBERED: Template = Template("/browse?letter={letter}&from={from}");
    /// A numbered page with the pages loaded after it: pages from..=page are shown.
    pub const BROWSE_NUMBERED_PAGE: Template =
        Template("/browse?letter={letter}&from={from}&page={page}");

    /// A later page of a genre: pages 1..=page are shown.
    pub const GENRE_PAGE: Template = Template("/genre/{slug}?page={page}");
    /// A genre's numbered page `from`, alone (its own address for crawlers).
    pub const GENRE_NUMBERED: Template = Template("/genre/{slug}?from={from}");
    /// A genre's numbered page with the pages loaded after it: pages from..=page.
    pub const GENRE_NUMBERED_PAGE: Template = Template("/genre/{slug}?from={from}&page={page}");

    /// One quiz, reproducible and shareable.
    pub const QUIZ_SEED: Template = Template("/quiz?seed={seed}");

    /// A later page of search results: pages 1..=page are shown.
    pub const SEARCH_RESULTS_PAGE: Template = Template("/search/{query}?page={page}");

    /// An artist opened from the favorites (artist detail in favorites mode: prev/next
    /// run through the favorites, back returns to them). A query string, not location
    /// state, so the server renders the mode too.
    pub const ARTIST_IN_FAVORITES: Template = Template("/artist/{id}?list=favorites");
    /// The same, opened from one folder: prev/next run through that folder.
    pub const ARTIST_IN_FOLDER: Template =
        Template("/artist/{id}?list=favorites&folder={folderId}");
    /// The article list filtered to one category (a slug, `content::category_slug`),
    /// a plain link so the filter works without JavaScript.
    pub const ARTICLES_CATEGORY: Template = Template("/articles?category={category}");

    pub const ALL: &[(&str, Template)] = &[
        ("articlesCategory", ARTICLES_CATEGORY),
        ("browseLetter", BROWSE_LETTER),
        ("artistInFavorites", ARTIST_IN_FAVORITES),
        ("artistInFolder", ARTIST_IN_FOLDER),
        ("browseLetterPage", BROWSE_LETTER_PAGE),
        ("browseNumbered", BROWSE_NUMBERED),
        ("browseNumberedPage", BROWSE_NUMBERED_PAGE),
        ("genrePage", GENRE_PAGE),
        ("genreNumbered", GENRE_NUMBERED),
        ("genreNumberedPage", GENRE_NUMBERED_PAGE),
        ("quizSeed", QUIZ_SEED),
        ("searchResultsPage", SEARCH_RESULTS_PAGE),
    ];
}

/// A picture the server draws, at an address naming everything the picture shows
/// (`/og/artist/{id}.jpg`). Both sides build the address from `path`; the server routes
/// it at [`ImageRoute::route`] and reads the holes back with [`ImageRoute::read`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageRoute {
    /// Its name in the generated `images` table.
    pub name: &'static str,
    pub path: Template,
}

impl ImageRoute {
    const fn new(name: &'static str, path: &'static str) -> Self {
        ImageRoute {
            name,
            path: Template(path),
        }
    }

    /// The picture's address with its holes filled (each encoded as a URI component).
    pub fn href(&self, values: &[&dyn std::fmt::Display]) -> String {
        self.path
            .fill_with(values, crate::template::encode_uri_component)
    }

    /// Where the server routes the picture: the fixed start of `path`, then the rest as
    /// one capture, `{file}` (or `{*file}` when the rest spans segments). The router
    /// captures whole segments only, and a file's hole sits between fixed text (`{id}.jpg`).
    pub fn route(&self) -> String {
        let (start, rest) = self.split();
        let spans_segments = rest
            .iter()
            .any(|part| matches!(part, Part::Text(text) if text.contains('/')));
        format!(
            "{start}{}",
            if spans_segments { "{*file}" } else { "{file}" }
        )
    }

    /// The holes' values in the route's capture, in order (`"12.jpg"` gives `["12"]`), or
    /// None when the capture does not have the path's shape. A value is never empty and
    /// never holds a `/`; what else it may hold is the handler's to check.
    pub fn read<'a>(&self, file: &'a str) -> Option<Vec<&'a str>> {
        let (_, parts) = self.split();
        let mut rest = file;
        let mut values = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            match part {
                Part::Text(text) => rest = rest.strip_prefix(text)?,
                Part::Hole(_) => {
                    let value = match parts.get(i + 1) {
                        // The path's last text ends the capture.
                        Some(Part::Text(text)) if i + 2 == parts.len() => {
                            rest.strip_suffix(text)?
                        }
                        Some(Part::Text(text)) => &rest[..rest.find(text)?],
                        _ => rest,
                    };
                    if value.is_empty() || value.contains('/') {
                        return None;
                    }
                    values.push(value);
                    rest = &rest[value.len()..];
                }
            }
        }
        rest.is_empty().then_some(values)
    }

    /// The fixed start of `path` (up to its first hole) and the parts after it.
    fn split(&self) -> (&'static str, Vec<Part>) {
        let mut parts = self.path.parts();
        match parts.first() {
            Some(Part::Text(start)) if start.ends_with('/') => {
                let start = *start;
                parts.remove(0);
                (start, parts)
            }
            _ => panic!(
                "an image path starts with fixed segments: {:?}",
                self.path.0
            ),
        }
    }
}

/// The pictures the server draws.
pub mod images {
    use super::{ImageRoute, Template};

    /// An artist's share picture (1200x630: name, genres, photo), for `og:image`.
    pub const ARTIST_SHARE_PICTURE: ImageRoute =
        ImageRoute::new("artistSharePicture", "/og/artist/{id}.jpg");
    /// An article's share picture (1200x630: title, category, lead image), for `og:image`.
    pub const ARTICLE_SHARE_PICTURE: ImageRoute =
        ImageRoute::new("articleSharePicture", "/og/article/{id}.jpg");
    /// The generated artwork of an artist or article without an image: initials on a
    /// colour (`hue` in degrees), the same picture for every name with that pair.
    pub const ARTWORK: ImageRoute = ImageRoute::new("artwork", "/art/{hue}/{initials}.svg");

    pub const ALL: &[ImageRoute] = &[ARTIST_SHARE_PICTURE, ARTICLE_SHARE_PICTURE, ARTWORK];

    /// The generated artwork itself: the initials on a gradient from `hue` to `end`. The
    /// server sends it at `ARTWORK`; the UI writes it into the page as a `data:` URL for a
    /// picture in the first screen, which then paints with the page's first frame instead
    /// of after its own request.
    pub const ARTWORK_PICTURE: Template = Template(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue} 70% 46%)"/><stop offset="1" stop-color="hsl({end} 65% 20%)"/></linearGradient></defs><rect width="400" height="400" fill="url(#bg)"/><circle cx="330" cy="70" r="120" fill="#fff" fill-opacity="0.07"/><circle cx="60" cy="360" r="150" fill="#000" fill-opacity="0.12"/><g fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="3"><circle cx="200" cy="200" r="150"/><circle cx="200" cy="200" r="118"/></g><text x="200" y="200" dy="0.35em" text-anchor="middle" fill="#fff" font-size="{size}" font-weight="800" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" letter-spacing="-4">{initials}</text></svg>"##,
    );
    /// How far the gradient's dark end turns from the hue, in degrees.
    pub const ARTWORK_END_TURN: u16 = 48;
    /// The initials' size: one letter, or two (narrower, so that both fit the circle).
    pub const ARTWORK_FONT_SIZE_ONE: u16 = 150;
    pub const ARTWORK_FONT_SIZE_TWO: u16 = 132;

    /// `ARTWORK_PICTURE` for a hue below 360 and initials of letters and digits (or ♪).
    /// The generator writes these two rules into the UI's `artworkPicture`: both are tested
    /// on `crates/contract/cases/artwork-pictures.json`.
    pub fn artwork_picture(hue: u16, initials: &str) -> String {
        let end = (hue + ARTWORK_END_TURN) % 360;
        let size = if initials.chars().count() > 1 {
            ARTWORK_FONT_SIZE_TWO
        } else {
            ARTWORK_FONT_SIZE_ONE
        };
        ARTWORK_PICTURE.fill(&[&hue, &end, &size, &initials])
    }
}

/// Document titles: the server writes them into the first HTML, the browser sets them
/// on client navigation.
/// The alt text of a share picture (an artist's, an article's): what it shows, in the
/// words the page uses. The server writes it into a page's head, the browser into the
/// head it keeps on client navigation.
pub mod image_alts {
    use crate::template::Template;

    /// "Band: Queen".
    pub const SHARE_CARD: Template = Template("{kind}: {title}");
    /// "Band: Queen (Rock · Glam Rock)": with what the picture's second line shows.
    pub const SHARE_CARD_DETAILED: Template = Template("{kind}: {title} ({detail})");

    /// A share card's alt text: with its second line when it has one.
    pub fn of_card(kind: &str, title: &str, detail: &str) -> String {
        if detail.is_empty() {
            SHARE_CARD.fill(&[&kind, &title])
        } else {
            SHARE_CARD_DETAILED.fill(&[&kind, &title, &detail])
        }
    }

    pub const ALL: &[(&str, Template)] = &[
        ("shareCard", SHARE_CARD),
        ("shareCardDetailed", SHARE_CARD_DETAILED),
    ];
}

pub mod titles {
    use crate::template::Template;

    pub const HOME: Template = Template(concat!(site_name!(), " - Explore Your World of Music"));
    /// Browse as the spec titles it: `/browse`, the list it opens at.
    pub const BROWSE: Template = Template(concat!("Browse Artists - ", site_name!()));
    /// Page 1 of any other letter (`letter` is its name, `LETTER_NAME_DIGITS` for "#").
    pub const BROWSE_LETTER: Template =
        Template(concat!("Browse Artists: {letter} - ", site_name!()));
    /// A letter's numbered page: each its own page for indexes, with its own title.
    pub const BROWSE_NUMBERED: Template = Template(concat!(
        "Browse Artists: {letter}, page {page} of {pages} - ",
        site_name!()
    ));
    pub const ARTIST: Template = Template(concat!("{artist} - ", site_name!()));
    pub const GENRE: Template = Template(concat!("{genre} Artists - ", site_name!()));
    pub const GENRE_NUMBERED: Template = Template(concat!(
        "{genre} Artists, page {page} of {pages} - ",
        site_name!()
    ));
    pub const ARTIST_NOT_FOUND: Template = Template(concat!("Artist Not Found - ", site_name!()));
    pub const SEARCH: Template = Template(concat!("Search - ", site_name!()));
    pub const SEARCH_RESULTS: Template = Template(concat!("Search: {query} - ", site_name!()));
    pub const NOT_FOUND: Template = Template("404 Page Not Found");
    pub const QUIZ: Template = Template(concat!("Music Quiz - ", site_name!()));
    pub const PRIVACY_SETTINGS: Template = Template(concat!("Privacy Settings - ", site_name!()));
    pub const DATA_ACCESS: Template = Template(concat!("Data Access - ", site_name!()));
    pub const ACCOUNT_DELETION: Template = Template(concat!("Account Deletion - ", site_name!()));
    pub const CONFIRM_EMAIL: Template = Template(concat!("Confirm Your Email - ", site_name!()));
    pub const NEW_PASSWORD: Template = Template(concat!("Choose a New Password - ", site_name!()));
    pub const FAVORITES: Template = Template(concat!("My Favorites - ", site_name!()));
    pub const FAVORITES_FOLDER: Template =
        Template(concat!("{folder} - My Favorites - ", site_name!()));
    /// A folder id that is not one of the visitor's folders (a 404).
    pub const FOLDER_NOT_FOUND: Template = Template(concat!("Folder Not Found - ", site_name!()));
    pub const ARTICLES: Template = Template(concat!("Articles - ", site_name!()));
    pub const ARTICLE: Template = Template(concat!("{article} - ", site_name!()));
    pub const ARTICLE_NOT_FOUND: Template = Template(concat!("Article Not Found - ", site_name!()));
    pub const ABOUT: Template = Template(concat!("About - ", site_name!()));
    pub const PRIVACY_POLICY: Template = Template(concat!("Privacy Policy - ", site_name!()));
    pub const TERMS_OF_SERVICE: Template = Template(concat!("Terms of Service - ", site_name!()));

    pub const ALL: &[(&str, Template)] = &[
        ("home", HOME),
        ("browse", BROWSE),
        ("browseLetter", BROWSE_LETTER),
        ("browseNumbered", BROWSE_NUMBERED),
        ("artist", ARTIST),
        ("genre", GENRE),
        ("genreNumbered", GENRE_NUMBERED),
        ("artistNotFound", ARTIST_NOT_FOUND),
        ("search", SEARCH),
        ("searchResults", SEARCH_RESULTS),
        ("notFound", NOT_FOUND),
        ("quiz", QUIZ),
        ("privacySettings", PRIVACY_SETTINGS),
        ("dataAccess", DATA_ACCESS),
        ("accountDeletion", ACCOUNT_DELETION),
        ("confirmEmail", CONFIRM_EMAIL),
        ("newPassword", NEW_PASSWORD),
        ("favorites", FAVORITES),
        ("favoritesFolder", FAVORITES_FOLDER),
        ("folderNotFound", FOLDER_NOT_FOUND),
        ("articles", ARTICLES),
        ("article", ARTICLE),
        ("articleNotFound", ARTICLE_NOT_FOUND),
        ("about", ABOUT),
        ("privacyPolicy", PRIVACY_POLICY),
        ("termsOfService", TERMS_OF_SERVICE),
    ];
}

/// Page descriptions (`<meta name="description">`, `og:description`) of the pages made
/// from their own text: the server writes them into the first HTML, the browser sets
/// them on client navigation. The texts are generated for the UI; the rule
/// ([`descriptions::from_text`]) exists on both sides (ui/src/lib/use-document-head.ts
/// `pageDescription`), held together by [`descriptions::cases`], which each side tests.
pub mod descriptions {
    use serde::Serialize;

    use crate::template::Template;

    /// A description is at most this many characters.
    pub const MAX_CHARS: usize = 160;

    /// An artist without a biography.
    pub const ARTIST: Template = Template(concat!(
        "{artist} on ",
        site_name!(),
        ": genres, biography, fun facts and where to listen."
    ));
    /// An article without a summary.
    pub const ARTICLE: Template = Template(concat!("{article} on ", site_name!(), "."));
    /// Browse without a letter.
    pub const BROWSE: Template = Template(concat!(
        "Browse every artist and band in ",
        site_name!(),
        " from # and A to Z."
    ));
    /// Browse at one letter, A to Z.
    pub const BROWSE_LETTER: Template = Template(concat!(
        "Artists and bands starting with {letter} on ",
        site_name!(),
        ": biographies, genres, fun facts and where to listen."
    ));
    /// Browse at "#".
    pub const BROWSE_DIGITS: Template = Template(concat!(
        "Artists and bands whose names start with a digit or a symbol on ",
        site_name!(),
        ": biographies, genres, fun facts and where to listen."
    ));

    /// A letter's numbered page, A to Z.
    pub const BROWSE_LETTER_NUMBERED: Template = Template(concat!(
        "Page {page} of {pages} of the artists and bands starting with {letter} on ",
        site_name!(),
        ": biographies, genres, fun facts and where to listen."
    ));
    /// A numbered page of "#".
    pub const BROWSE_DIGITS_NUMBERED: Template = Template(concat!(
        "Page {page} of {pages} of the artists and bands whose names start with a digit or \
a symbol on ",
        site_name!(),
        ": biographies, genres and where to listen."
    ));

    /// A genre's page.
    pub const GENRE: Template = Template(concat!(
        "{genre} artists and bands on ",
        site_name!(),
        ", from A to Z: biographies, fun facts and where to listen."
    ));
    /// A genre's numbered page.
    pub const GENRE_NUMBERED: Template = Template(concat!(
        "Page {page} of {pages} of the {genre} artists and bands on ",
        site_name!(),
        ", from A to Z: biographies, fun facts and where to listen."
    ));

    pub const ALL: &[(&str, Template)] = &[
        ("artist", ARTIST),
        ("article", ARTICLE),
        ("genre", GENRE),
        ("genreNumbered", GENRE_NUMBERED),
        ("browse", BROWSE),
        ("browseLetter", BROWSE_LETTER),
        ("browseDigits", BROWSE_DIGITS),
        ("browseLetterNumbered", BROWSE_LETTER_NUMBERED),
        ("browseDigitsNumbered", BROWSE_DIGITS_NUMBERED),
    ];

    /// A page's description from its own text (an artist's biography, an article's
    /// summary): the text trimmed and cut to [`MAX_CHARS`] ([`truncate_words`]), or
    /// `fallback` when there is no text or only white space.
    pub fn from_text(text: Option<&str>, fallback: String) -> String {
        match text {
            Some(text) if !text.trim().is_empty() => truncate_words(text, MAX_CHARS),
            _ => fallback,
        }
    }

    /// The text trimmed (Unicode white space) and, when longer than `max` characters
    /// (code points), cut after the last space that leaves room for "…", trailing
    /// `,;:.` dropped, with "…" added.
    pub fn truncate_words(text: &str, max: usize) -> String {
        let text = text.trim();
        if text.chars().count() <= max {
            return text.to_owned();
        }
        let cut: String = text.chars().take(max - 1).collect();
        let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
        format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
    }

    /// One input of [`from_text`] and what it gives.
    #[derive(Debug, Serialize)]
    pub struct DescriptionCase {
        pub text: Option<String>,
        pub fallback: &'static str,
        pub expected: String,
    }

    /// Inputs on which both implementations of [`from_text`] must agree.
    pub fn cases() -> Vec<DescriptionCase> {
        let words = "word ".repeat(60);
        let exactly = "a".repeat(MAX_CHARS);
        let inputs: Vec<Option<String>> = vec![
            None,
            Some(String::new()),
            Some(" \t\n ".into()),
            Some("short".into()),
            Some("  padded, both sides \n".into()),
            Some(words.clone()),
            Some(format!("  {words}  ")),
            Some(exactly.clone()),
            Some(format!("{exactly}b")),
            Some(format!("{exactly} tail")),
            Some(format!("{} end, tail words here more", "a".repeat(150))),
            Some(format!("{} end... tail words here more", "a".repeat(150))),
            Some(format!("{} end;: tail words here more", "a".repeat(150))),
            Some("x".repeat(200)),
            Some(format!("{} {}", "x".repeat(10), "y".repeat(200))),
            Some("Édith Piaf à l'Olympia ".repeat(10)),
            Some("🎸 riff ".repeat(30)),
            Some("\u{a0}\u{2003}spaced by Unicode\u{3000}".into()),
            Some("\u{85}next line\u{2028}".into()),
            Some("no\u{a0}break ".repeat(20)),
        ];
        inputs
            .into_iter()
            .map(|text| DescriptionCase {
                expected: from_text(text.as_deref(), "FALLBACK".into()),
                text,
                fallback: "FALLBACK",
            })
            .collect()
    }
}

/// A page's head in words for the pages whose head follows their data (an artist, an
/// article), written by the server into the first HTML and by the browser on client
/// navigation: one rule, which the browser's side is tested against
/// (`ui/src/generated/page-heads.cases.json`).
pub mod heads {
    use serde::Serialize;

    use super::{descriptions, image_alts, titles};
    use crate::catalog::{Artist, ArtistKind};
    use crate::content::Article;

    /// The genres an artist's share card names, and what joins them.
    pub const GENRES_SHOWN: usize = 3;
    pub const GENRE_SEPARATOR: &str = " · ";
    /// What an article's share card calls it.
    pub const ARTICLE_KIND: &str = "Article";

    /// The word the artist page uses for what an artist is (its eyebrow): a band is a
    /// band everywhere, on the page, its share picture and the picture's alt text.
    pub fn kind_word(kind: ArtistKind) -> &'static str {
        match kind {
            ArtistKind::Band => "Band",
            ArtistKind::Solo => "Artist",
        }
    }

    /// An artist's share card's line under the name: its first genres.
    pub fn genre_line(genres: &[String]) -> String {
        genres
            .iter()
            .take(GENRES_SHOWN)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(GENRE_SEPARATOR)
    }

    #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Text {
        pub title: String,
        pub description: String,
        /// What the page's share picture shows.
        pub image_alt: String,
    }

    pub fn artist(artist: &Artist) -> Text {
        Text {
            title: titles::ARTIST.fill(&[&artist.title]),
            description: descriptions::from_text(
                artist.bio.as_deref(),
                descriptions::ARTIST.fill(&[&artist.title]),
            ),
            image_alt: image_alts::of_card(
                kind_word(artist.kind),
                &artist.title,
                &genre_line(&artist.genres),
            ),
        }
    }

    pub fn article(article: &Article) -> Text {
        Text {
            title: titles::ARTICLE.fill(&[&article.title]),
            description: descriptions::from_text(
                Some(&article.summary),
                descriptions::ARTICLE.fill(&[&article.title]),
            ),
            image_alt: image_alts::of_card(ARTICLE_KIND, &article.title, &article.category),
        }
    }

    #[derive(Debug, Serialize)]
    pub struct Case<T> {
        pub page: T,
        pub expected: Text,
    }

    #[derive(Debug, Serialize)]
    pub struct Cases {
        pub artists: Vec<Case<Artist>>,
        pub articles: Vec<Case<Article>>,
    }

    /// Artists and articles on which both sides must write the same head.
    pub fn cases() -> Cases {
        let genres = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
        let artists: Vec<(&str, Option<String>, ArtistKind, Vec<String>)> = vec![
            (
                "Queen",
                Some("British rock band formed in London in 1970.".into()),
                ArtistKind::Band,
                genres(&["Rock", "Glam Rock", "Hard Rock", "Pop Rock"]),
            ),
            ("Björk", None, ArtistKind::Solo, Vec::new()),
            (
                "Nina Simone",
                Some("  ".into()),
                ArtistKind::Solo,
                genres(&["Jazz"]),
            ),
            (
                "AC/DC",
                Some("word ".repeat(60)),
                ArtistKind::Band,
                genres(&["Hard Rock", "Rock"]),
            ),
            (
                "Sigur Rós",
                Some("Post-rock from Reykjavík.".into()),
                ArtistKind::Band,
                genres(&["Post-Rock", "Ambient", "Art Rock"]),
            ),
        ];
        let artists = artists
            .into_iter()
            .enumerate()
            .map(|(i, (title, bio, kind, genres))| {
                let page = Artist {
                    id: i as i32 + 1,
                    title: title.into(),
                    genres,
                    bio,
                    kind,
                    ..Artist::default()
                };
                Case {
                    expected: artist(&page),
                    page,
                }
            })
            .collect();
        let articles: Vec<(&str, String, &str)> = vec![
            (
                "The Story Behind a Song",
                "A short history of a famous record.".into(),
                "Artist Spotlight",
            ),
            ("Gear for Beginners", "  ".into(), "Equipment & Gear"),
            ("Five Ways to Discover Music", "word ".repeat(60), "General"),
            ("Notes", "Site news.".into(), ""),
        ];
        let articles = articles
            .into_iter()
            .enumerate()
            .map(|(i, (title, summary, category))| {
                let page = Article {
                    id: i as i32 + 1,
                    title: title.into(),
                    summary,
                    category: category.into(),
                    date: "2026-11-20".into(),
                    ..Article::default()
                };
                Case {
                    expected: article(&page),
                    page,
                }
            })
            .collect();
        Cases { artists, articles }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn router_paths_use_react_router_syntax() {
        assert_eq!(routes::HOME.router_path(), "");
        assert_eq!(routes::ARTIST.router_path(), "artist/:id");
        assert_eq!(routes::SEARCH_RESULTS.href(&[&"AC/DC"]), "/search/AC%2FDC");
        assert_eq!(titles::HOME.0, "Sound Atlas - Explore Your World of Music");
        assert!(titles::HOME.0.ends_with(TAGLINE));
    }

    /// Every hole of every page read has somewhere to take its value from, and every
    /// condition names a read the page makes before it.
    #[test]
    fn every_page_read_is_bound() {
        for route in routes::ALL {
            let path_holes = route.path.holes();
            for (i, read) in route.reads.iter().enumerate() {
                let name = format!("{}: {}", route.id, read.operation.name);
                assert_eq!(
                    read.operation.method,
                    crate::operation::Method::Get,
                    "{name}"
                );
                for hole in read.operation.template.holes() {
                    let bound = if hole == PAGE_HOLE {
                        route.query.contains(&PAGE_HOLE)
                    } else {
                        path_holes.contains(&hole)
                            || route.query.contains(&hole)
                            || read.from_first_answer.is_some_and(|(h, _)| h == hole)
                    };
                    assert!(bound, "{name}: nothing fills {{{hole}}}");
                }
                match read.when {
                    When::Always => {}
                    When::FirstAnswered => assert!(i > 0, "{name} is the first read"),
                    When::InsteadOf(other) => assert!(
                        route.reads[..i]
                            .iter()
                            .any(|earlier| earlier.operation.name == other),
                        "{name}: {other} is not read before it"
                    ),
                }
                assert!(
                    read.from_first_answer.is_none() || read.when == When::FirstAnswered,
                    "{name} reads the first answer without waiting for it"
                );
            }
        }
        for read in VIEWER_READS {
            assert!(read.operation.template.holes().is_empty());
        }
    }

    #[test]
    fn descriptions_are_cut_at_a_word() {
        use descriptions::{from_text, truncate_words, MAX_CHARS};
        assert_eq!(truncate_words("short", 160), "short");
        let long = "word ".repeat(60);
        let cut = truncate_words(&long, 160);
        assert!(cut.chars().count() <= 160 && cut.ends_with("word…"));
        let tail = format!("{} end, tail words here more", "a".repeat(150));
        assert_eq!(
            truncate_words(&tail, 160),
            format!("{} end…", "a".repeat(150))
        );
        assert_eq!(from_text(Some(&long), String::new()), cut);
        assert_eq!(MAX_CHARS, 160);
    }

    #[test]
    fn a_page_without_its_own_text_is_described_by_its_fallback() {
        assert_eq!(
            descriptions::from_text(Some("  "), descriptions::ARTIST.fill(&[&"Nirvana"])),
            "Nirvana on Sound Atlas: genres, biography, fun facts and where to listen."
        );
        assert_eq!(
            descriptions::from_text(None, descriptions::ARTICLE.fill(&[&"Gear"])),
            "Gear on Sound Atlas."
        );
        assert_eq!(
            descriptions::from_text(Some(" A summary. "), String::new()),
            "A summary."
        );
    }

    #[test]
    fn description_cases_stay_within_the_limit() {
        for case in descriptions::cases() {
            assert!(
                case.expected.chars().count() <= descriptions::MAX_CHARS,
                "{case:?}"
            );
            assert!(!case.expected.is_empty(), "{case:?}");
        }
    }

    #[test]
    fn a_picture_is_routed_by_its_file_and_its_holes_read_back() {
        let artist = images::ARTIST_SHARE_PICTURE;
        assert_eq!(artist.href(&[&12]), "/og/artist/12.jpg");
        assert_eq!(artist.route(), "/og/artist/{file}");
        assert_eq!(artist.read("12.jpg"), Some(vec!["12"]));
        for bad in ["12", ".jpg", "12.jpg.x", "x/12.jpg"] {
            assert_eq!(artist.read(bad), None, "{bad}");
        }
        let artwork = images::ARTWORK;
        assert_eq!(artwork.href(&[&210, &"É♪"]), "/art/210/%C3%89%E2%99%AA.svg");
        assert_eq!(artwork.route(), "/art/{*file}");
        assert_eq!(artwork.read("210/AB.svg"), Some(vec!["210", "AB"]));
        for bad in ["210/AB", "AB.svg", "/AB.svg", "210/.svg", "1/2/AB.svg"] {
            assert_eq!(artwork.read(bad), None, "{bad}");
        }
    }

    /// The artwork's cases the UI's test reads too (its `artworkPicture` is generated from
    /// the same template, its two rules written by the generator): the dark end turns past
    /// 360 back to the start of the wheel, two letters are smaller than one.
    #[test]
    fn the_artwork_is_drawn_from_its_hue_and_initials_as_the_shared_cases_say() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../cases/artwork-pictures.json")).unwrap();
        for case in cases["cases"].as_array().unwrap() {
            let hue = u16::try_from(case["hue"].as_u64().unwrap()).unwrap();
            let initials = case["initials"].as_str().unwrap();
            let picture = images::artwork_picture(hue, initials);
            assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(picture.contains(&format!("stop-color=\"hsl({hue} 70% 46%)\"")));
            let end = &case["end"];
            assert!(
                picture.contains(&format!("stop-color=\"hsl({end} 65% 20%)\"")),
                "{case}"
            );
            let size = &case["size"];
            assert!(picture.contains(&format!("font-size=\"{size}\"")), "{case}");
            assert!(picture.ends_with(&format!(">{initials}</text></svg>")));
        }
    }
}
