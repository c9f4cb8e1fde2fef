//! `GET /api/quiz/facts?seed=`: the catalogue facts the music quiz is generated from
//! (the generator is `ui/src/features/quiz/quiz-generator.ts`).
//!
//! Sized for the quiz rather than for the catalogue: a quiz asks at most 10 questions, so
//! the answer is a sample of [`QUIZ_SAMPLE_SIZE`] eligible artists picked by the seed, each
//! with only the fields the generator reads. The sample is a function of the seed and the
//! catalogue, so a shared quiz URL gives the same quiz to everyone (and the server-rendered
//! page the same quiz as the browser) until the catalogue changes.
//!
//! Biographies are not sent: the generator needs their length (only artists with at least
//! 50 characters are eligible), the one sentence its fallback reads when a structured year
//! or real name is missing, and which places they name (a distractor there could be true).

use serde::{de, Deserialize, Deserializer};
use sound_atlas_contract::quiz::{QUIZ_MAX_SEED_CHARS, QUIZ_MIN_BIO_CHARS, QUIZ_SAMPLE_SIZE};
use sound_atlas_web::{ApiError, ApiResult};

pub use sound_atlas_contract::quiz::QuizFact;

use crate::model::{Artist, ArtistKind};
use crate::stable_hash::{fnv1a, spread};
use crate::store::{Catalog, Entry};

/// A fallback sentence longer than this is cut (it is shown in an explanation).
const MAX_BIO_LINE_CHARS: usize = 300;

pub const INVALID_SEED: &str = "Quiz seed must be 1 to 64 letters, digits, '-' or '_'";

/// A quiz seed from a URL: 1 to 64 of `A-Z a-z 0-9 - _` (so it needs no escaping).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QuizSeed(String);

impl QuizSeed {
    pub fn parse(raw: Option<&str>) -> ApiResult<QuizSeed> {
        let raw = raw.unwrap_or("");
        let valid = !raw.is_empty()
            && raw.chars().count() <= QUIZ_MAX_SEED_CHARS
            && raw
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if valid {
            Ok(QuizSeed(raw.to_owned()))
        } else {
            Err(ApiError::bad_request(INVALID_SEED))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for QuizSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// From `?seed=`: 400 when missing or malformed.
impl<'de> Deserialize<'de> for QuizSeed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Option::<std::borrow::Cow<str>>::deserialize(deserializer)?;
        QuizSeed::parse(raw.as_deref()).map_err(de::Error::custom)
    }
}

/// The quiz facts API's `?seed=`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct QuizRequest {
    pub seed: QuizSeed,
}

/// `GET /api/quiz/facts?seed=`.
pub async fn facts(catalog: &Catalog, seed: &QuizSeed) -> ApiResult<Vec<QuizFact>> {
    let snapshot = catalog.snapshot(false).await?;
    let ids = sample(snapshot.entries(), seed);
    Ok(facts_of(&catalog.artists(&ids).await?))
}

/// The ids of the seed's sample of eligible artists, in rank order.
///
/// Rendezvous sampling: rank every eligible artist by a hash of (seed, external id) and
/// keep the lowest ranks. Stable across runs and machines, and adding one artist to the
/// catalogue changes a seed's sample by at most that artist.
pub fn sample<'a>(entries: impl IntoIterator<Item = &'a Entry>, seed: &QuizSeed) -> Vec<i32> {
    let seed = fnv1a(seed.as_str().bytes());
    let mut eligible: Vec<(u64, i32)> = entries
        .into_iter()
        .filter(|e| e.bio_chars as usize >= QUIZ_MIN_BIO_CHARS && !e.title.trim().is_empty())
        .map(|e| (spread(seed ^ e.external_key), e.id))
        .collect();
    // Only the sample is sorted (the catalogue may hold millions).
    if eligible.len() > QUIZ_SAMPLE_SIZE {
        eligible.select_nth_unstable(QUIZ_SAMPLE_SIZE);
        eligible.truncate(QUIZ_SAMPLE_SIZE);
    }
    eligible.sort_unstable();
    eligible.into_iter().map(|(_, id)| id).collect()
}

