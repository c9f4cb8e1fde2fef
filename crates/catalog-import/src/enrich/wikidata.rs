//! Reading artists' items from the open knowledge base (`wbgetentities`, found by their
//! English encyclopedia page): identifiers, the image's file name, birth name, date
//! born or formed, and a band's members with their start and end qualifiers.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;
use sound_atlas_catalog::artist_lists::MemberSpell;
use sound_atlas_contract::catalog::YearPrecision;

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
pub const DATE_OF_DEATH: &str = "P570";
pub const DISSOLVED: &str = "P576";
pub const HAS_PART: &str = "P527";
/// A person's membership of a group, stated from the person's side.
pub const MEMBER_OF: &str = "P463";
pub const START_TIME: &str = "P580";
pub const END_TIME: &str = "P582";
pub const INSTANCE_OF: &str = "P31";
pub const OCCUPATION: &str = "P106";
pub const GENRE: &str = "P136";
pub const PLACE_OF_BIRTH: &str = "P19";
pub const LOCATION_OF_FORMATION: &str = "P740";
pub const COUNTRY_OF_ORIGIN: &str = "P495";
pub const COUNTRY_OF_CITIZENSHIP: &str = "P27";
pub const COUNTRY: &str = "P17";

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
    /// Kept as their JSON text: an item has labels in hundreds of languages, and most
    /// readers want the English or multilingual one.
    labels: Option<Box<RawValue>>,
    /// Other names by language, kept as their JSON text as the labels are.
    aliases: Option<Box<RawValue>>,
    /// Short descriptions by language, kept as the labels are.
    descriptions: Option<Box<RawValue>>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Sitelinks {
    pub enwiki: Option<Sitelink>,
}

/// The labels the name is read from: English, multilingual (`mul`), else any other.
#[derive(Debug, Default, Deserialize)]
struct ReadableLabels {
    en: Option<Label>,
    mul: Option<Label>,
}

/// The aliases read: English and multilingual.
#[derive(Debug, Default, Deserialize)]
struct ReadableAliases {
    #[serde(default)]
    en: Vec<Label>,
    #[serde(default)]
    mul: Vec<Label>,
}

