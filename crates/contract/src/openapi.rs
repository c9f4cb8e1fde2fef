//! The OpenAPI 3.1 description of every `/api` route (served at `/api/openapi.json`).
//!
//! Built from the same contract the TypeScript is generated from, so the two cannot
//! drift: paths come from the [`Endpoint`]s (reads, whose templates also give the query
//! parameters) and from the write paths (`accounts::actions`, `library::api::writes`);
//! payload schemas come from the same serde types (`schemars::JsonSchema` derived next to
//! `ts_rs::TS`). What the contract does not say (methods of the writes, their bodies and
//! success statuses, extra query parameters) is written once here, per operation.
//!
//! Every error is the one JSON shape ([`ErrorBody`]), the `default` response of every
//! operation. The server's test walks its router and fails when it serves an `/api` route
//! (path and method) this description does not have, or the reverse.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::accounts::{self, actions};
use crate::catalog;
use crate::content;
use crate::endpoint::Endpoint;
use crate::error::ErrorBody;
use crate::library::{self, api::writes};
use crate::quiz;

/// Path of the description itself.
pub const OPENAPI_PATH: &str = "/api/openapi.json";
/// The session cookie (`__Host-sa_session` when the site is served over https).
const SESSION_COOKIE: &str = "sa_session";

/// The description as JSON.
pub fn document() -> Value {
    let mut doc = Doc::new();
    use catalog::api as cat;
    let refresh = ("refresh", "`true` rereads the catalogue from the database.");
    doc.read(&cat::ARTISTS, "Every artist, by title.")
        .query(&[refresh]);
    doc.read(&cat::RANDOM, "One artist at random.");
    doc.read(
        &cat::SEARCH,
        "Artists whose title or genres match, best first.",
    );
    doc.read(&cat::SEARCH_CARDS, "One page of the search, as cards.");
    doc.read(&cat::BROWSE, "One page of the artists under one letter.")
        .query(&[refresh]);
    doc.read(&cat::ARTIST, "One artist.");
    doc.read(&cat::NEIGHBORS, "Where an artist sits in the sorted list.");
    doc.read(&cat::RELATED, "Artists sharing genres with one artist.");
    doc.read(
        &cat::ARTIST_DETAILS,
        "Photo credit, date born or formed, listen links, albums and members of one artist.",
    );
    doc.read(&quiz::api::QUIZ_FACTS, "Quiz questions for a seed.");

    doc.read(&accounts::api::USER, "The signed-in user, or null.");
    doc.read(
        &accounts::api::EXPORT,
        "The signed-in user's data, as a JSON attachment.",
    )
    .signed_in();
    doc.read(
        &accounts::api::OIDC,
        "Whether an identity provider is offered.",
    );
    doc.write::<accounts::Credentials, accounts::Done>(
        actions::SIGN_UP,
        "Create an account (a confirmation link is mailed).",
        200,
    );
    doc.write::<accounts::EmailOnly, accounts::Done>(
        actions::RESEND,
        "Mail the confirmation link again.",
        200,
    );
    doc.redirect(
        ("GET", actions::CONFIRM.1),
        "The emailed confirmation link: leads to its page on the site, /confirm-email (a form that posts the token).",
    )
    .query(&[("token", "The emailed token.")]);
    doc.write::<accounts::LinkToken, accounts::User>(
        actions::CONFIRM,
        "Confirm an address and sign in.",
        200,
    )
    .form_redirect();
    doc.write::<accounts::Credentials, accounts::User>(
        actions::SIGN_IN,
        "Sign in with email and password.",
        200,
    );
    doc.bodiless::<accounts::Done>(actions::SIGN_OUT, "End this session.", 200);
    doc.write::<accounts::CodeRequest, accounts::Done>(
        actions::REQUEST_CODE,
        "Mail a one-time sign-in code.",
        200,
    );
    doc.write::<accounts::CodeCheck, accounts::User>(
        actions::VERIFY_CODE,
        "Sign in with a mailed code.",
        200,
    );
    doc.write::<accounts::EmailOnly, accounts::Done>(
        actions::RECOVER,
        "Mail a password reset link.",
        200,
    );
    doc.redirect(
        ("GET", actions::SET_NEW_PASSWORD.1),
        "The emailed reset link: leads to its page on the site, /new-password (a form that posts the new password).",
    )
    .query(&[("token", "The emailed token.")]);
    doc.write::<accounts::NewPassword, accounts::User>(
        actions::SET_NEW_PASSWORD,
        "Set a new password from a reset link and sign in.",
        200,
    )
    .form_redirect();
    doc.bodiless::<accounts::Deleted>(
        actions::DELETE_ACCOUNT,
        "Delete the account and all its data.",
        200,
    )
    .signed_in();
    doc.bodiless::<accounts::Done>(
        actions::DELETION_CONFIRMATION,
        "Right after a deletion, mail its confirmation to the deleted account's address (once); signed in, a notice that a deletion was asked for.",
        200,
    )
    .signed_in();
    doc.redirect(
        actions::PROVIDER_SIGN_IN,
        "Start signing in with the identity provider (a browser navigation).",
    )
    .query(&[(
        "redirectTo",
        "Where to go once signed in (a path on this site).",
    )]);
    doc.redirect(
        actions::PROVIDER_CALLBACK,
        "The identity provider's answer.",
    )
    .query(&[
        ("code", "The provider's authorization code."),
        ("state", "The state sent at the start."),
        ("error", "Present when the provider refused."),
    ]);

    use content::api as con;
    doc.read(&con::WEEKLY_TOP_TEN, "The newest week's top ten songs.")
        .query(&[("refresh", "`true` rereads the chart from the database.")]);
    doc.read(
        &con::WEEKLY_TOP_TEN_OF,
        "One week's top ten songs (404 for a week without a list).",
    );
    doc.read(
        &con::TOP_TEN_WEEKS,
        "Every week with a top ten, newest first.",
    );
    doc.read(&con::NEW_SONGS, "New songs.");
    doc.read(&con::CHANNEL_VIDEOS, "The site channel's videos.");
    doc.read(&con::ARTIST_CHANNEL_VIDEOS, "An artist channel's videos.");
    doc.read(&con::ARTICLES, "Articles, newest first.");
    doc.read(
        &con::ARTICLES_IN,
        "Articles in one category (name or slug).",
    );
    doc.read(&con::ARTICLE, "One article.");

    use library::api as lib;
    let in_folder = [("folderId", "The folder's copy (absent: the top level).")];
    doc.read(&lib::FAVORITES, "The user's top-level favorite artists.")
        .signed_in();
    doc.write::<library::NewFavorite, library::Favorite>(
        ("POST", &api(writes::ADD_FAVORITE)),
        "Add a favorite (201; 200 when it was there).",
        201,
    )
    .also(200)
    .signed_in();
    doc.write::<library::MoveFavorite, library::Favorite>(
        ("POST", &api(writes::MOVE_FAVORITE)),
        "Move a favorite between folders.",
        200,
    )
    .signed_in();
    doc.empty(
        ("DELETE", &api(writes::REMOVE_FAVORITE)),
        "Remove a favorite.",
    )
    .query(&in_folder)
    .signed_in();
    doc.read(
        &lib::ARTIST_BY_EXTERNAL_ID,
        "The catalogue id of the artist with this externalId.",
    )
    .signed_in();
    doc.read(&lib::FOLDERS, "The user's folders with their artists.")
        .signed_in();
    doc.write::<library::NewFolder, library::FolderSummary>(
        ("POST", &api(writes::CREATE_FOLDER)),
        "Create a folder.",
        201,
    )
    .signed_in();
    doc.write::<library::NewFolder, library::FolderSummary>(
        ("PATCH", &api(writes::FOLDER)),
        "Rename a folder.",
        200,
    )
    .signed_in();
    doc.empty(
        ("DELETE", &api(writes::FOLDER)),
        "Delete a folder; what it held returns to the main favorites.",
    )
    .signed_in();
    doc.read(&lib::VIDEO_FAVORITES, "The user's favorite videos.")
        .signed_in();
    doc.write::<library::NewVideoFavorite, library::VideoFavorite>(
        ("POST", &api(writes::ADD_VIDEO_FAVORITE)),
        "Add a favorite video (201; 200 when it was there).",
        201,
    )
    .also(200)
    .signed_in();
    doc.empty(
        ("DELETE", &api(writes::REMOVE_VIDEO_FAVORITE)),
        "Remove a favorite video.",
    )
    .query(&in_folder)
    .signed_in();
    doc.read(
        &lib::VIDEO_FAVORITE_CHECK,
        "Whether a video is a favorite, and where.",
    )
    .signed_in();

    doc.document_itself();
    doc.finish()
}

