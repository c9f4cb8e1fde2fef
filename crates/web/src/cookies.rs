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
        .filter(|cookie| cookie.name() == name)
        .last()
        .map(|cookie| cookie.value().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(header::COOKIE, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn reads_as_the_session_layer_does() {
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
            let layer = tower_cookies::Cookies::new(
                headers.get_all(header::COOKIE).iter().cloned().collect(),
            );
            assert_eq!(
                cookie(&headers, "sa_session"),
                layer.get("sa_session").map(|c| c.value().to_owned()),
                "{case:?}"
            );
        }
        assert_eq!(
            cookie(&headers(&["sa%5Fsession=abc"]), "sa_session").as_deref(),
            Some("abc")
        );
    }
}