/// Most aliases kept of an item (some list dozens: spellings, misspellings).
pub const MAX_ALIASES: usize = 10;

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
    /// Every statement of `property` with a value.
    /// (A property whose statements do not have the documented shape has none.)
    fn statements(&self, property: &str) -> Vec<Claim> {
        let claims: Vec<Claim> = self
            .claims
            .get(property)
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
            .unwrap_or_default();
        claims
            .into_iter()
            .filter(|c| c.mainsnak.value().is_some())
            .collect()
    }

    /// The statements of a single-valued fact (an image, a date): the preferred ones if
    /// any, else the normal ones, never the deprecated.
    fn best(&self, property: &str) -> Vec<Claim> {
        let (preferred, rest): (Vec<Claim>, Vec<Claim>) = self
            .statements(property)
            .into_iter()
            .partition(|c| c.rank == "preferred");
        if !preferred.is_empty() {
            return preferred;
        }
        rest.into_iter()
            .filter(|c| c.rank != "deprecated")
            .collect()
    }

    /// The statements of a list (members, genres): every one not deprecated; where a
    /// preferred statement and others state the same value, the preferred one alone
    /// (its qualifiers are the ones that count).
    fn listed(&self, property: &str) -> Vec<Claim> {
        let claims: Vec<Claim> = self
            .statements(property)
            .into_iter()
            .filter(|c| c.rank != "deprecated")
            .collect();
        let preferred: Vec<&Value> = claims
            .iter()
            .filter(|c| c.rank == "preferred")
            .filter_map(|c| c.mainsnak.value())
            .collect();
        let outranked = |c: &Claim| {
            c.rank != "preferred" && c.mainsnak.value().is_some_and(|v| preferred.contains(&v))
        };
        let keep: Vec<bool> = claims.iter().map(|c| !outranked(c)).collect();
        claims
            .into_iter()
            .zip(keep)
            .filter_map(|(c, keep)| keep.then_some(c))
            .collect()
    }

    /// The first string value of `property` (identifiers, file names).
    pub fn string(&self, property: &str) -> Option<String> {
        self.best(property)
            .into_iter()
            .find_map(|c| c.mainsnak.value()?.as_str().map(str::to_owned))
            .filter(|s| !s.trim().is_empty())
    }

    /// The item ids a list `property` names (instance of, occupation, genres).
    pub fn items(&self, property: &str) -> Vec<String> {
        self.listed(property).iter().filter_map(item_id).collect()
    }

    /// The item a single-valued `property` names (a place of birth or formation).
    pub fn item(&self, property: &str) -> Option<String> {
        self.best(property).iter().find_map(item_id)
    }

    /// The first monolingual text of `property` (birth name).
    pub fn text(&self, property: &str) -> Option<String> {
        self.best(property).into_iter().find_map(|c| {
            let text = c.mainsnak.value()?.get("text")?.as_str()?.trim();
            (!text.is_empty()).then(|| text.to_owned())
        })
    }

    /// When a band (`band`) was formed or a person born, to its precision.
    pub fn began_on(&self, band: bool) -> Option<String> {
        self.date(if band { INCEPTION } else { DATE_OF_BIRTH })
    }

    /// When a band (`band`) was dissolved or a person died, to its precision.
    pub fn ended_on(&self, band: bool) -> Option<String> {
        self.date(if band { DISSOLVED } else { DATE_OF_DEATH })
    }

    /// The first date of `property`, to its precision.
    pub fn date(&self, property: &str) -> Option<String> {
        self.best(property)
            .into_iter()
            .find_map(|c| time_value(c.mainsnak.value()?))
    }

    /// Items of `property`, one entry per spell its start and end qualifiers state. A
    /// member who left and came back has one statement with several starts and ends,
    /// paired in order; an end stated with an unknown value (`somevalue`) or too
    /// coarse a date still ends a spell, an end of `novalue` does not.
    pub fn parts(&self, property: &str) -> Vec<(String, SpellYears)> {
        self.listed(property)
            .into_iter()
            .filter_map(|c| {
                let id = item_id(&c)?;
                let snaks = |qualifier: &str| c.qualifiers.get(qualifier).into_iter().flatten();
                let years = |qualifier: &str| -> Vec<Year> {
                    let mut years: Vec<Year> = snaks(qualifier)
                        .filter_map(|s| year_value(s.value()?))
                        .collect();
                    years.sort_unstable_by_key(|y| y.0);
                    years
                };
                let ends = years(END_TIME);
                let stated_ends = snaks(END_TIME).filter(|s| s.snaktype != "novalue").count();
                let spells = spells(&years(START_TIME), &ends, stated_ends > ends.len());
                Some(spells.into_iter().map(move |spell| (id.clone(), spell)))
            })
            .flatten()
            .collect()
    }

    /// The item's name to show: its English label, else its multilingual (`mul`) one,
    /// where the knowledge base now keeps names that read alike in every language.
    pub fn readable_label(&self) -> Option<String> {
        readable(&self.labels)
    }

    /// The item's short description ("English rock band"): English, else multilingual.
    pub fn description(&self) -> Option<String> {
        readable(&self.descriptions)
    }

    /// The item's other names in English and multilingual (`mul`), in that order, each
    /// once and none its readable label, at most [`MAX_ALIASES`].
    pub fn aliases(&self) -> Vec<String> {
        let aliases: ReadableAliases = self
            .aliases
            .as_ref()
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
            .unwrap_or_default();
        readable_aliases(
            self.readable_label().as_deref(),
            aliases.en.into_iter().chain(aliases.mul).map(|a| a.value),
        )
    }

    /// A person's name to show: the readable label, else the label of another language
    /// with that language (the first by language code, so every run picks the same).
    pub fn name(&self) -> Option<Name> {
        if let Some(name) = self.readable_label() {
            return Some(Name {
                value: name,
                language: None,
            });
        }
        let labels: BTreeMap<String, Label> = self
            .labels
            .as_ref()
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
            .unwrap_or_default();
        labels.into_iter().find_map(|(language, label)| {
            let value = label.value.trim();
            (!value.is_empty()).then(|| Name {
                value: value.to_owned(),
                language: Some(language),
            })
        })
    }
}

