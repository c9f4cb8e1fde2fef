//! API operations: every `/api` call, read or write, declared once with its method, path
//! template, request body, answer, success status and who may call it. The server mounts
//! its handlers by these declarations, the OpenAPI description and the UI's typed client
//! are generated from them.

use std::fmt::Display;
use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use ts_rs::{Config, TypeVisitor, TS};

use crate::template::{encode_uri_component, Part, Template};

/// Where every operation lives: the server nests the API router here.
pub const API_PREFIX: &str = "/api";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    Get,
    Post,
    Patch,
    Delete,
}

impl Method {
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

/// What a successful call answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The answer type as JSON.
    Json,
    /// Nothing (204).
    NoContent,
    /// A redirect to a page of the site (303): a browser navigation, not a fetch.
    Redirect,
}

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Anyone,
    /// The session's user (401 without one). Every write, signed in or not, is also
    /// refused when a browser sends it from another origin (403).
    SignedIn,
}

/// What an operation is, whatever its types: what the description, the TypeScript
/// generator, the router and the tests read.
#[derive(Debug, Clone, Copy)]
pub struct OperationSpec {
    /// Its name in the generated TypeScript (and its OpenAPI `operationId`).
    pub name: &'static str,
    pub method: Method,
    /// The path, with `{name}` holes (a query string's holes are its required parameters).
    pub template: Template,
    /// One line for the API description.
    pub summary: &'static str,
    /// The success status.
    pub status: u16,
    /// A second success status with the same answer (an add that found the row there).
    pub also: Option<u16>,
    pub answer: Answer,
    pub takes_body: bool,
    /// A form post (from an emailed link's page) is answered with a redirect.
    pub form_redirect: bool,
    pub access: Access,
    /// Optional query parameters the handler reads besides the template's, with what
    /// they mean.
    pub query: &'static [(&'static str, &'static str)],
}

impl OperationSpec {
    /// The path without its query string.
    pub fn path(&self) -> &'static str {
        let path = self.template.0;
        path.split_once('?').map_or(path, |(path, _)| path)
    }

    /// The route inside the API router: the path without [`API_PREFIX`]
    /// (`/api/artists/{id}` -> `/artists/{id}`).
    pub fn route(&self) -> &'static str {
        self.path()
            .strip_prefix(API_PREFIX)
            .expect("API templates start with /api")
    }

    /// The query parameters besides the template's holes (which are required).
    pub fn optional_query(&self) -> Vec<(&'static str, &'static str)> {
        let holes = self.template.holes();
        self.query
            .iter()
            .copied()
            .filter(|(name, _)| !holes.contains(name))
            .collect()
    }
}

/// One `/api` operation: its [`OperationSpec`] with a `B` in (`()`: no body) and a `T`
/// out (`()`: no JSON answer). A read's filled path is also the browser's query key, so a
/// page's prefetched read and the client's read meet.
pub struct Operation<B, T> {
    spec: OperationSpec,
    types: PhantomData<fn(B) -> T>,
}

/// A read: `GET`, no body, its `T` as JSON with 200.
pub type Endpoint<T> = Operation<(), T>;

impl<B, T> std::ops::Deref for Operation<B, T> {
    type Target = OperationSpec;

    fn deref(&self) -> &OperationSpec {
        &self.spec
    }
}

impl<B, T> Operation<B, T> {
    const fn declare(
        method: Method,
        name: &'static str,
        template: &'static str,
        summary: &'static str,
    ) -> Self {
        Operation {
            spec: OperationSpec {
                name,
                method,
                template: Template(template),
                summary,
                status: 200,
                also: None,
                answer: Answer::Json,
                takes_body: !matches!(method, Method::Get | Method::Delete),
                form_redirect: false,
                access: Access::Anyone,
                query: &[],
            },
            types: PhantomData,
        }
    }

    pub const fn post(name: &'static str, template: &'static str, summary: &'static str) -> Self {
        Self::declare(Method::Post, name, template, summary)
    }

    pub const fn patch(name: &'static str, template: &'static str, summary: &'static str) -> Self {
        Self::declare(Method::Patch, name, template, summary)
    }

    /// Answers 201 (and 200 when what it adds was there: see [`Self::or_existing`]).
    pub const fn created(mut self) -> Self {
        self.spec.status = 201;
        self
    }

    /// Also answers 200, with the same answer, when what it adds was already there.
    pub const fn or_existing(mut self) -> Self {
        self.spec.also = Some(200);
        self
    }

    pub const fn signed_in(mut self) -> Self {
        self.spec.access = Access::SignedIn;
        self
    }

