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
//!   An answer sent before its body was read says `Connection: close` (the connection
//!   closes after it: an unread body is never drained).
//! - **Answers**: a connection whose answer makes no progress for
//!   [`ConnectionLimits::write_timeout`] (a client that stopped reading) is closed. hyper
//!   serves one request of a connection at a time and buffers at most [`MAX_BUFFER`] of
//!   pipelined requests and of answer not yet taken by the socket, so what one connection
//!   can queue is bounded.
//! - **Connections**: at most [`ConnectionLimits::max_connections`] open at once. Past the
//!   cap the server stops accepting: new connections wait in the kernel's listen queue
//!   until one closes (past that queue the kernel drops their attempts). One client
//!   address (an IPv6 /64) holds at most [`ConnectionLimits::max_connections_per_address`]
//!   of them (trusted proxies excepted): further connections from it are closed at once,
//!   so silent or slow connections from one address never keep everyone else waiting.
//! - **Shutdown**: when `signal` completes the listener closes (queued connections are
//!   dropped), each connection finishes the request it is serving and closes, and
//!   [`run`] returns once all are closed; the caller bounds that wait (the drain limit).
//!
//! HTTP/1.1 only: HTTP/2 (with TLS) is the reverse proxy's business in front of us, and
//! cleartext HTTP/2 would bypass the header timeout.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{ready, Context, Poll};
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
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
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
    /// `SOUND_ATLAS_WRITE_TIMEOUT_SECONDS`: how long an answer may make no progress
    /// (the client not reading) before its connection is closed.
    pub write_timeout: Duration,
    /// `SOUND_ATLAS_MAX_CONNECTIONS`: connections open at once.
    pub max_connections: usize,
    /// `SOUND_ATLAS_MAX_CONNECTIONS_PER_ADDRESS`: connections one client address (an
    /// IPv6 /64) may hold open at once.
    pub max_connections_per_address: usize,
}

/// hyper's buffer of one connection (its minimum is 8 KB): pipelined requests read ahead,
/// and answer bytes the socket has not taken yet. Our headers are a few KB at most.
pub const MAX_BUFFER: usize = 64 * 1024;

impl Default for ConnectionLimits {
    /// 10 s for headers: a browser sends them in one packet, and a kept-alive browser
    /// connection unused for 10 s is cheap to reopen. 30 s for a body: ours are at most
    /// 64 KB, which even a poor mobile link sends in a few seconds. 30 s without any
    /// progress writing an answer: a reading client, however slow, takes some bytes far
    /// more often. 10,000 connections: far above what one instance serves at once (each
    /// costs a file descriptor and a few KB), yet below the common `ulimit -n` of 65,536
    /// with room for the database; a tenth of them per address, plenty for a household or
    /// an office behind one address.
    fn default() -> Self {
        ConnectionLimits::with_cap(10_000)
    }
}

impl ConnectionLimits {
    /// The defaults with a cap of `max_connections` (and a tenth of it per address).
    pub fn with_cap(max_connections: usize) -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(30),
            max_connections,
            max_connections_per_address: (max_connections / 10).max(1),
        }
    }
}

/// Serves `app` on `listener` until `signal` completes and the open connections have
/// finished their requests. Handlers can read the client's address (`ConnectInfo`).
/// Connections from `proxies` (the trusted reverse proxies, which carry everyone's
/// requests) are not held to the per-address share.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    proxies: Vec<IpAddr>,
    signal: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = PerAddress::new(limits.max_connections_per_address, proxies);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_BUFFER);
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
        let Some(share) = per_address.take(remote.ip()) else {
            // Its address holds its share already: closed at once, the slot freed.
            continue;
        };
        stream.set_nodelay(true).ok();
        let app = app.clone();
        let body_timeout = limits.body_timeout;
        let service = hyper::service::service_fn(move |request: Request<Incoming>| {
            answer(app.clone(), remote, body_timeout, request)
        });
        let stream = StallGuard::new(ErrorHeads::new(stream), limits.write_timeout);
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A client gone mid-request or timed out: nothing to report.
            let _ = connection.await;
            drop((slot, share));
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
    let ended = Arc::new(AtomicBool::new(body.is_end_stream()));
    parts.extensions.insert(ConnectInfo(remote));
    let body = Body::new(DeadlineBody {
        inner: body,
        deadline: Box::pin(tokio::time::sleep(body_timeout)),
        expired: expired.clone(),
        ended: ended.clone(),
    });
    let mut response = app.oneshot(Request::from_parts(parts, body)).await?;
    if expired.load(Ordering::Relaxed) {
        return Ok(request_timeout(&response));
    }
    if !ended.load(Ordering::Relaxed) {
        // Answered before its body was read: hyper closes the connection after the
        // answer (an unread body is never drained), and the client is told so.
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    Ok(response)
}

