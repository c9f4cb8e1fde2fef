//! Reading a request's cookies, one way for the whole server: the way the session layer
//! (tower-cookies) reads them, so what one part takes for the session cookie every part
//! does (a shared cache's configuration follows the same rule, see the nginx example).

use axum::http::{header, HeaderMap};
use cookie::Cookie;

/// The value of the request's cookie `name`: each `;`-separated pair of every `Cookie`
/// header parsed with percent-decoding (`sa%5Fsession` names `sa_session`) and spaces
/// around name and value ignored; of several with one name, the last wins.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| std::str::from_utf8(value.as_bytes()).ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| Cookie::parse_encoded(pair).ok())
        .rfind(|cookie| cookie.name() == name)
        .map(|cookie| cookie.value().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, Request};
    use tower::ServiceExt;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(header::COOKIE, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    /// What the session layer (tower-cookies' manager) reads as `sa_session`.
    async fn session_layer_reads(headers: &HeaderMap) -> Option<String> {
        let app = axum::Router::new()
            .route(
                "/",
                axum::routing::get(|cookies: tower_cookies::Cookies| async move {
                    axum::Json(cookies.get("sa_session").map(|c| c.value().to_owned()))
                }),
            )
            .layer(tower_cookies::CookieManagerLayer::new());
        let mut request = Request::get("/").body(axum::body::Body::empty()).unwrap();
        *request.headers_mut() = headers.clone();
        let answer = app.oneshot(request).await.unwrap();
        let body = axum::body::to_bytes(answer.into_body(), 1024)
            .await
            .unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    #[tokio::test]
    async fn reads_as_the_session_layer_does() {
        let cases: &[&[&str]] = &[
            &["sa_session=abc"],
            &["sa%5Fsession=abc"],
            &["%73a_session=abc; other=1"],
            &["sa_session =abc"],
            &[" sa_session= abc ;x=y"],
            &["sa_session=first; sa_session=second"],
            &["a=1", "sa_session=in-a-second-header"],
            &["sa_sessions=no; xsa_session=no"],
            &["sa_session"],
            &["sa_session=%61bc"],
            &[""],
        ];
        for case in cases {
            let headers = headers(case);
            assert_eq!(
                cookie(&headers, "sa_session"),
                session_layer_reads(&headers).await,
                "{case:?}"
            );
        }
        assert_eq!(
            cookie(&headers(&["sa%5Fsession=abc"]), "sa_session").as_deref(),
            Some("abc")
        );
    }
}
