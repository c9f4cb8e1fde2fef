//! A page's reads, made through the API itself. Each page route of the contract names
//! the reads its first HTML carries (`PageRoute::reads`, and `VIEWER_READS` for a
//! signed-in visitor); a handler says what the page's values are where it reads one
//! leniently, and [`PageReads::fill`] makes the reads in process through the `/api`
//! router every browser call goes through. A page's state so holds exactly what the
//! browser would get under the same keys, errors included, and no handler repeats an
//! API handler's work.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use axum::http::{Request, StatusCode};
use axum::Router;
use futures_util::future::join_all;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use sound_atlas_contract::catalog::PageSpan;
use sound_atlas_contract::pages::{PageRead, PageRoute, When, PAGE_HOLE, VIEWER_READS};
use sound_atlas_contract::render::Prefetched;
use sound_atlas_contract::{encode_uri_component, ApiPath, Endpoint, Template};
use sound_atlas_web::{decode_path_value, ApiError, QueryParams};
use tower::ServiceExt;
use tracing::Instrument;

use crate::render::ViewerReads;

/// The `/api` router, for the pages' reads in process: the app puts it on every page
/// request.
#[derive(Clone)]
pub struct Api(pub Router);

/// What a page request's reads take their values from: its path holes and query
/// parameters (a handler may replace one with the value it reads leniently), its
/// session (a signed-in visitor's reads are theirs), and the reads it already carries.
pub struct PageReads {
    api: Api,
    session: Option<tower_sessions::Session>,
    values: HashMap<String, String>,
    carried: Option<Arc<Vec<Prefetched>>>,
}

impl<S: Send + Sync> FromRequestParts<S> for PageReads {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        let Ok(QueryParams(mut values)) = QueryParams::from_request_parts(parts, state).await;
        if let Ok(holes) = RawPathParams::from_request_parts(parts, state).await {
            for (name, raw) in &holes {
                values.insert(name.to_owned(), decode_path_value(raw));
            }
        }
        Ok(PageReads {
            api: parts
                .extensions
                .get::<Api>()
                .expect("pages are served under the layer that lends them the API")
                .clone(),
            session: parts.extensions.get::<tower_sessions::Session>().cloned(),
            values,
            carried: parts
                .extensions
                .get::<ViewerReads>()
                .map(ViewerReads::reads),
        })
    }
}

impl PageReads {
    /// The request's value of `name` (a path hole or a query parameter), as sent.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The page's value of `name` is `value` (what the page makes of the request's).
    pub fn with(mut self, name: &str, value: impl std::fmt::Display) -> Self {
        self.values.insert(name.to_owned(), value.to_string());
        self
    }