/// An item's aliases as kept: English ones first, then multilingual ones, each once
/// (whatever its case), none its readable `label`, at most [`MAX_ALIASES`].
pub fn readable_aliases(label: Option<&str>, aliases: impl Iterator<Item = String>) -> Vec<String> {
    let label = label.map(str::to_lowercase);
    let mut names: Vec<String> = Vec::new();
    for alias in aliases {
        let name = alias.trim();
        let key = Some(name.to_lowercase());
        if !name.is_empty() && key != label && !names.iter().any(|n| Some(n.to_lowercase()) == key)
        {
            names.push(name.to_owned());
        }
    }
    names.truncate(MAX_ALIASES);
    names
}

/// The English, else the multilingual, text of labels or descriptions (by language).
fn readable(by_language: &Option<Box<RawValue>>) -> Option<String> {
    let texts: ReadableLabels = by_language
        .as_ref()
        .and_then(|raw| serde_json::from_str(raw.get()).ok())
        .unwrap_or_default();
    [texts.en, texts.mul]
        .into_iter()
        .flatten()
        .map(|text| text.value.trim().to_owned())
        .find(|text| !text.is_empty())
}

/// A name and, when it is not English, its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    pub value: String,
    pub language: Option<String>,
}

fn item_id(claim: &Claim) -> Option<String> {
    Some(claim.mainsnak.value()?.get("id")?.as_str()?.to_owned())
}

/// A year to its precision: a decade or a century as its first year.
pub type Year = (i32, YearPrecision);

/// A spell's start and end, and whether it ended (an end may be stated without a
/// date that can be shown).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpellYears {
    pub from: Option<Year>,
    pub until: Option<Year>,
    pub ended: bool,
}

impl SpellYears {
    /// The spell of the member `item` ("Q2599"), named `name`.
    pub fn member(self, item: &str, name: Name) -> MemberSpell {
        MemberSpell {
            wikidata_id: Some(item.to_owned()),
            name: name.value,
            name_language: name.language,
            begin_year: self.from.map(|y| y.0),
            begin_precision: self.from.map(|y| y.1).unwrap_or_default(),
            end_year: self.until.map(|y| y.0),
            end_precision: self.until.map(|y| y.1).unwrap_or_default(),
            ended: self.ended,
            ..MemberSpell::default()
        }
    }
}

/// The last year a year of this precision may be (1989 for the 1980s).
fn latest(year: Year) -> i32 {
    match year.1 {
        YearPrecision::Year => year.0,
        YearPrecision::Decade => year.0 + 9,
        YearPrecision::Century => year.0 + 99,
    }
}

/// Spells from start and end years sorted by year: each start ends at the first end
/// that may fall from it up to the next start. A spell followed by another has ended
/// whether or not its end is known, and so has the last where an end is stated
/// without a usable date (`unknown_end`). No start: one spell with the last end.
pub(crate) fn spells(starts: &[Year], ends: &[Year], unknown_end: bool) -> Vec<SpellYears> {
    if starts.is_empty() {
        let until = ends.last().copied();
        return vec![SpellYears {
            from: None,
            until,
            ended: until.is_some() || unknown_end,
        }];
    }
    starts
        .iter()
        .enumerate()
        .map(|(n, &from)| {
            let next = starts.get(n + 1).copied();
            let until = ends.iter().copied().find(|&end| {
                latest(end) >= from.0 && next.is_none_or(|next| end.0 <= latest(next))
            });
            SpellYears {
                from: Some(from),
                until,
                ended: until.is_some() || next.is_some() || unknown_end,
            }
        })
        .collect()
}

