//! A polite client for the open data services: one request at a time, at least `pace`
//! apart (retries included), a User-Agent naming the site and a contact, each request
//! cut at `timeout`, and a "slow down" answer (429, or the 503 MusicBrainz sends when
//! its rate limit is passed) retried after its `Retry-After`, a bounded number of times.

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::user_agent;

#[derive(Debug, Clone)]
pub struct Politeness {
    /// Pause between requests.
    pub pace: Duration,
    /// How long one request may take.
    pub timeout: Duration,
    /// After a "slow down" answer the request is retried at most this many times ...
    pub retries: u32,
    /// ... each after the answer's `Retry-After` (without one, a doubling backoff from
    /// `pace`), never waiting longer than this (nor less than `pace`).
    pub max_retry_wait: Duration,
}

impl Politeness {
    pub fn paced(pace: Duration) -> Self {
        Politeness {
            pace,
            timeout: Duration::from_secs(15),
            retries: 2,
            max_retry_wait: Duration::from_secs(60),
        }
    }
}

/// The wait a "slow down" answer asks for: `Retry-After` in seconds or as an HTTP
/// date; without a readable one, `pace` doubled for each retry so far. Bounded to
/// `pace ..= max`.
pub fn retry_wait(
    retry_after: Option<&str>,
    retried: u32,
    pace: Duration,
    max: Duration,
) -> Duration {
    let asked = retry_after.map(str::trim).and_then(|value| {
        if let Ok(seconds) = value.parse::<u64>() {
            return Some(Duration::from_secs(seconds));
        }
        let when =
            time::OffsetDateTime::parse(value, &time::format_description::well_known::Rfc2822)
                .ok()?;
        let left = when - time::OffsetDateTime::now_utc();
        Some(Duration::try_from(left).unwrap_or(Duration::ZERO))
    });
    let backoff = || pace.saturating_mul(2u32.saturating_pow(retried + 1));
    asked.unwrap_or_else(backoff).clamp(pace.min(max), max)
}

/// Why an answer could not be had.
#[derive(Debug)]
pub enum AskError {
    /// Still "slow down" (429 or 503) after every retry.
    Throttled {
        status: u16,
        retries: u32,
    },
    Timeout(Duration),
    NotFound,
    Other(reqwest::Error),
}

impl std::fmt::Display for AskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AskError::Throttled { status, retries } => write!(
                f,
                "still asked to slow down ({status}) after {retries} retries; try again later"
            ),
            AskError::Timeout(limit) => write!(f, "no answer within {} ms", limit.as_millis()),
            AskError::NotFound => f.write_str("not found (404)"),
            AskError::Other(err) => write!(f, "{err}"),
        }
    }
}

/// One service's client and pace. Clones share the pace: however many tasks ask
/// through them, one request is in flight at a time, `pace` apart.
#[derive(Clone)]
pub struct Polite {
    client: reqwest::Client,
    manners: Politeness,
    /// When the last request was sent (or its "slow down" answer came); held for the
    /// whole of each request.
    last: std::sync::Arc<tokio::sync::Mutex<Option<tokio::time::Instant>>>,
    service: &'static str,
}

impl Polite {
    pub fn new(service: &'static str, manners: Politeness) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .timeout(manners.timeout)
            .user_agent(user_agent())
            .build()?;
        Ok(Polite {
            client,
            manners,
            last: Default::default(),
            service,
        })
    }

