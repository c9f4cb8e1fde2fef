//! Reading artists' items from the open knowledge base (`wbgetentities`, found by their
//! English encyclopedia page): identifiers, the image's file name, birth name, date
//! born or formed, and a band's members with their start and end qualifiers.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

pub const IMAGE: &str = "P18";
pub const MUSICBRAINZ_ARTIST: &str = "P434";
pub const SPOTIFY_ARTIST: &str = "P1902";
pub const APPLE_MUSIC_ARTIST: &str = "P2850";
pub const TIDAL_ARTIST: &str = "P4576";
pub const AMAZON_MUSIC_ARTIST: &str = "P6276";
pub const YOUTUBE_CHANNEL: &str = "P2397";
pub const BIRTH_NAME: &str = "P1477";
pub const DATE_OF_BIRTH: &str = "P569";
pub const INCEPTION: &str = "P571";
pub const HAS_PART: &str = "P527";
pub const START_TIME: &str = "P580";
pub const END_TIME: &str = "P582";
pub const INSTANCE_OF: &str = "P31";
pub const OCCUPATION: &str = "P106";
pub const GENRE: &str = "P136";
pub const PLACE_OF_BIRTH: &str = "P19";
pub const LOCATION_OF_FORMATION: &str = "P740";
pub const COUNTRY_OF_ORIGIN: &str = "P495";

/// The answer of `wbgetentities`: found items by id, and "-1", "-2"... for titles with
/// no item (`missing`).
#[derive(Debug, Deserialize)]
pub struct Entities {
    #[serde(default)]
    pub entities: HashMap<String, Entity>,
}

/// An item, reading only what the catalogue uses: each property's statements are kept
/// as their JSON text and parsed when asked for (an artist's item has a hundred
/// properties with their references; a few are read), and of the labels and sitelinks
/// only the English and multilingual ones.
#[derive(Debug, Deserialize)]
pub struct Entity {
    pub id: Option<String>,
    #[serde(default)]
    claims: HashMap<String, Box<RawValue>>,
    #[serde(default)]
    pub sitelinks: Sitelinks,
    #[serde(default)]
    labels: Labels,
}

#[derive(Debug, Default, Deserialize)]
pub struct Sitelinks {
    pub enwiki: Option<Sitelink>,
}

#[derive(Debug, Default, Deserialize)]
struct Labels {
    en: Option<Label>,
    mul: Option<Label>,
}

#[derive(Debug, Deserialize)]
pub struct Sitelink {
    pub title: String,
}

#[derive(Debug, Deserialize)]
pub struct Label {
    pub value: String,
}

#[derive(Debug, Deserialize)]
pub struct Claim {
    pub mainsnak: Snak,
    #[serde(default)]
    pub rank: String,
    #[serde(default)]
    pub qualifiers: HashMap<String, Vec<Snak>>,
}

#[derive(Debug, Deserialize)]
pub struct Snak {
    pub snaktype: String,
    pub datavalue: Option<DataValue>,
}

#[derive(Debug, Deserialize)]
pub struct DataValue {
    pub value: Value,
}

impl Snak {
    fn value(&self) -> Option<&Value> {
        (self.snaktype == "value")
            .then_some(self.datavalue.as_ref())
            .flatten()
            .map(|d| &d.value)
    }
}

/// A page title as the encyclopedia's links write it ("Queen_(band)", percent-encoded)
/// as the knowledge base names it ("Queen (band)").
pub fn title_of(link_title: &str) -> String {
    let decoded = url::form_urlencoded::parse(
        format!("t={}", link_title.replace('+', "%2B").replace('&', "%26")).as_bytes(),
    )
    .next()
    .map(|(_, v)| v.into_owned())
    .unwrap_or_default();
    decoded.replace('_', " ")
}