/// `/favorites` (a path inside the `/api` router) as the full path.
fn api(route: &str) -> String {
    format!("/api{route}")
}

/// The `{name}` holes of a path or query template.
fn holes(template: &str) -> Vec<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

struct Doc {
    gen: SchemaGenerator,
    paths: Map<String, Value>,
}

/// The operation just added, to add to.
struct Op<'a> {
    op: &'a mut Map<String, Value>,
    gen: &'a mut SchemaGenerator,
}

impl Doc {
    fn new() -> Doc {
        let gen = SchemaSettings::draft2020_12()
            .with(|s| s.definitions_path = "/components/schemas".into())
            .into_generator();
        Doc {
            gen,
            paths: Map::new(),
        }
    }

    /// A new operation (or the existing one, for a second template of the same route).
    fn op(&mut self, method: &str, template: &str, summary: &str) -> Op<'_> {
        let (path, query) = template.split_once('?').unwrap_or((template, ""));
        let item = self
            .paths
            .entry(path.to_owned())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .unwrap();
        let fresh = !item.contains_key(&method.to_ascii_lowercase());
        let op = item
            .entry(method.to_ascii_lowercase())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .unwrap();
        if fresh {
            let error = self.gen.subschema_for::<ErrorBody>();
            op.insert("summary".into(), summary.into());
            op.insert("parameters".into(), json!([]));
            op.insert(
                "responses".into(),
                json!({ "default": {
                    "description": "An error, in the one JSON error shape.",
                    "content": { "application/json": { "schema": error } },
                } }),
            );
            for name in holes(path) {
                let schema = path_schema(name);
                params(op).push(json!({
                    "name": name, "in": "path", "required": true, "schema": schema,
                }));
            }
        }
        let query_holes = holes(query);
        let mut op = Op {
            op,
            gen: &mut self.gen,
        };
        for name in query_holes {
            op.query_param(name, "");
        }
        op
    }

    /// A read of the contract: `GET`, answering 200 with its payload.
    fn read<T: JsonSchema>(&mut self, endpoint: &Endpoint<T>, summary: &str) -> Op<'_> {
        let mut op = self.op("GET", endpoint.template.0, summary);
        op.op
            .entry("operationId")
            .or_insert_with(|| endpoint.name.into());
        op.json_response::<T>(200);
        op
    }

    /// A write taking a JSON body (or the same fields as an HTML form).
    fn write<B: JsonSchema, T: JsonSchema>(
        &mut self,
        (method, path): (&str, &str),
        summary: &str,
        status: u16,
    ) -> Op<'_> {
        let mut op = self.op(method, path, summary);
        let body = op.gen.subschema_for::<B>();
        op.op.insert(
            "requestBody".into(),
            json!({ "required": true, "content": {
                "application/json": { "schema": body },
                "application/x-www-form-urlencoded": { "schema": body },
            } }),
        );
        op.json_response::<T>(status);
        op
    }

    /// A write without a body.
    fn bodiless<T: JsonSchema>(
        &mut self,
        (method, path): (&str, &str),
        summary: &str,
        status: u16,
    ) -> Op<'_> {
        let mut op = self.op(method, path, summary);
        op.json_response::<T>(status);
        op
    }

    /// A write answering 204 without a body.
    fn empty(&mut self, (method, path): (&str, &str), summary: &str) -> Op<'_> {
        let op = self.op(method, path, summary);
        responses(op.op).insert("204".into(), json!({ "description": "Done." }));
        op
    }

    /// A browser navigation answered with a redirect.
    fn redirect(&mut self, (method, path): (&str, &str), summary: &str) -> Op<'_> {
        let mut op = self.op(method, path, summary);
        op.redirects();
        op
    }

    fn document_itself(&mut self) {
        let op = self.op("GET", OPENAPI_PATH, "This description (OpenAPI 3.1).");
        responses(op.op).insert(
            "200".into(),
            json!({ "description": "The description.", "content": { "application/json": { "schema": { "type": "object" } } } }),
        );
    }

    fn finish(mut self) -> Value {
        let schemas = self.gen.take_definitions(true);
        json!({
            "openapi": "3.1.0",
            "info": {
                "title": "Sound Atlas API",
                "version": env!("CARGO_PKG_VERSION"),
                "description": "Every /api route of Sound Atlas. Generated from crates/contract, \
                    the same source as the UI's TypeScript types (ui/src/generated/contract.ts). \
                    Every error answers {status, error, message}.",
            },
            "paths": self.paths,
            "components": {
                "schemas": schemas,
                "securitySchemes": {
                    "session": {
                        "type": "apiKey",
                        "in": "cookie",
                        "name": SESSION_COOKIE,
                        "description": "The session cookie set by signing in.",
                    },
                },
            },
        })
    }
}

