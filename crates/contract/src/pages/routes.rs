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
/// `?country=` filters the list to one country's artists (`links::BROWSE_COUNTRY_*`).
pub const BROWSE: PageRoute = PageRoute::new("browse", "/browse")
    .reading(&["letter", "from", "page", "refresh", "country"])
    .canonical_with(&["country", "letter", "from"])
    .with_reads(&[
        PageRead::of(&catalog::BROWSE_IN_COUNTRY),
        PageRead::of(&catalog::BROWSE).instead_of(&catalog::BROWSE_IN_COUNTRY),
        PageRead::of(&catalog::COUNTRIES),
    ]);
/// A genre's artists, paged like a browse letter: `?from=` (a numbered page, its own
/// canonical address) and `?page=` (Load More), see `links::GENRE_*`.
pub const GENRE: PageRoute = PageRoute::new("genre", "/genre/{slug}")
    .reading(&["from", "page"])
    .canonical_with(&["from"])
    .with_reads(&[PageRead::of(&catalog::GENRE)]);
/// A country's artists and a decade's (born or formed in it), paged like a genre's
/// (`links::COUNTRY_*`, `links::DECADE_*`).
pub const COUNTRY: PageRoute = PageRoute::new("country", "/country/{slug}")
    .reading(&["from", "page"])
    .canonical_with(&["from"])
    .with_reads(&[PageRead::of(&catalog::COUNTRY)]);
pub const DECADE: PageRoute = PageRoute::new("decade", "/decade/{decade}")
    .reading(&["from", "page"])
    .canonical_with(&["from"])
    .with_reads(&[PageRead::of(&catalog::DECADE)]);
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
pub const DATA_ACCESS: PageRoute = PageRoute::new("dataAccess", "/data-access").with_reads(VISITOR);
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
    COUNTRY,
    DECADE,
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
