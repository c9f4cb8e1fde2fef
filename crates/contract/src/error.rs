//! The one JSON error body of every API error.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `{"status": 404, "error": "Not Found", "message": "..."}`: `message` is the
/// user-facing text (the spec's wording where it has one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ErrorBody {
    pub status: u16,
    pub error: String,
    pub message: String,
}
