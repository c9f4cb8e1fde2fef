//! The accounts side of the contract (issue 5): payloads of `/api/user...` and
//! `/api/auth/...`, their paths and the password limits both sides apply.
//!
//! Request bodies have optional fields so the server can answer a missing one with its
//! own message (never a deserializer's).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::endpoint::Endpoint;

/// Shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password accepted, in characters (never truncated; longer is refused).
pub const MAX_PASSWORD_CHARS: usize = 1024;

/// `GET` reads (also the browser's query keys).
pub mod api {
    use super::*;

    /// The signed-in user, or `null`.
    pub const USER: Endpoint<Option<User>> = Endpoint::new("user", "/api/user");
    /// The data export (a JSON attachment).
    pub const EXPORT: Endpoint<Export> = Endpoint::new("userExport", "/api/user/export");
    /// Whether the identity-provider button is shown, and its label.
    pub const OIDC: Endpoint<OidcInfo> = Endpoint::new("identityProvider", "/api/auth/oidc");
}

/// Paths of the state-changing calls and of the browser navigations (method, path).
pub mod actions {
    pub const SIGN_UP: (&str, &str) = ("POST", "/api/auth/signup");
    pub const RESEND: (&str, &str) = ("POST", "/api/auth/resend");
    pub const CONFIRM: (&str, &str) = ("POST", "/api/auth/confirm");
    pub const SIGN_IN: (&str, &str) = ("POST", "/api/auth/signin");
    pub const SIGN_OUT: (&str, &str) = ("POST", "/api/auth/signout");
    pub const REQUEST_CODE: (&str, &str) = ("POST", "/api/auth/otp");
    pub const VERIFY_CODE: (&str, &str) = ("POST", "/api/auth/verify");
    pub const RECOVER: (&str, &str) = ("POST", "/api/auth/recover");
    pub const SET_NEW_PASSWORD: (&str, &str) = ("POST", "/api/auth/recover/complete");
    pub const DELETE_ACCOUNT: (&str, &str) = ("DELETE", "/api/user/delete");
    pub const DELETION_CONFIRMATION: (&str, &str) = ("POST", "/api/user/deletion-confirmation");
    /// A browser navigation (`?redirectTo=/path`), not a fetch.
    pub const PROVIDER_SIGN_IN: (&str, &str) = ("GET", "/api/auth/oidc/start");
    pub const PROVIDER_CALLBACK: (&str, &str) = ("GET", "/api/auth/oidc/callback");

    /// (name in the generated TypeScript, (method, path)).
    pub const ALL: &[(&str, (&str, &str))] = &[
        ("signUp", SIGN_UP),
        ("resend", RESEND),
        ("confirm", CONFIRM),
        ("signIn", SIGN_IN),
        ("signOut", SIGN_OUT),
        ("requestCode", REQUEST_CODE),
        ("verifyCode", VERIFY_CODE),
        ("recover", RECOVER),
        ("setNewPassword", SET_NEW_PASSWORD),
        ("deleteAccount", DELETE_ACCOUNT),
        ("deletionConfirmation", DELETION_CONFIRMATION),
        ("providerSignIn", PROVIDER_SIGN_IN),
        ("providerCallback", PROVIDER_CALLBACK),
    ];

    /// The route inside the `/api` router.
    pub fn route(action: (&'static str, &'static str)) -> &'static str {
        action
            .1
            .strip_prefix("/api")
            .expect("API paths start with /api")
    }
}

/// `GET /api/user` when signed in (signed out: JSON `null`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i32,
    pub email: String,
}

/// Sign-up and password sign-in.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub email: Option<String>,
    pub password: Option<String>,
}

/// Requests that only name an address (resend, recovery, deletion confirmation).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailOnly {
    pub email: Option<String>,
}

/// Asking for a one-time sign-in code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeRequest {
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// Signing in with an emailed code.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeCheck {
    pub email: Option<String>,
    pub token: Option<String>,
}

/// Following an emailed link (confirmation), from its page's form.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkToken {
    pub token: Option<String>,
    pub redirect_to: Option<String>,
}

/// Setting a new password from a recovery link.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPassword {
    pub token: Option<String>,
    pub password: Option<String>,
    pub redirect_to: Option<String>,
}

/// A plain acknowledgement: what happened, in words for a toast.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    pub message: String,
}

/// `DELETE /api/user/delete`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deleted {
    pub success: bool,
    pub message: String,
}

/// The data export file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Export {
    pub profile: ExportProfile,
    #[ts(type = "unknown[]")]
    pub favorites: Vec<serde_json::Value>,
    #[ts(type = "unknown[]")]
    pub folders: Vec<serde_json::Value>,
    #[ts(type = "unknown[]")]
    pub video_favorites: Vec<serde_json::Value>,
    /// RFC 3339.
    pub export_date: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportProfile {
    pub email: String,
    /// Sound Atlas accounts have no user name; always null.
    pub username: Option<String>,
    /// RFC 3339.
    pub created: String,
}

/// `GET /api/auth/oidc`: whether to show the identity-provider button, and its label.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OidcInfo {
    pub enabled: bool,
    pub name: Option<String>,
}
