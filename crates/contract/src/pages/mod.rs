//! Page routes, the links between pages, the addresses of the pictures the server draws
//! and the document heads: the route table both the axum router and the React router
//! are built from. One file per job: the route and read types and the site's constants
//! here; the table of page routes (`routes`), links with a query string (`links`), the
//! pictures the server draws (`images`), and a page's head in words (`titles`,
//! `descriptions`, `image_alts`, `heads`).

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

/// The words a photo's credit starts with (both constants below are made from it).
macro_rules! photo_credit_start {
    () => {
        "Photo: "
    };
}
/// What a photo's credit starts with wherever it is shown: under the picture on its
/// page, in a card's text and on the share pictures ("Photo: author · licence").
pub const PHOTO_CREDIT: &str = photo_credit_start!();
/// A photo's short credit, as a card's text and an artist's share picture write it.
pub const PHOTO_CREDIT_LINE: Template =
    Template(concat!(photo_credit_start!(), "{author} · {license}"));

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

pub mod links;
pub mod routes;

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

pub mod images;

pub mod image_alts;

pub mod titles;

pub mod descriptions;

pub mod heads;

#[cfg(test)]
mod tests;
