//! The library routes over HTTP (in process) with real sessions from the accounts crate,
//! on SQLite and PostgreSQL.

mod concurrency;
mod routes;

use std::collections::HashMap;

use axum::body::Body;
use axum::extract::{FromRef, Path, State};
use axum::http::{Method, StatusCode};
use axum::routing::post;
use axum::Router;
use sea_orm::{ActiveValue::Set, DatabaseConnection, EntityTrait, QueryOrder};
use sound_atlas_accounts::{Accounts, AccountsConfig};
use sound_atlas_catalog::Catalog;
use sound_atlas_contract::library::{api, NewFavorite, NewFolder};
use sound_atlas_contract::operation::API_PREFIX;
use sound_atlas_entity::{artist, user};
use sound_atlas_library::Library;
pub use sound_atlas_test_client::{Answer, Browser};

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
    session_cookie: &'static str,
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
                API_PREFIX,
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
            session_cookie: accounts.config().cookie_name(),
            db: db.clone(),
            artists,
        }
    }

    /// A new user, signed in on a new browser.
    pub async fn user(&self, email: &str) -> Fan {
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

    pub fn anonymous(&self) -> Fan {
        Fan {
            browser: Browser::new(self.app.clone(), self.session_cookie),
            user_id: None,
        }
    }
}

/// A browser on the library's site, signed in as `user_id` or not, with the library's
/// calls in its words.
#[derive(Clone)]
pub struct Fan {
    browser: Browser,
    pub user_id: Option<i32>,
}

impl std::ops::Deref for Fan {
    type Target = Browser;

    fn deref(&self) -> &Browser {
        &self.browser
    }
}

impl std::ops::DerefMut for Fan {
    fn deref_mut(&mut self) -> &mut Browser {
        &mut self.browser
    }
}

impl Fan {
    // ---- the library, in the words of the spec

    pub async fn favorite(&mut self, artist: i32, folder: Option<i32>) -> Answer {
        let new = NewFavorite {
            artist_id: artist,
            folder_id: folder,
        };
        self.call(&api::ADD_FAVORITE, &[], &new).await.answer
    }

    pub async fn new_folder(&mut self, name: &str) -> i32 {
        let new = NewFolder {
            name: name.to_owned(),
        };
        let answer = self.call(&api::CREATE_FOLDER, &[], &new).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        answer.value().id
    }

    /// Artist ids of the top-level favorites.
    pub async fn favorite_ids(&mut self) -> Vec<i32> {
        let answer = self.call(&api::FAVORITES, &[], &()).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        answer.value().iter().map(|artist| artist.id).collect()
    }

    /// Folder id -> (name, artist ids).
    pub async fn folders(&mut self) -> HashMap<i32, (String, Vec<i32>)> {
        let answer = self.call(&api::FOLDERS, &[], &()).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        answer
            .value()
            .into_iter()
            .map(|folder| {
                let artists = folder.artists.iter().map(|artist| artist.id).collect();
                (folder.id, (folder.name, artists))
            })
            .collect()
    }

    /// Saves a video favorite; the body also names another user, which is ignored.
    pub async fn video(&mut self, artist: i32, video: &str, folder: Option<i32>) -> Answer {
        self.call_json(
            &api::ADD_VIDEO_FAVORITE,
            &[],
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
        .answer
    }
}