    /// Waits for this service's turn, at least `at_least` (and `pace`) after the last
    /// request; the turn lasts while the guard is held.
    async fn turn(
        &self,
        at_least: Duration,
    ) -> tokio::sync::MutexGuard<'_, Option<tokio::time::Instant>> {
        let mut last = self.last.lock().await;
        if let Some(last) = *last {
            tokio::time::sleep_until(last + at_least.max(self.manners.pace)).await;
        }
        *last = Some(tokio::time::Instant::now());
        last
    }

    /// GETs `url` with `query` and reads the JSON answer.
    pub async fn get_json<T: DeserializeOwned>(
        &self,
        url: &str,
        query: &[(&str, &str)],
    ) -> Result<T, AskError> {
        self.get_json_as(url, query, "application/json").await
    }

    /// [`Polite::get_json`] asking for a JSON media type of its own (`Accept`), such as
    /// a query service's `application/sparql-results+json`.
    pub async fn get_json_as<T: DeserializeOwned>(
        &self,
        url: &str,
        query: &[(&str, &str)],
        accept: &str,
    ) -> Result<T, AskError> {
        let mut wait = Duration::ZERO;
        let mut retried = 0;
        loop {
            let mut turn = self.turn(wait).await;
            let request = self
                .client
                .get(url)
                .query(query)
                .header(reqwest::header::ACCEPT, accept);
            let answer = async {
                let response = request.send().await?;
                let status = response.status();
                if status == reqwest::StatusCode::TOO_MANY_REQUESTS
                    || status == reqwest::StatusCode::SERVICE_UNAVAILABLE
                {
                    let after = response
                        .headers()
                        .get(reqwest::header::RETRY_AFTER)
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_owned);
                    return Ok(Answer::SlowDown(status.as_u16(), after));
                }
                if status == reqwest::StatusCode::NOT_FOUND {
                    return Ok(Answer::NotFound);
                }
                let value = response.error_for_status()?.json::<T>().await?;
                Ok::<_, reqwest::Error>(Answer::Value(value))
            };
            let timeout = self.manners.timeout;
            match tokio::time::timeout(timeout, answer).await {
                Err(_) => return Err(AskError::Timeout(timeout)),
                Ok(Err(err)) if err.is_timeout() => return Err(AskError::Timeout(timeout)),
                Ok(Err(err)) => return Err(AskError::Other(err)),
                Ok(Ok(Answer::Value(value))) => return Ok(value),
                Ok(Ok(Answer::NotFound)) => return Err(AskError::NotFound),
                Ok(Ok(Answer::SlowDown(status, retry_after))) => {
                    if retried == self.manners.retries {
                        return Err(AskError::Throttled {
                            status,
                            retries: retried,
                        });
                    }
                    // A `Retry-After` counts from the answer, not from the request:
                    // the wait begins now.
                    *turn = Some(tokio::time::Instant::now());
                    wait = retry_wait(
                        retry_after.as_deref(),
                        retried,
                        self.manners.pace,
                        self.manners.max_retry_wait,
                    );
                    retried += 1;
                    tracing::info!(
                        service = self.service,
                        status,
                        wait_ms = wait.as_millis() as u64,
                        "asked to slow down"
                    );
                }
            }
        }
    }
}