impl Op<'_> {
    fn json_response<T: JsonSchema>(&mut self, status: u16) {
        let schema = self.gen.subschema_for::<T>();
        responses(self.op).insert(
            status.to_string(),
            json!({ "description": "Done.", "content": { "application/json": { "schema": schema } } }),
        );
    }

    /// A second success status with the same body as the first.
    fn also(self, status: u16) -> Self {
        let first = responses(self.op)
            .iter()
            .find(|(code, _)| *code != "default")
            .map(|(_, response)| response.clone())
            .expect("a success response first");
        responses(self.op).insert(status.to_string(), first);
        self
    }

    /// Form posts (from the emailed links' pages) are answered with a redirect.
    fn form_redirect(mut self) -> Self {
        self.redirects();
        self
    }

    fn redirects(&mut self) {
        responses(self.op).insert(
            "303".into(),
            json!({ "description": "Go on to the page named in Location.",
                    "headers": { "Location": { "schema": { "type": "string" } } } }),
        );
    }

    fn query(mut self, names: &[(&str, &str)]) -> Self {
        for (name, description) in names {
            self.query_param(name, description);
        }
        self
    }

    fn query_param(&mut self, name: &str, description: &str) {
        let list = params(self.op);
        if list.iter().any(|p| p["name"] == name && p["in"] == "query") {
            return;
        }
        // Query strings are read leniently and checked by the handler (400 when wrong),
        // so every parameter is optional text; numbers are described as integers.
        let schema = match name {
            "page" | "folderId" => json!({ "type": "integer" }),
            "refresh" => json!({ "type": "string", "enum": ["true", "false"] }),
            _ => json!({ "type": "string" }),
        };
        let mut param = json!({ "name": name, "in": "query", "required": false, "schema": schema });
        if !description.is_empty() {
            param["description"] = description.into();
        }
        list.push(param);
    }

    fn signed_in(self) -> Self {
        self.op
            .insert("security".into(), json!([{ "session": [] }]));
        self
    }
}