/// The quiz facts of a sample of artists.
pub fn facts_of(sample: &[Artist]) -> Vec<QuizFact> {
    let towns: Vec<&str> = sample
        .iter()
        .filter_map(|a| a.origin.as_deref())
        .filter_map(|o| o.split(',').next())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();

    sample
        .iter()
        .map(|a| {
            let bio = a.bio.as_deref().unwrap_or("");
            let needs_line = a.year.is_none() || (!a.is_band() && a.real_name.is_none());
            let own_origin = a.origin.as_deref().unwrap_or("");
            let mut bio_places: Vec<String> = towns
                .iter()
                .filter(|town| !own_origin.contains(*town) && names_word(bio, town))
                .map(|town| (*town).to_owned())
                .collect();
            bio_places.sort();
            bio_places.dedup();
            QuizFact {
                id: a.id,
                title: a.title.clone(),
                kind: if a.is_band() {
                    ArtistKind::Band
                } else {
                    ArtistKind::Solo
                },
                year: a.year,
                origin: a.origin.clone(),
                real_name: a.real_name.clone(),
                genres: a.genres.clone(),
                bio_length: bio_chars(a),
                bio_line: if needs_line {
                    first_sentence_with(bio, if a.is_band() { "formed" } else { "born" }, &a.title)
                } else {
                    None
                },
                bio_places,
            }
        })
        .collect()
}

fn bio_chars(artist: &Artist) -> usize {
    artist
        .bio
        .as_deref()
        .map_or(0, |b| b.trim().chars().count())
}

/// Whether `text` contains `word` with no letter or digit right before or after it.
fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(start, _)| {
        let before = text[..start].chars().next_back();
        let after = text[start + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The first sentence containing the word `verb` (any case) outside the artist's name
/// ("Formed Late make noise." does not say when the band formed), cut to a bounded length.
fn first_sentence_with(bio: &str, verb: &str, title: &str) -> Option<String> {
    sentences(bio)
        .find(|s| {
            s.replace(title, " ")
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.eq_ignore_ascii_case(verb))
        })
        .map(|s| {
            if s.chars().count() > MAX_BIO_LINE_CHARS {
                s.chars().take(MAX_BIO_LINE_CHARS).collect()
            } else {
                s.to_owned()
            }
        })
}

/// Sentences end at '.', '!' or '?' followed by whitespace (or the end).
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text.trim();
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = rest.len();
        let mut chars = rest.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if matches!(c, '.' | '!' | '?')
                && chars.peek().is_none_or(|(_, next)| next.is_whitespace())
            {
                end = i + c.len_utf8();
                break;
            }
        }
        let sentence = rest[..end].trim();
        rest = rest[end..].trim_start();
        Some(sentence)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_short_url_safe_words() {
        assert!(QuizSeed::parse(Some("abc-123_XY")).is_ok());
        for bad in [None, Some(""), Some("a b"), Some("a/b"), Some("é")] {
            assert!(
                matches!(QuizSeed::parse(bad), Err(ApiError::BadRequest(ref m)) if m == INVALID_SEED),
                "{bad:?} should be refused"
            );
        }
        assert!(QuizSeed::parse(Some(&"a".repeat(64))).is_ok());
        assert!(QuizSeed::parse(Some(&"a".repeat(65))).is_err());
    }

    #[test]
    fn the_fallback_sentence_is_the_first_saying_born_or_formed() {
        let bio =
            "Riley B. King was a guitarist. He was born in Itta Bena in 1925! He died in 2015.";
        assert_eq!(
            first_sentence_with(bio, "born", "B.B. King").as_deref(),
            Some("He was born in Itta Bena in 1925!")
        );
        assert_eq!(first_sentence_with(bio, "formed", "B.B. King"), None);
        assert_eq!(
            first_sentence_with("Reborn in 1990. Formed in 1991.", "formed", "X").as_deref(),
            Some("Formed in 1991.")
        );
        assert_eq!(
            first_sentence_with(
                "Born Free play. Born Free was born in 1991.",
                "born",
                "Born Free"
            )
            .as_deref(),
            Some("Born Free was born in 1991.")
        );
    }

    #[test]
    fn places_are_named_as_whole_words() {
        assert!(names_word(
            "They moved to Los Angeles in 1990.",
            "Los Angeles"
        ));
        assert!(!names_word("They moved to Parisville.", "Paris"));
        assert!(!names_word("A Yorkshire band.", "York"));
    }
}