impl Entity {
    /// The statements for `property` that count: the preferred ones if any, else the
    /// normal ones (deprecated never), with a value.
    /// (A property whose statements do not have the documented shape has none.)
    fn best(&self, property: &str) -> Vec<Claim> {
        let claims: Vec<Claim> = self
            .claims
            .get(property)
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
            .unwrap_or_default();
        let with_value = |c: &Claim| c.mainsnak.value().is_some();
        let (preferred, rest): (Vec<Claim>, Vec<Claim>) = claims
            .into_iter()
            .filter(with_value)
            .partition(|c| c.rank == "preferred");
        if !preferred.is_empty() {
            return preferred;
        }
        rest.into_iter()
            .filter(|c| c.rank != "deprecated")
            .collect()
    }

    /// The first string value of `property` (identifiers, file names).
    pub fn string(&self, property: &str) -> Option<String> {
        self.best(property)
            .into_iter()
            .find_map(|c| c.mainsnak.value()?.as_str().map(str::to_owned))
            .filter(|s| !s.trim().is_empty())
    }

    /// The item ids `property` names (instance of, occupation, genres, places).
    pub fn items(&self, property: &str) -> Vec<String> {
        self.best(property)
            .into_iter()
            .filter_map(|c| Some(c.mainsnak.value()?.get("id")?.as_str()?.to_owned()))
            .collect()
    }

    /// The first monolingual text of `property` (birth name).
    pub fn text(&self, property: &str) -> Option<String> {
        self.best(property).into_iter().find_map(|c| {
            let text = c.mainsnak.value()?.get("text")?.as_str()?.trim();
            (!text.is_empty()).then(|| text.to_owned())
        })
    }

    /// The first date of `property`, to its precision.
    pub fn date(&self, property: &str) -> Option<String> {
        self.best(property)
            .into_iter()
            .find_map(|c| time_value(c.mainsnak.value()?))
    }

    /// Items of `property`, one entry per spell its start and end qualifiers state:
    /// (item id, start year, end year, whether an end is stated). A member who left and
    /// came back has one statement with several starts and ends, paired in order.
    pub fn parts(&self, property: &str) -> Vec<(String, Option<i32>, Option<i32>, bool)> {
        self.best(property)
            .into_iter()
            .filter_map(|c| {
                let id = c.mainsnak.value()?.get("id")?.as_str()?.to_owned();
                let years = |qualifier: &str| -> Vec<i32> {
                    let mut years: Vec<i32> = c
                        .qualifiers
                        .get(qualifier)
                        .into_iter()
                        .flatten()
                        .filter_map(|s| time_value(s.value()?)?[..4].parse().ok())
                        .collect();
                    years.sort_unstable();
                    years
                };
                let spells = spells(&years(START_TIME), &years(END_TIME))
                    .unwrap_or_else(|| vec![(None, None, c.qualifiers.contains_key(END_TIME))]);
                Some(
                    spells
                        .into_iter()
                        .map(move |(from, until, ended)| (id.clone(), from, until, ended)),
                )
            })
            .flatten()
            .collect()
    }

    /// The item's name to show: its English label, else its multilingual (`mul`) one,
    /// where the knowledge base now keeps names that read alike in every language.
    pub fn readable_label(&self) -> Option<String> {
        [&self.labels.en, &self.labels.mul]
            .into_iter()
            .find_map(Option::as_ref)
            .map(|label| label.value.trim().to_owned())
            .filter(|name| !name.is_empty())
    }
}

/// A spell: start year, end year, whether an end is stated.
pub(crate) type Spell = (Option<i32>, Option<i32>, bool);

/// Spells from sorted start and end years: each start ends at the first end from it
/// up to the next start (none: still on). No years at all: None.
pub(crate) fn spells(starts: &[i32], ends: &[i32]) -> Option<Vec<Spell>> {
    if starts.is_empty() {
        let last_end = ends.last().copied()?;
        return Some(vec![(None, Some(last_end), true)]);
    }
    Some(
        starts
            .iter()
            .enumerate()
            .map(|(n, &from)| {
                let next = starts.get(n + 1).copied();
                let until = ends
                    .iter()
                    .copied()
                    .find(|&end| end >= from && next.is_none_or(|next| end <= next));
                (Some(from), until, until.is_some())
            })
            .collect(),
    )
}