    /// Makes `route`'s reads: the first, and side by side with it the rest that take
    /// nothing from its answer (so a page waits for one round of reads, not two; one
    /// made only when the first answered is dropped when it did not); then those that
    /// take a value from the first answer; then those made instead of another. With
    /// `refresh=true` the first is made alone, so the rest read the data it refreshed.
    /// Values come only from the route's path holes and the query parameters it reads,
    /// so the page is the same for every request its render is cached for. A read the
    /// request already carries (a signed-in visitor's) is not made again.
    pub async fn fill(self, route: &PageRoute) -> PageAnswers {
        let holes = route.path.holes();
        let values: HashMap<String, String> = self
            .values
            .iter()
            .filter(|(name, _)| {
                holes.contains(&name.as_str()) || route.query.contains(&name.as_str())
            })
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        let span = PageSpan::lenient(
            values.get("page").map(String::as_str),
            values.get("from").map(String::as_str),
        );
        let refresh = values.get("refresh").is_some_and(|value| value == "true");
        let Some((first, rest)) = route.reads.split_first() else {
            return PageAnswers {
                own: Vec::new(),
                carried: self.carried,
            };
        };
        let this = Arc::new(self);
        let values = Arc::new(values);
        let instead = |read: &PageRead| matches!(read.when, When::InsteadOf(_));
        let beside_first =
            |read: &PageRead| !refresh && read.from_first_answer.is_none() && !instead(read);
        let reads = || rest.iter().copied().enumerate();
        // Started before the first is made, which holds this task until it waits.
        let early = on_tasks(
            &this,
            &values,
            span,
            refresh,
            None,
            reads().filter(|(_, read)| beside_first(read)),
        );
        let first_made = this.make(first, &values, span, refresh, None).await;
        let early = joined(early).await;
        let answered = first_made.first().filter(|a| is_success(a.status()));
        let waits = |read: &PageRead| read.when == When::FirstAnswered && answered.is_none();
        let mut rest_made = vec![Vec::new(); rest.len()];
        for (i, made) in early {
            if !waits(&rest[i]) {
                rest_made[i] = made;
            }
        }
        let after_first =
            reads().filter(|(_, read)| !beside_first(read) && !instead(read) && !waits(read));
        let after_first = on_tasks(&this, &values, span, refresh, answered, after_first);
        for (i, made) in joined(after_first).await {
            rest_made[i] = made;
        }
        for (i, read) in rest.iter().enumerate() {
            let When::InsteadOf(other) = read.when else {
                continue;
            };
            let shown = std::iter::once((first, &first_made))
                .chain(rest.iter().zip(&rest_made))
                .any(|(earlier, made)| {
                    earlier.operation.name == other
                        && !made.is_empty()
                        && !made.iter().any(|answer| is_refusal(answer.status()))
                });
            if !shown {
                rest_made[i] = this.make(read, &values, span, refresh, answered).await;
            }
        }
        let own = route
            .reads
            .iter()
            .zip(std::iter::once(first_made).chain(rest_made))
            .flat_map(|(read, made)| made.into_iter().map(|a| (read.operation.name, a)))
            .collect();
        PageAnswers {
            own,
            carried: this.carried.clone(),
        }
    }

    /// Makes the reads every page carries for a signed-in visitor.
    pub async fn fill_viewer(&self) -> Vec<Prefetched> {
        let none = HashMap::new();
        let span = PageSpan::lenient(None, None);
        let made = join_all(
            VIEWER_READS
                .iter()
                .map(|read| self.make(read, &none, span, false, None)),
        )
        .await;
        made.into_iter().flatten().collect()
    }

    /// The calls of one read: each page of `span` in turn for a paged one (stopping
    /// after the first that fails), else one; none when a hole has no value. The page's
    /// `refresh=true` goes with the first call of a read that takes it.
    async fn make(
        &self,
        read: &PageRead,
        values: &HashMap<String, String>,
        span: PageSpan,
        refresh: bool,
        first: Option<&Prefetched>,
    ) -> Vec<Prefetched> {
        let template = read.operation.template;
        let mut filled: Vec<String> = Vec::new();
        let mut paged = false;
        for hole in template.holes() {
            let value = match read.from_first_answer {
                Some((from, field)) if from == hole => first
                    .and_then(|answer| text_field(answer, field))
                    .map(|text| text.trim().to_owned())
                    .filter(|text| !text.is_empty()),
                _ if hole == PAGE_HOLE => {
                    paged = true;
                    Some(String::new())
                }
                _ => values.get(hole).cloned(),
            };
            let Some(value) = value else {
                return Vec::new();
            };
            filled.push(value);
        }
        let refresh = refresh
            && read
                .operation
                .query
                .iter()
                .any(|(name, _)| *name == "refresh");
        let pages = if paged { span.from..=span.page } else { 1..=1 };
        let mut answers = Vec::new();
        for (n, page) in pages.enumerate() {
            let key = fill(template, &filled, page);
            if self.carried_has(&key) {
                continue;
            }
            let answer = self.call(key, refresh && n == 0).await;
            let failed = !is_success(answer.status());
            answers.push(answer);
            if failed {
                break;
            }
        }
        answers
    }

