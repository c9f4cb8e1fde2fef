//! The accounts side of the contract: payloads of `/api/user...` and
//! `/api/auth/...`, their paths and the password limits both sides apply.
//!
//! Request bodies have optional fields so the server can answer a missing one with its
//! own message (never a deserializer's).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::operation::Endpoint;

/// Shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password accepted, in characters (never truncated; longer is refused).
pub const MAX_PASSWORD_CHARS: usize = 1024;

/// The accounts' operations. Reads are also the browser's query keys.
pub mod api {
    use super::*;
    use crate::operation::{operations, Operation};

    const EMAILED_TOKEN: &str = "The emailed token.";

    operations! {
        /// The signed-in user, or `null`.
        pub const USER: Endpoint<Option<User>> =
            Endpoint::get("user", "/api/user", "The signed-in user, or null.");
        /// The data export (a JSON attachment).
        pub const EXPORT: Endpoint<Export> = Endpoint::get(
            "userExport",
            "/api/user/export",
            "The signed-in user's data, as a JSON attachment.",
        )
        .signed_in();
        /// Whether the identity-provider button is shown, and its label.
        pub const OIDC: Endpoint<OidcInfo> = Endpoint::get(
            "identityProvider",
            "/api/auth/oidc",
            "Whether an identity provider is offered.",
        );
        pub const SIGN_UP: Operation<Credentials, Done> = Operation::post(
            "signUp",
            "/api/auth/signup",
            "Create an account (a confirmation link is mailed).",
        );
        pub const RESEND: Operation<EmailOnly, Done> = Operation::post(
            "resend",
            "/api/auth/resend",
            "Mail the confirmation link again.",
        );
        /// The link in the confirmation mail.
        pub const CONFIRMATION_LINK: Operation<(), ()> = Operation::navigation(
            "confirmationLink",
            "/api/auth/confirm?token={token}",
            "The emailed confirmation link: leads to its page on the site, /confirm-email (a form that posts the token).",
        )
        .with_query(&[("token", EMAILED_TOKEN)]);
        pub const CONFIRM: Operation<EmailedLink, User> = Operation::post(
            "confirm",
            "/api/auth/confirm",
            "Confirm an address with the password chosen at sign-up (or, where several sign-ups claimed it, the password to keep) and sign in.",
        )
        .or_form_redirect();
        pub const SIGN_IN: Operation<Credentials, User> = Operation::post(
            "signIn",
            "/api/auth/signin",
            "Sign in with email and password.",
        );
        pub const SIGN_OUT: Operation<(), Done> =
            Operation::post("signOut", "/api/auth/signout", "End this session.").bodiless();
        pub const REQUEST_CODE: Operation<CodeRequest, Done> = Operation::post(
            "requestCode",
            "/api/auth/otp",
            "Mail a one-time sign-in code.",
        );
        pub const VERIFY_CODE: Operation<CodeCheck, User> = Operation::post(
            "verifyCode",
            "/api/auth/verify",
            "Sign in with a mailed code.",
        );
        pub const RECOVER: Operation<EmailOnly, Done> = Operation::post(
            "recover",
            "/api/auth/recover",
            "Mail a password reset link.",
        );
        /// The link in the password reset mail.
        pub const RECOVERY_LINK: Operation<(), ()> = Operation::navigation(
            "recoveryLink",
            "/api/auth/recover/complete?token={token}",
            "The emailed reset link: leads to its page on the site, /new-password (a form that posts the new password).",
        )
        .with_query(&[("token", EMAILED_TOKEN)]);
        pub const SET_NEW_PASSWORD: Operation<EmailedLink, User> = Operation::post(
            "setNewPassword",
            "/api/auth/recover/complete",
            "Set a new password from a reset link and sign in.",
        )
        .or_form_redirect();
        pub const DELETE_ACCOUNT: Operation<(), Deleted> = Operation::delete(
            "deleteAccount",
            "/api/user/delete",
            "Delete the account and all its data.",
        )
        .signed_in();
        /// Takes no body: the mail goes to the deleted (or signed-in) account's own address,
        /// known from the session (a body naming an address, as older clients send, is ignored).
        pub const DELETION_CONFIRMATION: Operation<(), Done> = Operation::post(
            "deletionConfirmation",
            "/api/user/deletion-confirmation",
            "Right after a deletion, mail its confirmation to the deleted account's address (once); signed in, a notice that a deletion was asked for. The address comes from the session, never from the request.",
        )
        .signed_in()
        .bodiless();
        /// A browser navigation, not a fetch.
        pub const PROVIDER_SIGN_IN: Operation<(), ()> = Operation::navigation(
            "providerSignIn",
            "/api/auth/oidc/start?redirectTo={redirectTo}",
            "Start signing in with the identity provider (a browser navigation).",
        )
        .with_query(&[(
            "redirectTo",
            "Where to go once signed in (a path on this site).",
        )]);
        /// Where the identity provider sends the browser back.
        pub const PROVIDER_CALLBACK: Operation<(), ()> = Operation::navigation(
            "providerCallback",
            "/api/auth/oidc/callback",
            "The identity provider's answer.",
        )
        .with_query(&[
            ("code", "The provider's authorization code."),
            ("state", "The state sent at the start."),
            ("error", "Present when the provider refused."),
        ]);
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

/// Following an emailed link from its page's form: the link's token and a password (the
/// confirmation's: the one chosen at sign-up; the recovery's: the new one).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailedLink {
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