/// 408 in the one JSON error shape, with the security headers the app gave its answer;
/// the rest of that body is never read, so the connection closes.
fn request_timeout(app_answer: &Response<Body>) -> Response<Body> {
    let status = StatusCode::REQUEST_TIMEOUT;
    let body = sound_atlas_contract::ErrorBody {
        status: status.as_u16(),
        error: status.canonical_reason().unwrap_or_default().to_owned(),
        message: "The request's body did not arrive in time.".into(),
    };
    let mut response = axum::Json(body).into_response();
    *response.status_mut() = status;
    let headers = response.headers_mut();
    for name in crate::security::HEADERS {
        if let Some(value) = app_answer.headers().get(&name) {
            headers.insert(name, value.clone());
        }
    }
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// How many connections each client address holds (see
/// [`ConnectionLimits::max_connections_per_address`]).
struct PerAddress {
    share: usize,
    proxies: Vec<IpAddr>,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One connection counted against its address; dropped when the connection closes.
struct Share {
    address: Option<IpAddr>,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl PerAddress {
    fn new(share: usize, proxies: Vec<IpAddr>) -> Self {
        PerAddress {
            share,
            proxies,
            open: Arc::default(),
        }
    }

    /// A connection from `ip`, unless its address holds its share already.
    fn take(&self, ip: IpAddr) -> Option<Share> {
        if self.proxies.contains(&ip) {
            return Some(Share {
                address: None,
                open: self.open.clone(),
            });
        }
        let address = address_of(ip);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= self.share {
            return None;
        }
        *count += 1;
        Some(Share {
            address: Some(address),
            open: self.open.clone(),
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let Some(address) = self.address else { return };
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&address);
            }
        }
    }
}

/// A client's address as one subscriber: IPv4 as it is, IPv6 by its /64.
fn address_of(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// hyper answers a request it cannot parse by itself (400, 414 or 431: a bare head, then
/// the connection closes) and offers no hook, so the socket adds to that head, as it goes
/// out, the security headers every answer of the app carries. Every other head (the
/// app's, which has them) and every body passes untouched.
struct ErrorHeads<S> {
    inner: S,
    /// A rewritten head being written: its bytes, how many are out, and how many of the
    /// caller's bytes it stands for.
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl<S> ErrorHeads<S> {
    fn new(inner: S) -> Self {
        ErrorHeads {
            inner,
            pending: None,
        }
    }
}

/// `buf` with the security headers when it is hyper's own answer: a status line and only
/// the headers hyper writes itself. Every head of the app carries headers of its own
/// (its content type, the security headers), and a body never reads as such a head, so
/// nothing else is touched; the check reads the head in place (it runs on every write).
fn with_security_headers(buf: &[u8]) -> Option<Vec<u8>> {
    const HYPERS_OWN: [&[u8]; 3] = [b"content-length", b"date", b"connection"];
    if !buf.starts_with(b"HTTP/1.1 ") {
        return None;
    }
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let only_hypers_own = buf[..end].split(|b| *b == b'\n').skip(1).all(|line| {
        let name = line.split(|b| *b == b':').next().unwrap_or_default();
        HYPERS_OWN.iter().any(|own| name.eq_ignore_ascii_case(own))
    });
    if !only_hypers_own {
        return None;
    }
    let mut rewritten = buf[..end + 2].to_vec();
    for (name, value) in crate::security::error_headers() {
        rewritten.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    rewritten.extend_from_slice(&buf[end + 2..]);
    Some(rewritten)
}

impl<S: AsyncWrite + Unpin> ErrorHeads<S> {
    /// Writes the rewritten head out; Ready with the caller's byte count once it is.
    fn drive(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<usize>> {
        while let Some((bytes, written, stands_for)) = &mut self.pending {
            if *written == bytes.len() {
                let stands_for = *stands_for;
                self.pending = None;
                return Poll::Ready(Ok(stands_for));
            }
            match Pin::new(&mut self.inner).poll_write(cx, &bytes[*written..]) {
                Poll::Ready(Ok(0)) => {
                    return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()))
                }
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Ready(Err(err)) => return Poll::Ready(Err(err)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(0))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for ErrorHeads<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for ErrorHeads<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if self.pending.is_none() {
            match with_security_headers(buf) {
                Some(rewritten) => self.pending = Some((rewritten, 0, buf.len())),
                None => return Pin::new(&mut self.inner).poll_write(cx, buf),
            }
        }
        self.drive(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        if self.pending.is_none() {
            let first = bufs
                .iter()
                .find(|b| !b.is_empty())
                .map_or(&[][..], |b| &**b);
            match with_security_headers(first) {
                Some(rewritten) => self.pending = Some((rewritten, 0, first.len())),
                None => return Pin::new(&mut self.inner).poll_write_vectored(cx, bufs),
            }
        }
        self.drive(cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        if self.pending.is_some() {
            ready!(self.drive(cx))?;
        }
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// A connection's socket whose writes fail once they have made no progress for the
/// write timeout (the client stopped reading), which ends the connection.
struct StallGuard<S> {
    inner: S,
    timeout: Duration,
    /// Armed when a write could not proceed; disarmed by any progress.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<S> StallGuard<S> {
    fn new(inner: S, timeout: Duration) -> Self {
        StallGuard {
            inner,
            timeout,
            stalled: None,
        }
    }

    /// What a write's poll answered, with the stall timer kept: progress disarms it,
    /// waiting arms it (once) and fails the write when it has run out.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<std::io::Result<T>>,
    ) -> Poll<std::io::Result<T>> {
        match polled {
            Poll::Pending => {
                let timeout = self.timeout;
                let timer = self
                    .stalled
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "the client took no part of the answer in time",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
            ready => {
                self.stalled = None;
                ready
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for StallGuard<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for StallGuard<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
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
    /// Set once the body has been read to its end.
    ended: Arc<AtomicBool>,
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
            if frame.is_none() || self.inner.is_end_stream() {
                self.ended.store(true, Ordering::Relaxed);
            }
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
