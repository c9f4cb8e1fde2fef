//! The music quiz's side of the contract: the facts a quiz is
//! generated from, their endpoint and the quiz limits. The quiz itself is generated in
//! the UI (`ui/src/features/quiz/quiz-generator.ts`), on the server and in the browser alike.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::catalog::ArtistKind;
use crate::operation::Endpoint;

/// At most 10 questions.
pub const QUIZ_MAX_QUESTIONS: usize = 10;
/// Only artists whose biography has at least 50 characters.
pub const QUIZ_MIN_BIO_CHARS: usize = 50;
/// Artists a quiz is generated from (a seeded sample): enough for 10 questions and their
/// distractors, small enough for the page that carries them.
pub const QUIZ_SAMPLE_SIZE: usize = 48;
/// Longest quiz seed, in characters (seeds are `A-Z a-z 0-9 - _`).
pub const QUIZ_MAX_SEED_CHARS: usize = 64;

pub mod api {
    use super::*;
    use crate::operation::operations;

    operations! {
        /// A seed's sample of eligible artists, with only what the generator reads.
        pub const QUIZ_FACTS: Endpoint<Vec<QuizFact>> = Endpoint::get(
            "quizFacts",
            "/api/quiz/facts?seed={seed}",
            "Quiz questions for a seed.",
        );
    }
}

/// What the quiz knows about one artist. The biography itself is not sent: only its
/// length (the eligibility rule), the one sentence the generator's fallback reads when a
/// structured fact is missing, and the places it names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuizFact {
    pub id: i32,
    pub title: String,
    pub kind: ArtistKind,
    /// Year formed (band) or born (solo).
    pub year: Option<i32>,
    pub origin: Option<String>,
    pub real_name: Option<String>,
    pub genres: Vec<String>,
    /// Characters in the biography.
    pub bio_length: usize,
    /// The biography's first sentence saying "born" (solo) or "formed" (band), sent only
    /// when the structured year, or a solo artist's real name, is missing.
    pub bio_line: Option<String>,
    /// Home towns of other sampled artists that the biography names (where a band moved
    /// to, say): an Origin distractor there could also be true.
    pub bio_places: Vec<String>,
}