/// A time value's year to its precision (9 year or finer, 8 decade, 7 century); none
/// for coarser precision or years before 1000.
pub fn year_value(value: &Value) -> Option<Year> {
    let year: i32 = value
        .get("time")?
        .as_str()?
        .strip_prefix('+')?
        .get(0..5)?
        .strip_suffix('-')?
        .parse()
        .ok()
        .filter(|y| *y >= 1000)?;
    match value.get("precision")?.as_u64()? {
        9.. => Some((year, YearPrecision::Year)),
        8 => Some((year - year % 10, YearPrecision::Decade)),
        // The knowledge base shows +1901…+2000 as the 20th century.
        7 => Some(((year - 1) / 100 * 100 + 1, YearPrecision::Century)),
        _ => None,
    }
}

/// The calendar model of dates stated in the proleptic Julian calendar.
const JULIAN: &str = "http://www.wikidata.org/entity/Q1985786";

/// A time value ("+1946-09-05T00:00:00Z", precision 11 day, 10 month, 9 year) as ISO
/// 8601 to its precision; none for coarser precision or years before 1000. A day
/// stated in the Julian calendar (its `calendarmodel`) is given as the Gregorian day
/// it was (7 May 1840 Julian is 19 May 1840); a Julian month or year is kept as
/// stated, as the knowledge base shows it (it spans parts of two Gregorian ones).
pub fn time_value(value: &Value) -> Option<String> {
    let time = value.get("time")?.as_str()?.strip_prefix('+')?;
    let precision = value.get("precision")?.as_u64()?;
    let (year, rest) = time.split_once('-')?;
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let month = rest.get(0..2)?;
    let day = rest.get(3..5)?;
    let julian = value.get("calendarmodel").and_then(Value::as_str) == Some(JULIAN);
    match precision {
        11 if julian && month != "00" && day != "00" => {
            gregorian_of_julian(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?)
        }
        11 if month != "00" && day != "00" => Some(format!("{year}-{month}-{day}")),
        10 | 11 if month != "00" => Some(format!("{year}-{month}")),
        9..=11 => Some(year.to_owned()),
        _ => None,
    }
}