    pub const fn with_query(mut self, query: &'static [(&'static str, &'static str)]) -> Self {
        self.spec.query = query;
        self
    }

    /// The same fields may come as an HTML form, which is answered with a redirect.
    pub const fn or_form_redirect(mut self) -> Self {
        self.spec.form_redirect = true;
        self
    }

    /// What it is, whatever its types (for declarations that list operations of
    /// several types, such as a page's reads).
    pub const fn spec(&self) -> OperationSpec {
        self.spec
    }

    /// The filled path, every hole encoded as `encodeURIComponent` would.
    pub fn path(&self, values: &[&dyn Display]) -> ApiPath<T> {
        ApiPath {
            path: self.spec.template.fill_with(values, encode_uri_component),
            payload: PhantomData,
        }
    }
}

impl<T> Operation<(), T> {
    /// A read.
    pub const fn get(name: &'static str, template: &'static str, summary: &'static str) -> Self {
        Self::declare(Method::Get, name, template, summary)
    }

    /// A removal (its answer: `.no_content()`, or a `T` as JSON).
    pub const fn delete(name: &'static str, template: &'static str, summary: &'static str) -> Self {
        Self::declare(Method::Delete, name, template, summary)
    }

    /// A write without a body.
    pub const fn bodiless(mut self) -> Self {
        self.spec.takes_body = false;
        self
    }
}

impl<B> Operation<B, ()> {
    /// Answers 204 without a body.
    pub const fn no_content(mut self) -> Self {
        self.spec.answer = Answer::NoContent;
        self.spec.status = 204;
        self
    }
}

impl Operation<(), ()> {
    /// A browser navigation (`GET`) answered with a redirect (303).
    pub const fn navigation(
        name: &'static str,
        template: &'static str,
        summary: &'static str,
    ) -> Self {
        let mut op = Self::declare(Method::Get, name, template, summary);
        op.spec.answer = Answer::Redirect;
        op.spec.status = 303;
        op
    }
}

/// A filled operation path, typed by the answer: the server can only prefetch a `T`
/// under an `ApiPath<T>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ApiPath<T> {
    path: String,
    payload: PhantomData<fn() -> T>,
}

impl<T> ApiPath<T> {
    pub fn as_str(&self) -> &str {
        &self.path
    }

    pub fn into_string(self) -> String {
        self.path
    }
}

impl<T> Display for ApiPath<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.path)
    }
}

/// An operation's spec with its body and answer types as schemas and TypeScript: what
/// the description and the TypeScript generator read.
#[derive(Clone, Copy)]
pub struct OperationInfo {
    spec: OperationSpec,
    body_schema: fn(&mut SchemaGenerator) -> Schema,
    answer_schema: fn(&mut SchemaGenerator) -> Schema,
    body_ts: fn(&Config) -> String,
    answer_ts: fn(&Config) -> String,
    declare_types: fn(&mut Declarations),
}

impl std::ops::Deref for OperationInfo {
    type Target = OperationSpec;

    fn deref(&self) -> &OperationSpec {
        &self.spec
    }
}

impl<B: JsonSchema + TS + 'static, T: JsonSchema + TS + 'static> Operation<B, T> {
    pub fn info(&self) -> OperationInfo {
        OperationInfo {
            spec: self.spec,
            body_schema: |gen| gen.subschema_for::<B>(),
            answer_schema: |gen| gen.subschema_for::<T>(),
            body_ts: |cfg| B::name(cfg),
            answer_ts: |cfg| T::name(cfg),
            declare_types: |declarations| {
                declarations.visit::<B>();
                declarations.visit::<T>();
            },
        }
    }
}

impl OperationInfo {
    /// Declares the types its body and answer name, and theirs, in TypeScript.
    pub fn declare_types(&self, declarations: &mut Declarations) {
        (self.declare_types)(declarations);
    }

    /// The request body's schema, when it takes one.
    pub fn body_schema(&self, gen: &mut SchemaGenerator) -> Option<Schema> {
        self.takes_body.then(|| (self.body_schema)(gen))
    }

    /// The answer's schema, when it answers JSON.
    pub fn answer_schema(&self, gen: &mut SchemaGenerator) -> Option<Schema> {
        (self.answer == Answer::Json).then(|| (self.answer_schema)(gen))
    }

    /// The request body as a TypeScript type, when it takes one.
    pub fn body_ts(&self, cfg: &Config) -> Option<String> {
        self.takes_body.then(|| (self.body_ts)(cfg))
    }

