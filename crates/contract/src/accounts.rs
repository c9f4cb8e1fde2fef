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
        /// What the confirmation page shows, read when it renders (changes nothing).
        pub const CONFIRMATION_LINK_STATE: Endpoint<LinkState> = Endpoint::get(
            "confirmationLinkState",
            "/api/auth/confirm/state?token={token}",
            "Whether an emailed confirmation link is live, contested (several sign-ups claimed the address: its holder chooses the password), used, or invalid or expired.",
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
        /// What the new-password page shows, read when it renders (changes nothing).
        pub const RECOVERY_LINK_STATE: Endpoint<LinkState> = Endpoint::get(
            "recoveryLinkState",
            "/api/auth/recover/state?token={token}",
            "Whether an emailed reset link is live, used, or invalid or expired.",
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
    /// The password typed a second time, where the page asks for a new one twice: when
    /// sent, it must be the same.
    pub password_again: Option<String>,
    pub redirect_to: Option<String>,
}

/// What an emailed link can still do, as its page shows it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum LinkState {
    /// It can be used: confirming asks for the sign-up's password, a reset for a new one.
    Live,
    /// A confirmation link of an address several sign-ups claimed: no sign-up's password
    /// is kept, so its holder chooses the account's password.
    Contested,
    /// It was used already (mail apps and people open a link twice).
    Used,
    /// Unknown, expired, or ended by too many wrong passwords.
    Invalid,
}

/// Why an emailed link's form was refused, as a plain form post's redirect back to the
/// page names it (`?error=` with the code; the page shows the message). A script gets
/// the message itself in the JSON error. Any other failure is [`LINK_FAILED`].
pub struct LinkError {
    pub code: &'static str,
    pub message: &'static str,
}

pub const BAD_LINK: &str = "Email link is invalid or has expired";
pub const LINK_USED: &str =
    "This link was already used. Sign in with your password, or ask for a new link.";
pub const NOT_THE_SIGN_UP_PASSWORD: &str = "That is not the password chosen when signing up \
    with this address. Enter that password, or choose a new one with \"Forgot your password?\".";
pub const PASSWORDS_DIFFER: &str = "The two passwords are not the same.";
pub const PASSWORD_REQUIRED: &str = "Email and password are required.";
pub const PASSWORD_TOO_SHORT: &str = "Password should be at least 8 characters.";
pub const PASSWORD_TOO_LONG: &str = "Password should be at most 1024 characters.";
pub const BLANK_PASSWORD: &str = "Password cannot consist of spaces only.";
pub const COMMON_PASSWORD: &str =
    "Password is known to be weak and easy to guess, please choose a different one.";
pub const LINK_FAILED: LinkError = LinkError {
    code: "failed",
    message: "That did not work. Please try again.",
};

/// The refusals an emailed link's form names by code.
pub const LINK_ERRORS: &[LinkError] = &[
    LinkError {
        code: "invalid",
        message: BAD_LINK,
    },
    LinkError {
        code: "used",
        message: LINK_USED,
    },
    LinkError {
        code: "wrong-password",
        message: NOT_THE_SIGN_UP_PASSWORD,
    },
    LinkError {
        code: "passwords-differ",
        message: PASSWORDS_DIFFER,
    },
    LinkError {
        code: "password-required",
        message: PASSWORD_REQUIRED,
    },
    LinkError {
        code: "password-short",
        message: PASSWORD_TOO_SHORT,
    },
    LinkError {
        code: "password-long",
        message: PASSWORD_TOO_LONG,
    },
    LinkError {
        code: "password-blank",
        message: BLANK_PASSWORD,
    },
    LinkError {
        code: "password-common",
        message: COMMON_PASSWORD,
    },
    LINK_FAILED,
];

/// The code of a refusal's message (any message not listed: [`LINK_FAILED`]'s).
pub fn link_error_code(message: &str) -> &'static str {
    LINK_ERRORS
        .iter()
        .find(|error| error.message == message)
        .unwrap_or(&LINK_FAILED)
        .code
}

/// The query parameter a plain form post's redirect names a [`LinkError`] code with.
pub const LINK_ERROR_PARAM: &str = "error";
/// The query parameter a plain form post's redirect after success names a notice with
/// (the page it lands on shows it once, then drops it from the address).
pub const NOTICE_PARAM: &str = "notice";
/// Notices: the address confirmed (with the sign-up's password), confirmed with a
/// password chosen on a contested link, a new password set from a reset link.
pub const NOTICE_EMAIL_CONFIRMED: &str = "email-confirmed";
pub const NOTICE_PASSWORD_CHOSEN: &str = "password-chosen";
pub const NOTICE_PASSWORD_SET: &str = "password-set";

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_messages_name_the_limits() {
        assert_eq!(
            PASSWORD_TOO_SHORT,
            format!("Password should be at least {MIN_PASSWORD_CHARS} characters.")
        );
        assert_eq!(
            PASSWORD_TOO_LONG,
            format!("Password should be at most {MAX_PASSWORD_CHARS} characters.")
        );
    }

    #[test]
    fn every_refusal_has_its_own_code() {
        let mut codes: Vec<_> = LINK_ERRORS.iter().map(|e| e.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), LINK_ERRORS.len());
        assert_eq!(link_error_code(LINK_USED), "used");
        assert_eq!(link_error_code("anything else"), LINK_FAILED.code);
    }
}
