//! The library routes over HTTP (in process) with real sessions from the accounts crate,
//! on SQLite and PostgreSQL.

mod concurrency;
mod routes;

use std::collections::HashMap;
use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::{ConnectInfo, FromRef, Path, State};
use axum::http::{header, Method, Request, StatusCode};
use axum::routing::post;
use axum::Router;
use http_body_util::BodyExt;
use sea_orm::{ActiveValue::Set, DatabaseConnection, EntityTrait, QueryOrder};
use sound_atlas_accounts::{Accounts, AccountsConfig};
use sound_atlas_catalog::Catalog;
use sound_atlas_entity::{artist, user};
use sound_atlas_library::Library;
use tower::ServiceExt;

pub const ORIGIN: &str = "https://soundatlas.test";

#[derive(Clone)]
struct TestState {
    library: Library,
    accounts: Accounts,
}

impl FromRef<TestState> for Library {
    fn from_ref(state: &TestState) -> Library {
        state.library.clone()
    }
}

impl FromRef<TestState> for Accounts {
    fn from_ref(state: &TestState) -> Accounts {
        state.accounts.clone()
    }
}

/// Signs the browser in as a user through the accounts crate's own `sign_in` (the
/// password flow itself is the accounts tests' subject).
async fn test_sign_in(
    State(state): State<TestState>,
    session: tower_sessions::Session,
    Path(id): Path<i32>,
) -> StatusCode {
    let user = user::Entity::find_by_id(id)
        .one(state.accounts.db())
        .await
        .unwrap()
        .unwrap();
    sound_atlas_accounts::session::sign_in(&session, &user)
        .await
        .unwrap();
    StatusCode::NO_CONTENT
}

pub struct Site {
    pub app: Router,
    pub db: DatabaseConnection,
    /// Seeded artist ids, in id order.
    pub artists: Vec<i32>,
}

impl Site {
    pub async fn new(db: &DatabaseConnection) -> Site {
        sound_atlas_catalog::seed::load(db).await.expect("seed");
        let outbox = std::env::temp_dir().join(format!("sa-library-outbox-{}", std::process::id()));
        let accounts =
            Accounts::new(db.clone(), AccountsConfig::new(ORIGIN, outbox)).expect("accounts");
        let state = TestState {
            library: Library::new(db.clone(), Catalog::new(db.clone())),
            accounts: accounts.clone(),
        };
        let app = Router::new()
            .nest(
                "/api",
                Router::new()
                    .merge(sound_atlas_library::router::<TestState>())
                    .merge(sound_atlas_accounts::router::<TestState>()),
            )
            .route("/test/sign-in/{id}", post(test_sign_in))
            .with_state(state)
            .layer(accounts.session_layer());
        let artists = artist::Entity::find()
            .order_by_asc(artist::Column::Id)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|a| a.id)
            .collect();
        Site {
            app,
            db: db.clone(),
            artists,
        }
    }

    /// A new user, signed in on a new browser.
    pub async fn user(&self, email: &str) -> Browser {
        let row = user::Entity::insert(user::ActiveModel {
            email: Set(email.to_owned()),
            email_key: Set(email.to_lowercase()),
            password_hash: Set(None),
            confirmed_at: Set(Some(0)),
            created_at: Set(0),
            ..Default::default()
        })
        .exec_with_returning(&self.db)
        .await
        .unwrap();
        let mut browser = self.anonymous();
        browser.user_id = Some(row.id);
        let answer = browser
            .send(
                Browser::request(Method::POST, &format!("/test/sign-in/{}", row.id))
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(answer.status, StatusCode::NO_CONTENT);
        assert!(browser.cookie.is_some(), "signing in set a session cookie");
        browser
    }

    pub fn anonymous(&self) -> Browser {
        Browser {
            app: self.app.clone(),
            cookie: None,
            user_id: None,
        }
    }
}

pub struct Answer {
    pub status: StatusCode,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn message(&self) -> String {
        self.json()["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

#[derive(Clone)]
pub struct Browser {
    app: Router,
    pub cookie: Option<String>,
    pub user_id: Option<i32>,
}

impl Browser {
    pub fn request(method: Method, path: &str) -> axum::http::request::Builder {
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, "soundatlas.test")
            .header("sec-fetch-site", "same-origin")
    }

    pub async fn send(&mut self, mut request: Request<Body>) -> Answer {
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40000))));
        if let Some(cookie) = &self.cookie {
            request
                .headers_mut()
                .insert(header::COOKIE, cookie.parse().unwrap());
        }
        let response = self.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        for set in response.headers().get_all(header::SET_COOKIE) {
            let pair = set.to_str().unwrap().split(';').next().unwrap();
            self.cookie = Some(pair.to_owned());
        }
        let body = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
        }
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.send(
            Self::request(Method::GET, path)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    pub async fn with_json(
        &mut self,
        method: Method,
        path: &str,
        json: serde_json::Value,
    ) -> Answer {
        self.send(
            Self::request(method, path)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(json.to_string()))
                .unwrap(),
        )
        .await
    }

    pub async fn post(&mut self, path: &str, json: serde_json::Value) -> Answer {
        self.with_json(Method::POST, path, json).await
    }

    pub async fn patch(&mut self, path: &str, json: serde_json::Value) -> Answer {
        self.with_json(Method::PATCH, path, json).await
    }

    pub async fn delete(&mut self, path: &str) -> Answer {
        self.send(
            Self::request(Method::DELETE, path)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    // ---- the library, in the words of the spec

    pub async fn favorite(&mut self, artist: i32, folder: Option<i32>) -> Answer {
        self.post(
            "/api/favorites",
            serde_json::json!({ "artistId": artist, "folderId": folder }),
        )
        .await
    }

    pub async fn new_folder(&mut self, name: &str) -> i32 {
        let answer = self
            .post("/api/favorite-folders", serde_json::json!({ "name": name }))
            .await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        answer.json()["id"].as_i64().unwrap() as i32
    }

    /// Artist ids of the top-level favorites.
    pub async fn favorite_ids(&mut self) -> Vec<i32> {
        let answer = self.get("/api/favorites").await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        ids(&answer.json())
    }

    /// Folder id -> (name, artist ids).
    pub async fn folders(&mut self) -> HashMap<i32, (String, Vec<i32>)> {
        let answer = self.get("/api/favorite-folders").await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        answer
            .json()
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["id"].as_i64().unwrap() as i32,
                    (f["name"].as_str().unwrap().to_owned(), ids(&f["artists"])),
                )
            })
            .collect()
    }

    pub async fn video(&mut self, artist: i32, video: &str, folder: Option<i32>) -> Answer {
        self.post(
            "/api/video-favorites",
            serde_json::json!({
                "videoId": video, "artistId": artist, "folderId": folder,
                "title": "Live at the Hall", "description": "A concert.",
                "thumbnail": format!("https://i.ytimg.com/vi/{video}/hqdefault.jpg"),
                "url": format!("https://www.youtube.com/watch?v={video}"),
                "artistName": "Someone", "publishedAt": "2024-01-01T00:00:00Z",
                "userId": "somebody-else",
            }),
        )
        .await
    }
}

pub fn ids(list: &serde_json::Value) -> Vec<i32> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_i64().unwrap() as i32)
        .collect()
}
