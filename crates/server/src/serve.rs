//! The accept loop: HTTP/1.1 connections served by hyper, with the limits that keep
//! slow and idle clients from holding connections, and graceful shutdown.
//!
//! - **Headers**: a request's headers must arrive whole within
//!   [`ConnectionLimits::header_timeout`] of the server starting to wait for them. hyper
//!   (1.12) starts that timer as soon as a connection is ready for its next request, so
//!   the same limit closes a kept-alive connection left idle between requests.
//! - **Bodies**: a request's body must arrive whole within
//!   [`ConnectionLimits::body_timeout`] of its headers (a total, not a per-chunk limit:
//!   a body trickling a byte a second never completes). A handler reading it past that
//!   gets an error, and the request is answered 408 with `Connection: close`; a body no
//!   handler reads is not drained, the connection is closed after the answer.
//! - **Connections**: at most [`ConnectionLimits::max_connections`] open at once. Past the
//!   cap the server stops accepting: new connections wait in the kernel's listen queue
//!   until one closes (past that queue the kernel drops their attempts).
//! - **Shutdown**: when `signal` completes the listener closes (queued connections are
//!   dropped), each connection finishes the request it is serving and closes, and
//!   [`run`] returns once all are closed; the caller bounds that wait (the drain limit).
//!
//! HTTP/1.1 only: HTTP/2 (with TLS) is the reverse proxy's business in front of us, and
//! cleartext HTTP/2 would bypass the header timeout.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use http_body::{Body as HttpBody, Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// How long clients may take, and how many may be connected at once.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// `SOUND_ATLAS_HEADER_TIMEOUT_SECONDS`: a request's headers, from the moment the
    /// connection waits for them (also the idle limit between kept-alive requests).
    pub header_timeout: Duration,
    /// `SOUND_ATLAS_BODY_TIMEOUT_SECONDS`: a request's whole body, from its headers.
    pub body_timeout: Duration,
    /// `SOUND_ATLAS_MAX_CONNECTIONS`: connections open at once.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    /// 10 s for headers: a browser sends them in one packet, and a kept-alive browser
    /// connection unused for 10 s is cheap to reopen. 30 s for a body: ours are at most
    /// 64 KB, which even a poor mobile link sends in a few seconds. 10,000 connections:
    /// far above what one instance serves at once (each costs a file descriptor and a
    /// few KB), yet below the common `ulimit -n` of 65,536 with room for the database.
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_connections: 10_000,
        }
    }
}

/// Serves `app` on `listener` until `signal` completes and the open connections have
/// finished their requests. Handlers can read the client's address (`ConnectInfo`).
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    signal: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    tokio::pin!(signal);
    loop {
        // A free slot first: past the cap, connections stay in the listen queue.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
            () = &mut signal => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    accept_failed(err).await;
                    continue;
                }
            },
            () = &mut signal => break,
        };
        stream.set_nodelay(true).ok();
        let app = app.clone();
        let body_timeout = limits.body_timeout;
        let service = hyper::service::service_fn(move |request: Request<Incoming>| {
            answer(app.clone(), remote, body_timeout, request)
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A client gone mid-request or timed out: nothing to report.
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// One request: the client's address for the handlers, the body under its deadline, and
/// a 408 that closes the connection when a handler ran out of time reading it.
async fn answer(
    app: Router,
    remote: SocketAddr,
    body_timeout: Duration,
    request: Request<Incoming>,
) -> Result<Response<Body>, Infallible> {
    let expired = Arc::new(AtomicBool::new(false));
    let (mut parts, body) = request.into_parts();
    parts.extensions.insert(ConnectInfo(remote));
    let body = Body::new(DeadlineBody {
        inner: body,
        deadline: Box::pin(tokio::time::sleep(body_timeout)),
        expired: expired.clone(),
    });
    let response = app.oneshot(Request::from_parts(parts, body)).await?;
    if expired.load(Ordering::Relaxed) {
        return Ok(request_timeout());
    }
    Ok(response)
}

/// 408 in the one JSON error shape; the rest of that body is never read, so the
/// connection closes.
fn request_timeout() -> Response<Body> {
    let status = StatusCode::REQUEST_TIMEOUT;
    let body = sound_atlas_contract::ErrorBody {
        status: status.as_u16(),
        error: status.canonical_reason().unwrap_or_default().to_owned(),
        message: "The request's body did not arrive in time.".into(),
    };
    let mut response = axum::Json(body).into_response();
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Accept errors are mostly a client gone before its connection was taken (skip it) or
/// the process out of file descriptors (wait a little rather than spin).
async fn accept_failed(err: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        err.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!(%err, "accepting a connection failed; retrying in 1 s");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// A request body that fails once its deadline has passed before it ended.
struct DeadlineBody {
    inner: Incoming,
    deadline: Pin<Box<tokio::time::Sleep>>,
    expired: Arc<AtomicBool>,
}

impl HttpBody for DeadlineBody {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        // What has arrived is passed on even after the deadline (a handler may read a
        // body that came in time late); only waiting for more is cut.
        if let Poll::Ready(frame) = Pin::new(&mut self.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|frame| frame.map_err(Into::into)));
        }
        if self.deadline.as_mut().poll(cx).is_ready() {
            self.expired.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err("the request body did not arrive in time".into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