    fn carried_has(&self, key: &str) -> bool {
        self.carried
            .as_ref()
            .is_some_and(|carried| carried.iter().any(|read| read.key() == key))
    }

    /// One `GET` through the API router, with the page request's session; the answer
    /// keyed by `key` (without `refresh`, as the browser's query keys are).
    async fn call(&self, key: String, refresh: bool) -> Prefetched {
        let uri = match (refresh, key.contains('?')) {
            (false, _) => key.clone(),
            (true, true) => format!("{key}&refresh=true"),
            (true, false) => format!("{key}?refresh=true"),
        };
        let mut request = Request::get(uri)
            .body(Body::empty())
            .expect("an API path is a valid URI");
        if let Some(session) = &self.session {
            request.extensions_mut().insert(session.clone());
        }
        let Ok(response) = self.api.0.clone().oneshot(request).await;
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .map_err(|err| err.to_string())
            .and_then(|bytes| {
                // Checked as JSON, not read into values: the state carries these bytes.
                serde_json::from_slice::<&RawValue>(&bytes)
                    .map(RawValue::to_owned)
                    .map_err(|err| err.to_string())
            });
        match body {
            Ok(body) => Prefetched::answered(key, status, body),
            Err(cause) => {
                // (never the key in the log: it may hold a visitor's search)
                let error = ApiError::internal(format!("a page's API read: {cause}"));
                let body = error.body();
                Prefetched::answered(
                    key,
                    body.status,
                    serde_json::value::to_raw_value(&body).expect("an error body serializes"),
                )
            }
        }
    }
}

/// A page's reads made on tasks of their own, each answer with its read's index.
type ReadTasks = tokio::task::JoinSet<(usize, Vec<Prefetched>)>;

/// Starts `reads` (each with its index among the page's) on tasks of their own, so the
/// runtime's threads share their work.
fn on_tasks(
    this: &Arc<PageReads>,
    values: &Arc<HashMap<String, String>>,
    span: PageSpan,
    refresh: bool,
    first: Option<&Prefetched>,
    reads: impl Iterator<Item = (usize, PageRead)>,
) -> ReadTasks {
    let mut tasks = ReadTasks::new();
    for (i, read) in reads {
        let (this, values, first) = (Arc::clone(this), Arc::clone(values), first.cloned());
        let task = async move {
            let made = this
                .make(&read, &values, span, refresh, first.as_ref())
                .await;
            (i, made)
        };
        // In the request's span, as when the reads were its own task's: their logs name it.
        tasks.spawn(task.in_current_span());
    }
    tasks
}

/// The answers of reads started [`on_tasks`].
async fn joined(mut tasks: ReadTasks) -> Vec<(usize, Vec<Prefetched>)> {
    let mut made = Vec::new();
    while let Some(task) = tasks.join_next().await {
        match task {
            Ok(read) => made.push(read),
            Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
            // Cancelled: the runtime is shutting down (a drain's end), and the page with it.
            Err(_) => {}
        }
    }
    made
}

/// A page's answers, in the order its route declares its reads.
pub struct PageAnswers {
    own: Vec<(&'static str, Prefetched)>,
    carried: Option<Arc<Vec<Prefetched>>>,
}

impl PageAnswers {
    /// The status of the page's first read (its first failing page for a paged one):
    /// the page's own status where the page is that read's subject.
    pub fn status(&self) -> StatusCode {
        let first = self.own.first().map(|(name, _)| *name);
        self.own
            .iter()
            .take_while(|(name, _)| Some(*name) == first)
            .map(|(_, answer)| answer.status())
            .find(|status| !is_success(*status))
            .and_then(|status| StatusCode::from_u16(status).ok())
            .unwrap_or(StatusCode::OK)
    }

    /// The answer at `path`, the page's own or one it carries, when it succeeded.
    pub fn get<T: DeserializeOwned>(&self, path: &ApiPath<T>) -> Option<T> {
        let carried = self.carried.iter().flat_map(|carried| carried.iter());
        self.own
            .iter()
            .map(|(_, answer)| answer)
            .chain(carried)
            .find(|answer| answer.key() == path.as_str())
            .and_then(decode)
    }

