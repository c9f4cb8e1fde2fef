//! The OpenAPI 3.1 description of every `/api` operation (served at `/api/openapi.json`).
//!
//! Generated from the operations' declarations ([`crate::operations`]), the same
//! source as the UI's client and the server's routes: methods, paths, parameters, bodies,
//! success statuses and access are never restated here. Payload schemas come from the
//! same serde types (`schemars::JsonSchema` derived next to `ts_rs::TS`).
//!
//! Every error is the one JSON shape ([`ErrorBody`]), the `default` response of every
//! operation. The server's test walks its router and fails when it serves an `/api` route
//! (path and method) this description does not have, or the reverse.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde::Serialize;
use serde_json::{json, Map, Value};
use ts_rs::TS;

use crate::error::ErrorBody;
use crate::operation::{Access, Answer, Endpoint, OperationInfo};

/// This description, as an operation of its own.
pub const DESCRIPTION: Endpoint<Description> = Endpoint::get(
    "openApiDescription",
    "/api/openapi.json",
    "This description (OpenAPI 3.1).",
);

/// The description document (an OpenAPI 3.1 object).
#[derive(Debug, Clone, Serialize, TS, JsonSchema)]
pub struct Description(
    #[ts(type = "Record<string, unknown>")]
    #[schemars(with = "Map<String, Value>")]
    pub Value,
);

/// The session cookie (`__Host-sa_session` when the site is served over https).
const SESSION_COOKIE: &str = "sa_session";

/// The description as JSON.
pub fn document() -> Value {
    let mut doc = Doc::new();
    for op in crate::operations() {
        doc.add(&op);
    }
    doc.finish()
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

    /// One declared operation (a second template of the same route adds its parameters).
    fn add(&mut self, info: &OperationInfo) {
        let mut op = self.op(info.method.as_str(), info.template.0, info.summary);
        op.op
            .entry("operationId")
            .or_insert_with(|| info.name.into());
        for (name, description) in info.query {
            op.query_param(name, description);
        }
        if let Some(body) = info.body_schema(op.gen) {
            op.op.insert(
                "requestBody".into(),
                json!({ "required": true, "content": {
                    "application/json": { "schema": body },
                    "application/x-www-form-urlencoded": { "schema": body },
                } }),
            );
        }
        let statuses = std::iter::once(info.status).chain(info.also);
        match info.answer {
            Answer::Json => {
                let schema = info.answer_schema(op.gen).expect("a JSON answer");
                for status in statuses {
                    responses(op.op).insert(
                        status.to_string(),
                        json!({ "description": "Done.", "content": { "application/json": { "schema": schema } } }),
                    );
                }
            }
            Answer::NoContent => {
                responses(op.op).insert(info.status.to_string(), json!({ "description": "Done." }));
            }
            Answer::Redirect => op.redirects(),
        }
        if info.form_redirect {
            op.redirects();
        }
        if info.access == Access::SignedIn {
            op.op.insert("security".into(), json!([{ "session": [] }]));
        }
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
    fn redirects(&mut self) {
        responses(self.op).insert(
            "303".into(),
            json!({ "description": "Go on to the page named in Location.",
                    "headers": { "Location": { "schema": { "type": "string" } } } }),
        );
    }

    fn query_param(&mut self, name: &str, description: &str) {
        let list = params(self.op);
        if let Some(known) = list
            .iter_mut()
            .find(|p| p["name"] == name && p["in"] == "query")
        {
            if !description.is_empty() {
                known["description"] = description.into();
            }
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