    /// The answer as a TypeScript type (`void` when there is no JSON answer).
    pub fn answer_ts(&self, cfg: &Config) -> String {
        match self.answer {
            Answer::Json => (self.answer_ts)(cfg),
            Answer::NoContent | Answer::Redirect => "void".to_owned(),
        }
    }
}

/// The TypeScript declarations of the named types a set of roots reaches (a payload's
/// fields' types, and theirs), each once, in the order first met: what the UI gets is
/// derived from the operations' declarations, never listed by hand.
pub struct Declarations {
    cfg: Config,
    seen: std::collections::HashSet<std::any::TypeId>,
    pub decls: Vec<String>,
}

impl Declarations {
    pub fn new(cfg: Config) -> Self {
        Declarations {
            cfg,
            seen: Default::default(),
            decls: Vec::new(),
        }
    }
}

impl ts_rs::TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(std::any::TypeId::of::<T>()) {
            return;
        }
        // A named type (a derive) is declared; a wrapper (`Vec`, `Option`) or a
        // primitive only leads to what it holds.
        if T::output_path().is_some() {
            self.decls.push(T::decl(&self.cfg));
        }
        // ts-rs lists a type's dependencies in no fixed order (it varies between builds):
        // they are visited by name, so the generated file is the same on every build.
        let mut next = Dependencies {
            cfg: &self.cfg,
            found: Vec::new(),
        };
        T::visit_generics(&mut next);
        T::visit_dependencies(&mut next);
        let mut found = next.found;
        found.sort_by(|a, b| a.0.cmp(&b.0));
        for (_, visit) in found {
            visit(self);
        }
    }
}

/// How to visit one dependency (declare it and its own).
type Visit = fn(&mut Declarations);

/// A type's direct dependencies, each by its name with how to visit it.
struct Dependencies<'a> {
    cfg: &'a Config,
    found: Vec<(String, Visit)>,
}

impl ts_rs::TypeVisitor for Dependencies<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        self.found
            .push((T::name(self.cfg), |declarations| declarations.visit::<T>()));
    }
}

