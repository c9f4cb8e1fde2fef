//! Request and response bodies of the accounts routes (camelCase JSON).

use serde::{Deserialize, Serialize};

/// `GET /api/user` when signed in (signed out: JSON `null`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i32,
    pub email: String,
}

/// Sign-up and password sign-in.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub email: Option<String>,
    pub password: Option<String>,
}

/// Requests that only name an address (resend, recovery, deletion confirmation).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailOnly {
    pub email: Option<String>,
}

/// Asking for a one-time sign-in code.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeRequest {
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// Signing in with an emailed code.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeCheck {
    pub email: Option<String>,
    pub token: Option<String>,
}

/// Following an emailed link (confirmation), from its page's form.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkToken {
    pub token: Option<String>,
    #[serde(alias = "redirect_to")]
    pub redirect_to: Option<String>,
}

/// Setting a new password from a recovery link.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewPassword {
    pub token: Option<String>,
    pub password: Option<String>,
    #[serde(alias = "redirect_to")]
    pub redirect_to: Option<String>,
}

/// A plain acknowledgement: what happened, in words for a toast.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    pub message: String,
}

/// `DELETE /api/user/delete`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Deleted {
    pub success: bool,
    pub message: String,
}

/// The data export file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Export {
    pub profile: ExportProfile,
    pub favorites: Vec<serde_json::Value>,
    pub folders: Vec<serde_json::Value>,
    pub video_favorites: Vec<serde_json::Value>,
    /// RFC 3339.
    pub export_date: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ExportProfile {
    pub email: String,
    /// Sound Atlas accounts have no user name; always null.
    pub username: Option<String>,
    /// RFC 3339.
    pub created: String,
}

/// `GET /api/auth/oidc`: whether to show the identity-provider button, and its label.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OidcInfo {
    pub enabled: bool,
    pub name: Option<String>,
}