/// The Gregorian date (ISO 8601) of a day in the proleptic Julian calendar; none for
/// a day that does not exist or a year out of four digits.
fn gregorian_of_julian(year: i32, month: u8, day: u8) -> Option<String> {
    use calendrical_calculations::{gregorian, julian};
    let days_in_month = match month {
        2 if julian::is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return None,
    };
    if !(1..=days_in_month).contains(&day) {
        return None;
    }
    let (year, month, day) =
        gregorian::gregorian_from_fixed(julian::fixed_from_julian(year, month, day)).ok()?;
    (1000..=9999)
        .contains(&year)
        .then(|| format!("{year}-{month:02}-{day:02}"))
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
        let y = |year| Some((year, YearPrecision::Year));
        let spell = |from, until, ended| SpellYears { from, until, ended };
        assert_eq!(
            item.parts("P527"),
            [
                ("Q2".to_owned(), spell(y(1968), y(1979), true)),
                ("Q2".to_owned(), spell(y(1981), y(1990), true)),
                ("Q2".to_owned(), spell(y(1995), None, false)),
            ]
        );
        assert_eq!(spells(&[], &[], false), [spell(None, None, false)]);
        assert_eq!(
            spells(&[], &[(1990, YearPrecision::Year)], false),
            [spell(None, y(1990), true)]
        );
    }

    #[test]
    fn a_spell_followed_by_another_or_with_an_unknown_end_has_ended() {
        let y = |year| (year, YearPrecision::Year);
        let ended = |from, until: Option<i32>| SpellYears {
            from: Some(y(from)),
            until: until.map(y),
            ended: true,
        };
        // Left at an unknown date, came back, left again at an unknown date.
        assert_eq!(
            spells(&[y(1970), y(1980)], &[], true),
            [ended(1970, None), ended(1980, None)]
        );
        // An end to the decade closes the spell begun within it.
        assert_eq!(
            spells(&[y(1985)], &[(1980, YearPrecision::Decade)], false),
            [SpellYears {
                from: Some(y(1985)),
                until: Some((1980, YearPrecision::Decade)),
                ended: true
            }]
        );
    }

    #[test]
    fn years_keep_their_precision() {
        let year = |time: &str, precision: u64| {
            year_value(&json!({ "time": time, "precision": precision }))
        };
        assert_eq!(
            year("+1987-05-01T00:00:00Z", 11),
            Some((1987, YearPrecision::Year))
        );
        assert_eq!(
            year("+1984-00-00T00:00:00Z", 8),
            Some((1980, YearPrecision::Decade))
        );
        // The knowledge base shows +2000 at century precision as the 20th century.
        assert_eq!(
            year("+2000-00-00T00:00:00Z", 7),
            Some((1901, YearPrecision::Century))
        );
        assert_eq!(
            year("+1901-00-00T00:00:00Z", 7),
            Some((1901, YearPrecision::Century))
        );
        assert_eq!(year("+2000-00-00T00:00:00Z", 6), None);
    }

    #[test]
    fn a_list_takes_every_statement_not_deprecated_a_single_fact_the_preferred() {
        let statement = |id: &str, rank: &str| {
            json!({ "type": "statement", "rank": rank,
                "mainsnak": { "snaktype": "value", "property": "P136", "datavalue": {
                    "type": "wikibase-entityid", "value": { "entity-type": "item", "id": id } } } })
        };
        let item: Entity = serde_json::from_value(json!({
            "type": "item", "id": "Q1",
            "claims": {
                "P136": [statement("Q10", "normal"), statement("Q11", "preferred"),
                         statement("Q12", "deprecated"), statement("Q13", "normal")],
                "P19": [statement("Q20", "normal"), statement("Q21", "preferred")]
            }
        }))
        .unwrap();
        assert_eq!(item.items("P136"), ["Q10", "Q11", "Q13"]);
        assert_eq!(item.item("P19").as_deref(), Some("Q21"));
    }

    #[test]
    fn a_person_named_in_one_other_script_keeps_that_name_and_its_language() {
        let entity = |labels| -> Entity {
            serde_json::from_value(json!({ "type": "item", "id": "Q1", "labels": labels })).unwrap()
        };
        let japanese = entity(json!({ "ja": { "language": "ja", "value": "坂本龍一" } }));
        assert_eq!(japanese.readable_label(), None);
        assert_eq!(
            japanese.name(),
            Some(Name {
                value: "坂本龍一".into(),
                language: Some("ja".into())
            })
        );
        let mul = entity(json!({ "mul": { "language": "mul", "value": "Björk" },
                                 "is": { "language": "is", "value": "Björk" } }));
        assert_eq!(mul.name().and_then(|n| n.language), None);
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
    fn julian_days_become_gregorian_days() {
        let julian = |time: &str, precision: u64| {
            time_value(&json!({ "time": time, "precision": precision,
                "calendarmodel": "http://www.wikidata.org/entity/Q1985786" }))
        };
        // Tchaikovsky's birth: 25 April 1840 Julian is 7 May 1840.
        assert_eq!(
            julian("+1840-04-25T00:00:00Z", 11).as_deref(),
            Some("1840-05-07")
        );
        assert_eq!(
            julian("+1840-05-07T00:00:00Z", 11).as_deref(),
            Some("1840-05-19")
        );
        // Past the end of a year, and the Julian 29 February of a year Gregorian skips.
        assert_eq!(
            julian("+1899-12-25T00:00:00Z", 11).as_deref(),
            Some("1900-01-06")
        );
        assert_eq!(
            julian("+1700-02-29T00:00:00Z", 11).as_deref(),
            Some("1700-03-11")
        );
        // The day after 4 October 1582 Julian was 15 October Gregorian.
        assert_eq!(
            julian("+1582-10-05T00:00:00Z", 11).as_deref(),
            Some("1582-10-15")
        );
        assert_eq!(julian("+1840-02-30T00:00:00Z", 11), None);
        // A month or a year is kept as stated.
        assert_eq!(
            julian("+1840-05-00T00:00:00Z", 10).as_deref(),
            Some("1840-05")
        );
        assert_eq!(julian("+1840-00-00T00:00:00Z", 9).as_deref(), Some("1840"));
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