/// Declares a module's operations, each a `pub const`, and `operations()`: them all, in
/// the order declared (what [`crate::operations`] gathers for the description, the
/// generated client and the tests), so none can be declared and left out.
macro_rules! operations {
    ($($(#[$attr:meta])* pub const $name:ident: $type:ty = $value:expr;)+) => {
        $($(#[$attr])* pub const $name: $type = $value;)+

        /// This module's operations, in the order declared.
        pub fn operations() -> Vec<$crate::operation::OperationInfo> {
            vec![$($name.info()),+]
        }
    };
}
pub(crate) use operations;

/// The holes of a template, checked to be plain identifiers (they become parameters).
pub(crate) fn hole_names(template: &Template) -> Vec<&'static str> {
    template
        .parts()
        .into_iter()
        .filter_map(|part| match part {
            Part::Hole(name) => {
                assert!(
                    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "hole {name:?} in {:?} is not an identifier",
                    template.0
                );
                Some(name)
            }
            Part::Text(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn names_and_declarations_are_unique() {
        let mut names = HashSet::new();
        let mut routes = HashSet::new();
        for op in crate::operations() {
            assert!(
                names.insert(op.name),
                "two operations are named {}",
                op.name
            );
            assert!(
                routes.insert((op.method, op.template.0)),
                "{} {} is declared twice",
                op.method.as_str(),
                op.template.0
            );
        }
    }

    /// Every operation's method and address, written out. Addresses are public (emailed
    /// links already sent, bookmarks, scripts against the API): changing one in its
    /// declaration must change this table too, on purpose. Tests elsewhere call
    /// operations by their declarations.
    #[test]
    fn the_published_addresses_stay_as_published() {
        let published: &[(&str, &str, &str)] = &[
            ("artists", "GET", "/api/artists"),
            ("randomArtist", "GET", "/api/artists/random"),
            ("search", "GET", "/api/artists/search?query={query}"),
            (
                "searchCards",
                "GET",
                "/api/artists/search/cards?query={query}&page={page}",
            ),
            (
                "browse",
                "GET",
                "/api/artists/browse?letter={letter}&page={page}",
            ),
            ("artist", "GET", "/api/artists/{id}"),
            ("neighbors", "GET", "/api/artists/{id}/neighbors"),
            ("related", "GET", "/api/artists/{id}/related"),
            ("artistGenres", "GET", "/api/artists/{id}/genres"),
            ("genres", "GET", "/api/genres?query={query}"),
            ("genre", "GET", "/api/genres/{slug}?page={page}"),
            ("countries", "GET", "/api/countries"),
            ("country", "GET", "/api/countries/{slug}?page={page}"),
            (
                "browseInCountry",
                "GET",
                "/api/countries/{country}/browse?letter={letter}&page={page}",
            ),
            ("decade", "GET", "/api/decades/{decade}?page={page}"),
            ("artistDetails", "GET", "/api/artists/{id}/details"),
            ("quizFacts", "GET", "/api/quiz/facts?seed={seed}"),
            ("user", "GET", "/api/user"),
            ("userExport", "GET", "/api/user/export"),
            ("identityProvider", "GET", "/api/auth/oidc"),
            ("signUp", "POST", "/api/auth/signup"),
            ("resend", "POST", "/api/auth/resend"),
            ("confirmationLink", "GET", "/api/auth/confirm?token={token}"),
            (
                "confirmationLinkState",
                "GET",
                "/api/auth/confirm/state?token={token}",
            ),
            ("confirm", "POST", "/api/auth/confirm"),
            ("signIn", "POST", "/api/auth/signin"),
            ("signOut", "POST", "/api/auth/signout"),
            ("requestCode", "POST", "/api/auth/otp"),
            ("verifyCode", "POST", "/api/auth/verify"),
            ("recover", "POST", "/api/auth/recover"),
            (
                "recoveryLink",
                "GET",
                "/api/auth/recover/complete?token={token}",
            ),
            (
                "recoveryLinkState",
                "GET",
                "/api/auth/recover/state?token={token}",
            ),
            ("setNewPassword", "POST", "/api/auth/recover/complete"),
            ("deleteAccount", "DELETE", "/api/user/delete"),
            (
                "deletionConfirmation",
                "POST",
                "/api/user/deletion-confirmation",
            ),
            (
                "providerSignIn",
                "GET",
                "/api/auth/oidc/start?redirectTo={redirectTo}",
            ),
            ("providerCallback", "GET", "/api/auth/oidc/callback"),
            ("weeklyTopTen", "GET", "/api/weekly-top-ten"),
            ("weeklyTopTenOf", "GET", "/api/weekly-top-ten?week={week}"),
            ("topTenWeeks", "GET", "/api/weekly-top-ten/weeks"),
            ("newSongs", "GET", "/api/new-songs"),
            ("channelVideos", "GET", "/api/youtube/channel-videos"),
            (
                "artistChannelVideos",
                "GET",
                "/api/artist/channel-videos?url={url}",
            ),
            ("articles", "GET", "/api/articles"),
            ("articlesIn", "GET", "/api/articles?category={category}"),
            ("article", "GET", "/api/articles/{id}"),
            ("favorites", "GET", "/api/favorites"),
            ("addFavorite", "POST", "/api/favorites"),
            ("moveFavorite", "POST", "/api/favorites/move"),
            ("removeFavorite", "DELETE", "/api/favorites/{artistId}"),
            (
                "artistByExternalId",
                "GET",
                "/api/favorites/artist-id/{externalId}",
            ),
            ("favoriteFolders", "GET", "/api/favorite-folders"),
            ("createFolder", "POST", "/api/favorite-folders"),
            ("renameFolder", "PATCH", "/api/favorite-folders/{id}"),
            ("deleteFolder", "DELETE", "/api/favorite-folders/{id}"),
            ("videoFavorites", "GET", "/api/video-favorites"),
            ("addVideoFavorite", "POST", "/api/video-favorites"),
            (
                "removeVideoFavorite",
                "DELETE",
                "/api/video-favorites/{artistId}/{videoId}",
            ),
            (
                "videoFavoriteCheck",
                "GET",
                "/api/video-favorites/check/{artistId}/{videoId}",
            ),
            ("openApiDescription", "GET", "/api/openapi.json"),
        ];
        let declared: Vec<(&str, &str, &str)> = crate::operations()
            .iter()
            .map(|op| (op.name, op.method.as_str(), op.template.0))
            .collect();
        assert_eq!(declared, published);
    }

    #[test]
    fn writes_are_not_gets_and_answers_match_their_status() {
        for op in crate::operations() {
            match op.answer {
                Answer::Json => assert!(matches!(op.status, 200 | 201), "{}", op.name),
                Answer::NoContent => assert_eq!(op.status, 204, "{}", op.name),
                Answer::Redirect => assert_eq!(op.status, 303, "{}", op.name),
            }
            assert!(!(op.method == Method::Get && op.takes_body), "{}", op.name);
        }
    }
}
