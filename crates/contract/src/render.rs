//! The render envelope: what the server hands the JavaScript engine's `render`
//! (ui/src/entry.server.tsx) and what `render` answers, and the page state the server
//! also writes into the document for the browser (ui/src/entry.client.tsx). The server
//! writes and reads these types with serde; the UI reads the generated TypeScript, so
//! neither side defaults or second-guesses a field.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;

/// The `id` of the document's `<script type="application/json">` that holds its
/// [`RenderState`].
pub const STATE_ELEMENT_ID: &str = "sa-state";

/// The answer of one API read, as the browser's query cache will hold it.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct Prefetched {
    /// The API path, which is also the query key.
    key: String,
    /// The answer's HTTP status: a 2xx body is the payload, any other the `ErrorBody`.
    status: u16,
    /// The answer's JSON as the API wrote it: the page's state carries these bytes
    /// without reading them into values and writing them out again.
    #[ts(type = "unknown")]
    body: Box<RawValue>,
}

impl Prefetched {
    /// An answer as the API gave it: its status and its JSON body (the payload, or the
    /// one JSON error shape).
    pub fn answered(key: String, status: u16, body: Box<RawValue>) -> Self {
        Prefetched { key, status, body }
    }

    /// The query key (the API path).
    pub fn key(&self) -> &str {
        &self.key
    }

    pub fn status(&self) -> u16 {
        self.status
    }

    /// The payload (a 2xx status) or the `ErrorBody`, as JSON text.
    pub fn body(&self) -> &RawValue {
        &self.body
    }
}

/// What the React tree starts from on both sides: the engine renders from it, and the
/// server writes it into the document (as JSON, in [`STATE_ELEMENT_ID`]) for the
/// browser to hydrate from.
#[derive(Debug, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RenderState {
    /// The page's `Prefetched` reads, serialized once (the render cache keys its
    /// documents by these bytes).
    #[ts(type = "Prefetched[]")]
    pub prefetched: Box<RawValue>,
    /// When the data was read (ms since the epoch), so the client's freshness clock agrees.
    pub fetched_at: i64,
    /// For the footer's copyright line: the same year on server and client.
    pub year: i32,
    /// Today's date (UTC, YYYY-MM-DD), for "last updated" on the legal pages: the same
    /// date on server and client.
    pub today: String,
    /// The public origin (`https://soundatlas.example`), for share links and absolute URLs.
    pub origin: String,
    /// The data saver is on for this request (`Save-Data: on` or the visitor's switch).
    pub data_saver: bool,
    /// Marketplace links carry an affiliate tag (the affiliate notices show only then).
    pub affiliate: bool,
    /// Brand New Songs' window in weeks (the deployment's setting): with `today`, the
    /// strip tells new songs from the latest it has, alike on server and client.
    pub new_songs_window_weeks: u32,
}

/// What the server asks of the engine's `render`: one page's markup.
#[derive(Debug, Serialize, TS)]
pub struct RenderRequest<'a> {
    /// The page's own URL (its path and the query parameters its route reads).
    pub url: &'a str,
    pub state: &'a RenderState,
}

/// What the engine's `render` answers.
#[derive(Debug, Default, PartialEq, Eq, Deserialize, TS)]
pub struct RenderOutput {
    /// The React tree's markup, for the document's `#root`.
    pub html: String,
    /// The lazily loaded modules the page rendered: the document preloads their files.
    pub modules: Vec<String>,
    /// Query keys the tree read that were not prefetched (each a loading state in the
    /// markup).
    pub missed: Vec<String>,
    /// Prefetched keys the tree never read (data sent for nothing).
    pub unread: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{api::NEIGHBORS, Neighbors};

    #[test]
    fn a_read_is_seeded_as_its_key_status_and_body() {
        let neighbors = Neighbors {
            position: 1,
            total: 2,
            previous_id: 8,
            next_id: 8,
        };
        let body = serde_json::value::to_raw_value(&neighbors).unwrap();
        let key = NEIGHBORS.path(&[&7]).into_string();
        let ok = Prefetched::answered(key, 200, body.clone());
        assert_eq!(
            (ok.key(), ok.status(), ok.body().get()),
            ("/api/artists/7/neighbors", 200, body.get())
        );
        assert_eq!(
            serde_json::to_value(&ok).unwrap(),
            serde_json::json!({ "key": "/api/artists/7/neighbors", "status": 200, "body": neighbors })
        );
    }

    #[test]
    fn the_request_carries_the_state_as_the_document_does() {
        let reads = vec![Prefetched {
            key: "/api/x".into(),
            status: 200,
            body: RawValue::from_string(r#"[1,"</script>"]"#.into()).unwrap(),
        }];
        let state = RenderState {
            prefetched: serde_json::value::to_raw_value(&reads).unwrap(),
            fetched_at: 1_763_740_000_000,
            year: 2026,
            today: "2026-01-02".into(),
            origin: "https://soundatlas.test".into(),
            data_saver: true,
            affiliate: false,
            new_songs_window_weeks: 8,
        };
        let document = serde_json::to_value(&state).unwrap();
        assert_eq!(
            document,
            serde_json::json!({
                "prefetched": [{ "key": "/api/x", "status": 200, "body": [1, "</script>"] }],
                "fetchedAt": 1_763_740_000_000_i64,
                "year": 2026,
                "today": "2026-01-02",
                "origin": "https://soundatlas.test",
                "dataSaver": true,
                "affiliate": false,
                "newSongsWindowWeeks": 8,
            })
        );
        let request = RenderRequest {
            url: "/artist/1?list=favorites",
            state: &state,
        };
        assert_eq!(
            serde_json::to_value(&request).unwrap(),
            serde_json::json!({ "url": "/artist/1?list=favorites", "state": document })
        );
        // The document's copy reads back as the same state, its reads byte for byte.
        let json = serde_json::to_string(&state).unwrap();
        let read_back: RenderState = serde_json::from_str(&json).unwrap();
        assert_eq!(read_back.prefetched.get(), state.prefetched.get());
        assert_eq!(serde_json::to_string(&read_back).unwrap(), json);
    }

    #[test]
    fn an_answer_missing_a_field_is_unreadable() {
        let full =
            r#"{"html":"<p></p>","modules":["artist-page"],"missed":[],"unread":["/api/x"]}"#;
        let output: RenderOutput = serde_json::from_str(full).unwrap();
        assert_eq!(output.modules, ["artist-page"]);
        assert_eq!(output.unread, ["/api/x"]);
        assert!(serde_json::from_str::<RenderOutput>(r#"{"html":"<p></p>"}"#).is_err());
    }
}