/// A time value ("+1946-09-05T00:00:00Z", precision 11 day, 10 month, 9 year) as ISO
/// 8601 to its precision; none for coarser precision or years before 1000.
pub fn time_value(value: &Value) -> Option<String> {
    let time = value.get("time")?.as_str()?.strip_prefix('+')?;
    let precision = value.get("precision")?.as_u64()?;
    let (year, rest) = time.split_once('-')?;
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let month = rest.get(0..2)?;
    let day = rest.get(3..5)?;
    match precision {
        11 if month != "00" && day != "00" => Some(format!("{year}-{month}-{day}")),
        10 | 11 if month != "00" => Some(format!("{year}-{month}")),
        9..=11 => Some(year.to_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_member_who_left_and_came_back_has_every_spell_in_order() {
        let time = |year: &str| {
            json!({ "snaktype": "value", "property": "P580", "datavalue": { "type": "time",
                "value": { "time": format!("+{year}-00-00T00:00:00Z"), "precision": 9 } } })
        };
        let item: Entity = serde_json::from_value(json!({
            "type": "item", "id": "Q1",
            "claims": { "P527": [{
                "type": "statement", "rank": "normal",
                "mainsnak": { "snaktype": "value", "property": "P527", "datavalue": {
                    "type": "wikibase-entityid", "value": { "entity-type": "item", "id": "Q2" } } },
                "qualifiers": {
                    "P580": [time("1995"), time("1968"), time("1981")],
                    "P582": [time("1979"), time("1990")]
                }
            }] }
        }))
        .unwrap();
        assert_eq!(
            item.parts("P527"),
            [
                ("Q2".to_owned(), Some(1968), Some(1979), true),
                ("Q2".to_owned(), Some(1981), Some(1990), true),
                ("Q2".to_owned(), Some(1995), None, false),
            ]
        );
        assert_eq!(spells(&[], &[]), None);
        assert_eq!(spells(&[], &[1990]), Some(vec![(None, Some(1990), true)]));
    }

    #[test]
    fn a_name_kept_only_in_the_multilingual_label_is_read() {
        let entity = |labels| -> Entity {
            serde_json::from_value(json!({ "type": "item", "id": "Q1", "labels": labels })).unwrap()
        };
        let mul_only = entity(json!({ "mul": { "language": "mul", "value": "Björk" } }));
        assert_eq!(mul_only.readable_label().as_deref(), Some("Björk"));
        let both = entity(json!({
            "en": { "language": "en", "value": "The English Name" },
            "mul": { "language": "mul", "value": "Multilingual" }
        }));
        assert_eq!(both.readable_label().as_deref(), Some("The English Name"));
        assert_eq!(
            entity(json!({ "de": { "language": "de", "value": "Nur Deutsch" } })).readable_label(),
            None
        );
    }

    #[test]
    fn times_keep_their_precision() {
        let t = |time: &str, precision: u64| {
            time_value(&json!({ "time": time, "precision": precision }))
        };
        assert_eq!(
            t("+1946-09-05T00:00:00Z", 11).as_deref(),
            Some("1946-09-05")
        );
        assert_eq!(t("+1946-09-05T00:00:00Z", 10).as_deref(), Some("1946-09"));
        assert_eq!(t("+1970-00-00T00:00:00Z", 9).as_deref(), Some("1970"));
        assert_eq!(t("+1970-00-00T00:00:00Z", 11).as_deref(), Some("1970"));
        assert_eq!(t("+1970-00-00T00:00:00Z", 8), None);
        assert_eq!(t("-0500-00-00T00:00:00Z", 9), None);
    }

    #[test]
    fn link_titles_become_item_titles() {
        assert_eq!(title_of("Queen_(band)"), "Queen (band)");
        assert_eq!(title_of("Bj%C3%B6rk"), "Björk");
        assert_eq!(title_of("AC/DC"), "AC/DC");
        assert_eq!(title_of("Simon_%26_Garfunkel"), "Simon & Garfunkel");
        assert_eq!(title_of("Simon_&_Garfunkel"), "Simon & Garfunkel");
        assert_eq!(title_of("Earth,_Wind_%2B_Fire"), "Earth, Wind + Fire");
    }
}
