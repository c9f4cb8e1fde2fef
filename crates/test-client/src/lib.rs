//! Tests' HTTP client: requests to an app's router in process ([`send`]), one [`Answer`]
//! shape, a [`Browser`] that keeps its session cookie between requests, and typed calls
//! by the contract's operations ([`Browser::call`]): a test names the operation, not its
//! method and path, and reads the answer as the operation's type.

use std::fmt::Display;
use std::future::Future;
use std::marker::PhantomData;
use std::net::SocketAddr;

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{header, request, Extensions, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sound_atlas_contract::{encode_uri_component, ApiPath, Operation};
use tower::ServiceExt;

/// The host the tests' requests name.
pub const HOST: &str = "soundatlas.test";

/// One response, read whole.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    /// The body as text (lossy; see [`Answer::bytes`] for pictures).
    pub body: String,
    pub bytes: Bytes,
    /// What the app put on the response for its tests (a page's prefetch report).
    pub extensions: Extensions,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.bytes)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {}", self.body))
    }

    /// The error shape's `message` ("" when there is none).
    pub fn message(&self) -> String {
        self.json()["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub fn header(&self, name: impl header::AsHeaderName) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }
}

/// The answer of a typed call: an [`Answer`] whose JSON reads as the operation's `T`.
pub struct Called<T> {
    pub answer: Answer,
    answers: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Called<T> {
    /// The answer as the operation's type (panics, with the body, when it is not one).
    pub fn value(&self) -> T {
        serde_json::from_slice(&self.answer.bytes).unwrap_or_else(|err| {
            panic!("not the operation's answer ({err}): {}", self.answer.body)
        })
    }
}

impl<T> std::ops::Deref for Called<T> {
    type Target = Answer;

    fn deref(&self) -> &Answer {
        &self.answer
    }
}

/// Sends `request` to `app` and reads the whole response.
pub async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app
        .clone()
        .oneshot(request)
        .await
        .expect("the router answers");
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.expect("the body is read").to_bytes();
    Answer {
        status: parts.status,
        headers: parts.headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes,
        extensions: parts.extensions,
    }
}

/// `GET uri` without cookies.
pub async fn get(app: &Router, uri: &str) -> Answer {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

/// `GET` a read's filled path without cookies, its answer read as the read's `T`.
pub async fn read<T>(app: &Router, path: ApiPath<T>) -> Called<T> {
    Called {
        answer: get(app, path.as_str()).await,
        answers: PhantomData,
    }
}

/// One browser: its cookies kept between requests, its address as the client's, its
/// writes from the site's own pages (`Sec-Fetch-Site: same-origin`).
#[derive(Clone)]
pub struct Browser {
    app: Router,
    session_cookie: String,
    /// The session cookie's value, while the app has set one.
    pub cookie: Option<String>,
    /// The other cookies the app has set, by name.
    pub jar: std::collections::BTreeMap<String, String>,
    pub ip: SocketAddr,
}

impl Browser {
    /// A browser without cookies; the app names its session cookie `session_cookie`.
    pub fn new(app: Router, session_cookie: &str) -> Browser {
        Browser {
            app,
            session_cookie: session_cookie.to_owned(),
            cookie: None,
            jar: Default::default(),
            ip: SocketAddr::from(([127, 0, 0, 1], 40000)),
        }
    }

    /// A browser holding a session already: `pair` is the session cookie as a request
    /// sends it (`name=value`).
    pub fn with_session(app: Router, pair: &str) -> Browser {
        let (name, value) = pair.split_once('=').expect("a cookie is name=value");
        let mut browser = Browser::new(app, name);
        browser.cookie = Some(value.to_owned());
        browser
    }

    /// A request with `method` to `path`, a JSON body when given (a `GET` as a read).
    pub async fn ask(
        &mut self,
        method: &str,
        path: &str,
        json: Option<serde_json::Value>,
    ) -> Answer {
        match Method::from_bytes(method.as_bytes()).expect("an HTTP method") {
            Method::GET => self.get(path).await,
            method => self.write(method, path, json).await,
        }
    }

    /// A request to the site, as a browser would start it.
    pub fn request(method: Method, path: &str) -> request::Builder {
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, HOST)
    }

    pub async fn send(&mut self, mut request: Request<Body>) -> Answer {
        request.extensions_mut().insert(ConnectInfo(self.ip));
        let session = self
            .cookie
            .iter()
            .map(|value| (&self.session_cookie, value));
        let pairs: Vec<String> = session
            .chain(&self.jar)
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        if !pairs.is_empty() {
            request
                .headers_mut()
                .insert(header::COOKIE, pairs.join("; ").parse().unwrap());
        }
        let answer = send(&self.app, request).await;
        for set in answer.headers.get_all(header::SET_COOKIE) {
            let set = set.to_str().unwrap();
            let (pair, attributes) = set.split_once(';').unwrap_or((set, ""));
            let (name, value) = pair.split_once('=').unwrap();
            let removed = attributes.contains("Max-Age=0") || value.is_empty();
            let kept = (!removed).then(|| value.to_owned());
            if name == self.session_cookie {
                self.cookie = kept;
            } else if let Some(value) = kept {
                self.jar.insert(name.to_owned(), value);
            } else {
                self.jar.remove(name);
            }
        }
        answer
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.send(
            Self::request(Method::GET, path)
                .header("sec-fetch-site", "same-origin")
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    /// A script's write with a JSON body (`None`: no body).
    pub async fn write(
        &mut self,
        method: Method,
        path: &str,
        json: Option<serde_json::Value>,
    ) -> Answer {
        let request = Self::request(method, path)
            .header(header::CONTENT_TYPE, "application/json")
            .header("sec-fetch-site", "same-origin");
        let body = json.map_or_else(Body::empty, |json| Body::from(json.to_string()));
        self.send(request.body(body).unwrap()).await
    }

    pub async fn post(&mut self, path: &str, json: serde_json::Value) -> Answer {
        self.write(Method::POST, path, Some(json)).await
    }

    pub async fn patch(&mut self, path: &str, json: serde_json::Value) -> Answer {
        self.write(Method::PATCH, path, Some(json)).await
    }

    pub async fn delete(&mut self, path: &str) -> Answer {
        self.write(Method::DELETE, path, None).await
    }

    /// An HTML form posted from one of the site's pages (an emailed link's page).
    pub async fn post_form(&mut self, path: &str, form: &[(&str, &str)]) -> Answer {
        let body = form
            .iter()
            .map(|(name, value)| format!("{name}={}", encode_uri_component(value)))
            .collect::<Vec<_>>()
            .join("&");
        self.send(
            Self::request(Method::POST, path)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::ORIGIN, format!("https://{HOST}"))
                .body(Body::from(body))
                .unwrap(),
        )
        .await
    }

    /// Calls `operation` with its method at its path, the holes filled with `holes`, and
    /// `body` when the operation takes one.
    pub fn call<B: Serialize, T>(
        &mut self,
        operation: &Operation<B, T>,
        holes: &[&dyn Display],
        body: &B,
    ) -> impl Future<Output = Called<T>> + Send + '_ {
        self.call_with(operation, holes, &[], body)
    }

    /// [`Browser::call`] with optional query parameters.
    pub fn call_with<B: Serialize, T>(
        &mut self,
        operation: &Operation<B, T>,
        holes: &[&dyn Display],
        query: &[(&str, &dyn Display)],
        body: &B,
    ) -> impl Future<Output = Called<T>> + Send + '_ {
        let json = serde_json::to_value(body).expect("a body serializes");
        self.dispatch(operation, holes, query, json)
    }

    /// [`Browser::call`] with a body its type would not allow: bad input, unknown fields.
    pub fn call_json<B, T>(
        &mut self,
        operation: &Operation<B, T>,
        holes: &[&dyn Display],
        json: serde_json::Value,
    ) -> impl Future<Output = Called<T>> + Send + '_ {
        self.dispatch(operation, holes, &[], json)
    }

    /// The request is made before the returned future, which holds only owned values (a
    /// test may spawn it).
    fn dispatch<B, T>(
        &mut self,
        operation: &Operation<B, T>,
        holes: &[&dyn Display],
        query: &[(&str, &dyn Display)],
        json: serde_json::Value,
    ) -> impl Future<Output = Called<T>> + Send + '_ {
        let mut path = operation.path(holes).into_string();
        for (name, value) in query {
            let separator = if path.contains('?') { '&' } else { '?' };
            let value = encode_uri_component(&value.to_string());
            path.push_str(&format!("{separator}{name}={value}"));
        }
        let method = Method::from_bytes(operation.method.as_str().as_bytes()).unwrap();
        let json = operation.takes_body.then_some(json);
        async move {
            let answer = if method == Method::GET {
                self.get(&path).await
            } else {
                self.write(method, &path, json).await
            };
            Called {
                answer,
                answers: PhantomData,
            }
        }
    }
}