fn responses(op: &mut Map<String, Value>) -> &mut Map<String, Value> {
    op.get_mut("responses").unwrap().as_object_mut().unwrap()
}

fn params(op: &mut Map<String, Value>) -> &mut Vec<Value> {
    op.get_mut("parameters").unwrap().as_array_mut().unwrap()
}

/// Ids are whole numbers (anything else names nothing: 404); other holes are text.
fn path_schema(name: &str) -> Value {
    match name {
        "id" | "artistId" => json!({ "type": "integer" }),
        _ => json!({ "type": "string" }),
    }
}

/// Every (method, path) described, e.g. ("GET", "/api/artists/{id}").
pub fn operations(document: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(paths) = document["paths"].as_object() {
        for (path, item) in paths {
            for method in item.as_object().into_iter().flat_map(|m| m.keys()) {
                out.push((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_contract_read_is_described_with_its_payload() {
        let doc = document();
        let artist = &doc["paths"]["/api/artists/{id}"]["get"];
        assert_eq!(artist["operationId"], "artist");
        assert_eq!(
            artist["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/Artist"
        );
        assert!(doc["components"]["schemas"]["Artist"]["properties"]["imageUrl"].is_object());
    }

    #[test]
    fn query_holes_of_templates_become_parameters_and_same_routes_merge() {
        let doc = document();
        let names: Vec<&str> = doc["paths"]["/api/articles"]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["category"]);
        let browse: Vec<&str> = doc["paths"]["/api/artists/browse"]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(browse, ["letter", "page", "refresh"]);
    }

    #[test]
    fn every_error_is_the_one_error_shape() {
        let doc = document();
        for (method, path) in operations(&doc) {
            let op = &doc["paths"][&path][method.to_ascii_lowercase()];
            assert_eq!(
                op["responses"]["default"]["content"]["application/json"]["schema"]["$ref"],
                "#/components/schemas/ErrorBody",
                "{method} {path}"
            );
        }
        let required = &doc["components"]["schemas"]["ErrorBody"]["required"];
        assert_eq!(required, &json!(["status", "error", "message"]));
    }

    #[test]
    fn writes_carry_their_body_and_signed_in_routes_their_cookie() {
        let doc = document();
        let add = &doc["paths"]["/api/favorites"]["post"];
        assert_eq!(
            add["requestBody"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/NewFavorite"
        );
        assert_eq!(add["security"], json!([{ "session": [] }]));
        assert!(add["responses"]["201"].is_object() && add["responses"]["200"].is_object());
        assert!(doc["paths"]["/api/user"]["get"]["security"].is_null());
    }
}