enum Answer<T> {
    Value(T),
    NotFound,
    SlowDown(u16, Option<String>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_is_read_in_seconds_or_as_a_date_and_bounded() {
        let (pace, max) = (Duration::from_millis(250), Duration::from_secs(60));
        assert_eq!(retry_wait(Some("3"), 0, pace, max), Duration::from_secs(3));
        assert_eq!(retry_wait(Some(" 0 "), 0, pace, max), pace);
        assert_eq!(retry_wait(Some("86400"), 0, pace, max), max);
        assert_eq!(retry_wait(Some("soon"), 0, pace, max), pace * 2);
        assert_eq!(
            retry_wait(Some("Wed, 21 Oct 2015 07:28:00 GMT"), 0, pace, max),
            pace,
            "a date in the past"
        );
        let later = (time::OffsetDateTime::now_utc() + time::Duration::seconds(30))
            .format(&time::format_description::well_known::Rfc2822)
            .unwrap();
        let wait = retry_wait(Some(&later), 0, pace, max);
        assert!(
            wait > Duration::from_secs(25) && wait <= Duration::from_secs(30),
            "{wait:?}"
        );
    }

    #[test]
    fn without_retry_after_the_wait_doubles_up_to_the_bound() {
        let (pace, max) = (Duration::from_secs(1), Duration::from_secs(5));
        assert_eq!(retry_wait(None, 0, pace, max), Duration::from_secs(2));
        assert_eq!(retry_wait(None, 1, pace, max), Duration::from_secs(4));
        assert_eq!(retry_wait(None, 2, pace, max), max);
        assert_eq!(retry_wait(None, 40, pace, max), max);
    }

    /// Reads one request's head from `socket`; whether it came whole (not cut short).
    async fn read_request(socket: &mut tokio::net::TcpStream) -> bool {
        use tokio::io::AsyncReadExt;
        let mut request = Vec::new();
        let mut buf = [0; 1024];
        while !request.ends_with(b"\r\n\r\n") {
            let read = socket.read(&mut buf).await.unwrap();
            if read == 0 {
                return false;
            }
            request.extend_from_slice(&buf[..read]);
        }
        true
    }

    /// A server that reads each request whole, then answers `answer(n)` for the `n`th
    /// (from 0) after its delay, recording when each request came and each answer left.
    async fn server(
        answer: fn(usize) -> (Duration, &'static str),
    ) -> (
        String,
        std::sync::Arc<std::sync::Mutex<Vec<(std::time::Instant, std::time::Instant)>>>,
    ) {
        use std::sync::{Arc, Mutex};
        use tokio::io::AsyncWriteExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        let times = Arc::new(Mutex::new(Vec::new()));
        let seen = times.clone();
        tokio::spawn(async move {
            for n in 0.. {
                let (mut socket, _) = listener.accept().await.unwrap();
                read_request(&mut socket).await;
                let came = std::time::Instant::now();
                let (delay, text) = answer(n);
                tokio::time::sleep(delay).await;
                seen.lock().unwrap().push((came, std::time::Instant::now()));
                socket.write_all(text.as_bytes()).await.unwrap();
            }
        });
        (url, times)
    }

    /// A `Retry-After` counts from the answer that asks for it: a slow answer does not
    /// shorten the wait the server asked for.
    #[tokio::test]
    async fn a_retry_after_counts_from_the_answer() {
        let (url, times) = server(|n| match n {
            0 => (
                Duration::from_millis(600),
                "HTTP/1.1 429 Too Many Requests\r\nretry-after: 1\r\n\
                 content-length: 0\r\nconnection: close\r\n\r\n",
            ),
            _ => (
                Duration::ZERO,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\
                 content-length: 2\r\nconnection: close\r\n\r\n{}",
            ),
        })
        .await;
        let polite = Polite::new("test", Politeness::paced(Duration::from_millis(1))).unwrap();
        polite
            .get_json::<serde_json::Value>(&url, &[])
            .await
            .unwrap();
        let times = times.lock().unwrap();
        let (slow_down_sent, retry_came) = (times[0].1, times[1].0);
        assert!(
            retry_came - slow_down_sent >= Duration::from_secs(1),
            "retried {:?} after the answer",
            retry_came - slow_down_sent
        );
    }

    /// Clones of one client (steps run side by side) take turns: never two requests
    /// in flight at once.
    #[tokio::test]
    async fn clones_share_one_turn() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        use tokio::io::AsyncWriteExt;

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        let (in_flight, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (now, peak) = (in_flight.clone(), most.clone());
        tokio::spawn(async move {
            loop {
                let (mut socket, _) = listener.accept().await.unwrap();
                let (now, peak) = (now.clone(), peak.clone());
                tokio::spawn(async move {
                    if !read_request(&mut socket).await {
                        return;
                    }
                    peak.fetch_max(now.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    now.fetch_sub(1, Ordering::SeqCst);
                    let answer = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\
                                  content-length: 2\r\nconnection: close\r\n\r\n{}";
                    socket.write_all(answer.as_bytes()).await.unwrap();
                });
            }
        });
        let one = Polite::new("test", Politeness::paced(Duration::from_millis(1))).unwrap();
        let other = one.clone();
        let ask = |polite: Polite, url: String| async move {
            for _ in 0..3 {
                polite
                    .get_json::<serde_json::Value>(&url, &[])
                    .await
                    .unwrap();
            }
        };
        tokio::join!(ask(one, url.clone()), ask(other, url));
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }
}