    /// The successful answers of one operation, in order (the pages of a paged read).
    pub fn all<T: DeserializeOwned>(&self, operation: &Endpoint<T>) -> Vec<T> {
        self.own
            .iter()
            .filter(|(name, _)| *name == operation.name)
            .filter_map(|(_, answer)| decode(answer))
            .collect()
    }

    pub fn into_prefetched(self) -> Vec<Prefetched> {
        self.own.into_iter().map(|(_, answer)| answer).collect()
    }
}

/// The read's key: `template` with `values` in its holes, `page` in its page hole.
fn fill(template: Template, values: &[String], page: usize) -> String {
    let page = page.to_string();
    let holes: Vec<&dyn std::fmt::Display> = template
        .holes()
        .iter()
        .zip(values)
        .map(|(hole, value)| -> &dyn std::fmt::Display {
            if *hole == PAGE_HOLE {
                &page
            } else {
                value
            }
        })
        .collect();
    template.fill_with(&holes, encode_uri_component)
}

fn decode<T: DeserializeOwned>(answer: &Prefetched) -> Option<T> {
    if !is_success(answer.status()) {
        return None;
    }
    serde_json::from_str(answer.body().get())
        .inspect_err(|_| tracing::error!("a page read's answer does not decode as its type"))
        .ok()
}

/// The text of the top-level `field` of a successful answer's JSON object.
fn text_field(answer: &Prefetched, field: &str) -> Option<String> {
    let fields: HashMap<String, &RawValue> = serde_json::from_str(answer.body().get()).ok()?;
    serde_json::from_str(fields.get(field)?.get()).ok()
}

fn is_success(status: u16) -> bool {
    (200..300).contains(&status)
}

fn is_refusal(status: u16) -> bool {
    (400..500).contains(&status)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::time::Duration;

    use axum::extract::Path;
    use axum::routing::get;
    use axum::Json;
    use serde_json::json;
    use sound_atlas_contract::pages::routes;
    use tokio::sync::Notify;

    use super::*;

    /// An `/api` router for an artist's page whose artist is answered only once the
    /// artist's details have been asked for: made one after the other, the page's reads
    /// never finish. Artist 1 exists and names a channel; any other is not found. It
    /// records the paths asked, in order.
    fn api_answering_the_artist_after_its_details() -> (Api, Arc<Mutex<Vec<String>>>) {
        let details_asked = Arc::new(Notify::new());
        let asked = Arc::new(Mutex::new(Vec::new()));
        let record = |asked: &Arc<Mutex<Vec<String>>>, path: String| {
            asked.lock().expect("not poisoned").push(path)
        };
        let router = Router::new()
            .route(
                "/api/artists/{id}",
                get({
                    let (details_asked, asked) = (details_asked.clone(), asked.clone());
                    move |Path(id): Path<u32>| async move {
                        details_asked.notified().await;
                        record(&asked, format!("artist {id}"));
                        match id {
                            1 => (StatusCode::OK, Json(json!({ "id": 1, "soloVideoLink": " https://video.example/c/1 " }))),
                            _ => (StatusCode::NOT_FOUND, Json(json!({ "error": "Artist not found" }))),
                        }
                    }
                }),
            )
            .route(
                "/api/artists/{id}/details",
                get({
                    let (details_asked, asked) = (details_asked.clone(), asked.clone());
                    move || async move {
                        record(&asked, "details".to_owned());
                        details_asked.notify_one();
                        Json(json!({}))
                    }
                }),
            )
            .route(
                "/api/artist/channel-videos",
                get({
                    let asked = asked.clone();
                    move |QueryParams(query): QueryParams| async move {
                        record(&asked, format!("videos of {}", query["url"]));
                        Json(json!([]))
                    }
                }),
            )
            .fallback(|| async { Json(json!([])) });
        (Api(router), asked)
    }

    async fn artist_page_reads(id: &str) -> (PageAnswers, Vec<String>) {
        let (api, asked) = api_answering_the_artist_after_its_details();
        let reads = PageReads {
            api,
            session: None,
            values: HashMap::from([("id".to_owned(), id.to_owned())]),
            carried: None,
        };
        let answers = tokio::time::timeout(Duration::from_secs(10), reads.fill(&routes::ARTIST))
            .await
            .expect("the artist is read beside its details, not before them");
        let asked = asked.lock().expect("not poisoned").clone();
        (answers, asked)
    }

    #[tokio::test]
    async fn reads_that_take_nothing_from_the_first_answer_are_made_beside_it() {
        let (answers, asked) = artist_page_reads("1").await;
        assert_eq!(answers.status(), StatusCode::OK);
        // The channel's videos take the artist's `soloVideoLink`: asked after it.
        assert_eq!(
            asked,
            ["details", "artist 1", "videos of https://video.example/c/1"]
        );
        let keys: Vec<String> = answers
            .into_prefetched()
            .iter()
            .map(|answer| answer.key().to_owned())
            .collect();
        assert_eq!(
            keys,
            [
                "/api/artists/1",
                "/api/artists/1/neighbors",
                "/api/artists/1/related",
                "/api/artists/1/details",
                "/api/artists/1/genres",
                "/api/artist/channel-videos?url=https%3A%2F%2Fvideo.example%2Fc%2F1",
            ]
        );
    }

    #[tokio::test]
    async fn a_page_whose_first_read_is_refused_carries_that_answer_alone() {
        let (answers, asked) = artist_page_reads("2").await;
        assert_eq!(answers.status(), StatusCode::NOT_FOUND);
        assert_eq!(asked, ["details", "artist 2"]);
        let keys: Vec<String> = answers
            .into_prefetched()
            .iter()
            .map(|answer| answer.key().to_owned())
            .collect();
        assert_eq!(keys, ["/api/artists/2"]);
    }

    /// Three blocking handlers, the first read's and two beside it, that each wait (up
    /// to 20 s) for the others to arrive: they meet only when the reads beside the first
    /// are started before it is made, and on the runtime's two threads at once (the
    /// first is made on the test's own thread).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn reads_beside_the_first_start_before_it_on_the_runtimes_threads_at_once() {
        let arrived = Arc::new((Mutex::new(0), std::sync::Condvar::new()));
        let met = Arc::new(Mutex::new(Vec::new()));
        let meet = {
            let (arrived, met) = (arrived.clone(), met.clone());
            move || {
                let (count, turn) = &*arrived;
                let mut count = count.lock().expect("not poisoned");
                *count += 1;
                turn.notify_all();
                let (count, _) = turn
                    .wait_timeout_while(count, Duration::from_secs(20), |count| *count < 3)
                    .expect("not poisoned");
                met.lock().expect("not poisoned").push(*count == 3);
            }
        };
        let router = Router::new()
            .route(
                "/api/artists/{id}",
                get({
                    let meet = meet.clone();
                    move || async move {
                        meet();
                        Json(json!({ "id": 1 }))
                    }
                }),
            )
            .route(
                "/api/artists/{id}/neighbors",
                get({
                    let meet = meet.clone();
                    move || async move {
                        meet();
                        Json(json!([]))
                    }
                }),
            )
            .route(
                "/api/artists/{id}/related",
                get(move || async move {
                    meet();
                    Json(json!([]))
                }),
            )
            .fallback(|| async { Json(json!([])) });
        let reads = PageReads {
            api: Api(router),
            session: None,
            values: HashMap::from([("id".to_owned(), "1".to_owned())]),
            carried: None,
        };
        assert_eq!(reads.fill(&routes::ARTIST).await.status(), StatusCode::OK);
        assert_eq!(*met.lock().expect("not poisoned"), [true, true, true]);
    }
}
