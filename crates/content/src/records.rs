//! Content as written by editors (seed files and imports), its validation, and the
//! writes that put it in the database. Seeds and importers share these, so a row an
//! import accepts is a row the seed would accept too.

use std::collections::HashSet;

use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait,
    EntityTrait, IntoActiveModel, QueryFilter, TryIntoModel,
};
use serde::{Deserialize, Deserializer};
use sound_atlas_entity::{article, new_song, top_ten_entry};

use crate::model::{Category, VideoId, INVALID_YOUTUBE_URL};

/// Places in the chart.
pub const TOP_TEN_SIZE: i32 = 10;

/// Which week a Top 10 belongs to and whose list it is, as an editor gives it (the
/// seed file's head, or the import's `--week`, `--source` and `--picks`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChartWeekRecord {
    /// The first day of the chart week, YYYY-MM-DD.
    pub week_of: String,
    pub source: String,
    /// An editors' selection rather than a measured chart.
    #[serde(default)]
    pub picks: bool,
}

/// The seed's Top 10: one week and its places.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TopTenWeekRecord {
    pub week_of: String,
    pub source: String,
    #[serde(default)]
    pub picks: bool,
    pub places: Vec<TopTenRecord>,
}

impl TopTenWeekRecord {
    pub fn split(self) -> (ChartWeekRecord, Vec<TopTenRecord>) {
        let week = ChartWeekRecord {
            week_of: self.week_of,
            source: self.source,
            picks: self.picks,
        };
        (week, self.places)
    }
}

/// One chart place as an editor writes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TopTenRecord {
    #[serde(deserialize_with = "int_or_text")]
    pub rank: i32,
    pub song_name: String,
    pub artist: String,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub youtube_link: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub amazon_link: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub thumbnail_url: Option<String>,
}

/// One new song as an editor writes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewSongRecord {
    /// Defaults to a slug of artist and song.
    #[serde(default, deserialize_with = "blank_is_none")]
    pub external_id: Option<String>,
    pub song_name: String,
    pub artist_name: String,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub thumbnail: Option<String>,
    /// An 11-character id or a video URL.
    #[serde(default, deserialize_with = "blank_is_none")]
    pub video_id: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub amazon_link: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub release_date: Option<String>,
}

/// One article as an editor writes it (the article's fields, plus a stable key).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ArticleRecord {
    /// Defaults to a slug of the title.
    #[serde(default, deserialize_with = "blank_is_none")]
    pub external_id: Option<String>,
    pub title: String,
    pub summary: String,
    pub date: String,
    pub category: String,
    /// Paragraphs separated by '|'. Seed files may give a list of paragraphs.
    #[serde(deserialize_with = "text_or_list_pipe")]
    pub content: String,
    /// Comma-separated. Seed files may give a list.
    #[serde(deserialize_with = "text_or_list_comma")]
    pub tags: String,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub featured_image: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub featured_image_caption: Option<String>,
    /// Its author and licence, where its licence asks for credit (never invented).
    #[serde(default, deserialize_with = "blank_is_none")]
    pub featured_image_credit: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub image1: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub image1_caption: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub image1_credit: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub image2: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub image2_caption: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub image2_credit: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub youtube_video: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product1_name: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product1_link: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product1_image: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product2_name: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product2_link: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product2_image: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product3_name: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product3_link: Option<String>,
    #[serde(default, deserialize_with = "blank_is_none")]
    pub product3_image: Option<String>,
}

fn blank_is_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let value: Option<String> = Option::deserialize(d)?;
    Ok(value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()))
}

fn int_or_text<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum IntOrText {
        Int(i32),
        Text(String),
    }
    match IntOrText::deserialize(d)? {
        IntOrText::Int(n) => Ok(n),
        IntOrText::Text(t) => t
            .trim()
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("rank {t:?} is not a number"))),
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum TextOrList {
    Text(String),
    List(Vec<String>),
}

fn text_or_list_pipe<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match TextOrList::deserialize(d)? {
        TextOrList::Text(t) => t,
        TextOrList::List(parts) => parts.join("|"),
    })
}

fn text_or_list_comma<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match TextOrList::deserialize(d)? {
        TextOrList::Text(t) => t,
        TextOrList::List(parts) => parts.join(", "),
    })
}

/// A lowercase [a-z0-9-] key made from free text ("Don't Stop" -> "don-t-stop").
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in deunicode_lite(text).chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(120).collect()
}

/// Folds the common Latin accents so "Beyoncé" and "Beyonce" share a slug.
fn deunicode_lite(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

fn check_url(problems: &mut Vec<String>, field: &str, value: &Option<String>) {
    if let Some(url) = value {
        let ok = url::Url::parse(url)
            .map(|u| u.scheme() == "https" || u.scheme() == "http")
            .unwrap_or(false);
        if !ok {
            problems.push(format!("{field} must be an http(s) URL"));
        }
    }
}

fn check_text(problems: &mut Vec<String>, field: &str, value: &str, max: usize) {
    if value.trim().is_empty() {
        problems.push(format!("{field} is empty"));
    } else if value.chars().count() > max {
        problems.push(format!("{field} is longer than {max} characters"));
    }
}

/// An ISO date (YYYY-MM-DD) that exists.
pub fn parse_date(text: &str) -> Option<time::Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(text, &format).ok()
}

/// Whether `text` is an ISO date (YYYY-MM-DD) that exists.
pub fn check_date(text: &str) -> bool {
    parse_date(text).is_some()
}

impl ChartWeekRecord {
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !check_date(&self.week_of) {
            problems.push("week must be a date as YYYY-MM-DD".into());
        }
        check_text(&mut problems, "source", &self.source, 200);
        problems
    }
}

impl TopTenRecord {
    /// The problems that keep this record out, if any.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !(1..=TOP_TEN_SIZE).contains(&self.rank) {
            problems.push(format!("rank must be from 1 to {TOP_TEN_SIZE}"));
        }
        check_text(&mut problems, "songName", &self.song_name, 200);
        check_text(&mut problems, "artist", &self.artist, 200);
        if let Some(link) = &self.youtube_link {
            if VideoId::parse(link).is_none() {
                problems.push(format!("youtubeLink: {INVALID_YOUTUBE_URL}"));
            }
        }
        check_url(&mut problems, "amazonLink", &self.amazon_link);
        check_url(&mut problems, "thumbnailUrl", &self.thumbnail_url);
        problems
    }

    fn into_active_model(self, week: &ChartWeekRecord) -> top_ten_entry::ActiveModel {
        top_ten_entry::ActiveModel {
            id: sea_orm::ActiveValue::NotSet,
            week_of: Set(week.week_of.clone()),
            source: Set(week.source.trim().to_owned()),
            picks: Set(week.picks),
            rank: Set(self.rank),
            song_name: Set(self.song_name.trim().to_owned()),
            artist: Set(self.artist.trim().to_owned()),
            // Stored as a canonical watch URL whatever shape it came in.
            youtube_link: Set(self
                .youtube_link
                .as_deref()
                .and_then(VideoId::parse)
                .map(|id| id.watch_url())),
            amazon_link: Set(self.amazon_link),
            thumbnail_url: Set(self.thumbnail_url),
        }
    }
}

impl NewSongRecord {
    pub fn key(&self) -> String {
        self.external_id
            .clone()
            .unwrap_or_else(|| slug(&format!("{} {}", self.artist_name, self.song_name)))
    }

    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        check_text(&mut problems, "songName", &self.song_name, 200);
        check_text(&mut problems, "artistName", &self.artist_name, 200);
        if self.key().is_empty() || self.key() != slug(&self.key()) {
            problems.push("externalId must be a [a-z0-9-] slug".into());
        }
        if let Some(id) = &self.video_id {
            if VideoId::parse(id).is_none() {
                problems.push(format!("videoId: {INVALID_YOUTUBE_URL}"));
            }
        }
        check_url(&mut problems, "thumbnail", &self.thumbnail);
        check_url(&mut problems, "amazonLink", &self.amazon_link);
        if let Some(date) = &self.release_date {
            if !check_date(date) {
                problems.push("releaseDate must be a date as YYYY-MM-DD".into());
            }
        }
        problems
    }

    fn apply(self, row: &mut new_song::ActiveModel) {
        row.external_id = Set(self.key());
        row.song_name = Set(self.song_name.trim().to_owned());
        row.artist_name = Set(self.artist_name.trim().to_owned());
        row.thumbnail = Set(self.thumbnail);
        row.video_id = Set(self
            .video_id
            .as_deref()
            .and_then(VideoId::parse)
            .map(String::from));
        row.amazon_link = Set(self.amazon_link);
        row.release_date = Set(self.release_date);
    }
}

impl ArticleRecord {
    pub fn key(&self) -> String {
        self.external_id
            .clone()
            .unwrap_or_else(|| slug(&self.title))
    }

    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        check_text(&mut problems, "title", &self.title, 200);
        check_text(&mut problems, "summary", &self.summary, 600);
        check_text(&mut problems, "content", &self.content, 50_000);
        if self.key().is_empty() || self.key() != slug(&self.key()) {
            problems.push("externalId must be a [a-z0-9-] slug".into());
        }
        if !check_date(&self.date) {
            problems.push("date must be a date as YYYY-MM-DD".into());
        }
        if Category::parse(&self.category).is_none() {
            problems.push(format!(
                "category must be one of: {}",
                Category::ALL.map(Category::name).join(", ")
            ));
        }
        if let Some(id) = &self.youtube_video {
            if VideoId::parse(id).is_none() {
                problems.push(format!("youtubeVideo: {INVALID_YOUTUBE_URL}"));
            }
        }
        for (field, value) in [
            ("featuredImage", &self.featured_image),
            ("image1", &self.image1),
            ("image2", &self.image2),
            ("product1Link", &self.product1_link),
            ("product1Image", &self.product1_image),
            ("product2Link", &self.product2_link),
            ("product2Image", &self.product2_image),
            ("product3Link", &self.product3_link),
            ("product3Image", &self.product3_image),
        ] {
            check_url(&mut problems, field, value);
        }
        problems
    }

    fn apply(self, row: &mut article::ActiveModel) {
        let category =
            Category::parse(&self.category).map_or(self.category.clone(), |c| c.name().to_owned());
        let tags = self
            .tags
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        row.external_id = Set(self.key());
        row.title = Set(self.title.trim().to_owned());
        row.summary = Set(self.summary.trim().to_owned());
        row.date = Set(self.date);
        row.category = Set(category);
        row.content = Set(self.content);
        row.tags = Set(tags);
        row.featured_image = Set(self.featured_image);
        row.featured_image_caption = Set(self.featured_image_caption);
        row.featured_image_credit = Set(self.featured_image_credit);
        row.image1 = Set(self.image1);
        row.image1_caption = Set(self.image1_caption);
        row.image1_credit = Set(self.image1_credit);
        row.image2 = Set(self.image2);
        row.image2_caption = Set(self.image2_caption);
        row.image2_credit = Set(self.image2_credit);
        row.youtube_video = Set(self
            .youtube_video
            .as_deref()
            .and_then(VideoId::parse)
            .map(String::from));
        row.product1_name = Set(self.product1_name);
        row.product1_link = Set(self.product1_link);
        row.product1_image = Set(self.product1_image);
        row.product2_name = Set(self.product2_name);
        row.product2_link = Set(self.product2_link);
        row.product2_image = Set(self.product2_image);
        row.product3_name = Set(self.product3_name);
        row.product3_link = Set(self.product3_link);
        row.product3_image = Set(self.product3_image);
    }
}

/// Problems that only show across records: a key or rank used twice.
pub fn duplicate_problems<T>(records: &[T], key: impl Fn(&T) -> String) -> Vec<Vec<String>> {
    let mut seen = HashSet::new();
    records
        .iter()
        .map(|r| {
            if seen.insert(key(r)) {
                Vec::new()
            } else {
                vec![format!("{} is given twice", key(r))]
            }
        })
        .collect()
}

/// How a write treats rows already present.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Seed: leave present rows as they are (an editor may have changed them).
    InsertMissing,
    /// Import: bring present rows up to date.
    Upsert,
}

/// What a write did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
}

/// Writes one week's chart. `Upsert` replaces that week's places (other weeks stay);
/// `InsertMissing` writes only a week that has none.
pub async fn write_top_ten<C: ConnectionTrait>(
    db: &C,
    week: &ChartWeekRecord,
    records: Vec<TopTenRecord>,
    mode: Mode,
) -> Result<Written, sea_orm::DbErr> {
    let of_week = top_ten_entry::Column::WeekOf.eq(week.week_of.as_str());
    let present = top_ten_entry::Entity::find()
        .filter(of_week.clone())
        .all(db)
        .await?;
    if mode == Mode::InsertMissing && !present.is_empty() {
        return Ok(Written {
            unchanged: present.len(),
            ..Written::default()
        });
    }
    top_ten_entry::Entity::delete_many()
        .filter(of_week)
        .exec(db)
        .await?;
    let mut written = Written::default();
    let ranks: HashSet<i32> = present.iter().map(|p| p.rank).collect();
    let rows: Vec<_> = records
        .into_iter()
        .map(|r| {
            if ranks.contains(&r.rank) {
                written.updated += 1;
            } else {
                written.inserted += 1;
            }
            r.into_active_model(week)
        })
        .collect();
    if !rows.is_empty() {
        top_ten_entry::Entity::insert_many(rows).exec(db).await?;
    }
    Ok(written)
}

/// A record keyed by an external id, stored in one table: written by [`write_keyed`].
trait KeyedRecord {
    type Entity: EntityTrait;
    /// The table's external-id column.
    fn key_column() -> <Self::Entity as EntityTrait>::Column;
    fn key(&self) -> String;
    fn apply(self, row: &mut <Self::Entity as EntityTrait>::ActiveModel);
    /// Records when the row changed, for tables that keep it (articles).
    fn touch(_row: &mut <Self::Entity as EntityTrait>::ActiveModel, _now: i64) {}
}

impl KeyedRecord for NewSongRecord {
    type Entity = new_song::Entity;
    fn key_column() -> new_song::Column {
        new_song::Column::ExternalId
    }
    fn key(&self) -> String {
        NewSongRecord::key(self)
    }
    fn apply(self, row: &mut new_song::ActiveModel) {
        NewSongRecord::apply(self, row)
    }
}

impl KeyedRecord for ArticleRecord {
    type Entity = article::Entity;
    fn key_column() -> article::Column {
        article::Column::ExternalId
    }
    fn key(&self) -> String {
        ArticleRecord::key(self)
    }
    fn apply(self, row: &mut article::ActiveModel) {
        ArticleRecord::apply(self, row)
    }
    fn touch(row: &mut article::ActiveModel, now: i64) {
        row.updated_at = sea_orm::ActiveValue::Set(Some(now));
    }
}

pub async fn write_new_songs<C: ConnectionTrait>(
    db: &C,
    records: Vec<NewSongRecord>,
    mode: Mode,
) -> Result<Written, sea_orm::DbErr> {
    write_keyed(db, records, mode).await
}

pub async fn write_articles<C: ConnectionTrait>(
    db: &C,
    records: Vec<ArticleRecord>,
    mode: Mode,
) -> Result<Written, sea_orm::DbErr> {
    write_keyed(db, records, mode).await
}

/// Inserts records whose key is new; with [`Mode::Upsert`], updates the others where
/// anything differs.
async fn write_keyed<C, R>(db: &C, records: Vec<R>, mode: Mode) -> Result<Written, sea_orm::DbErr>
where
    C: ConnectionTrait,
    R: KeyedRecord,
    <R::Entity as EntityTrait>::Model:
        IntoActiveModel<<R::Entity as EntityTrait>::ActiveModel> + PartialEq,
    <R::Entity as EntityTrait>::ActiveModel:
        ActiveModelBehavior + TryIntoModel<<R::Entity as EntityTrait>::Model> + Send,
{
    let mut written = Written::default();
    for record in records {
        let existing = R::Entity::find()
            .filter(R::key_column().eq(record.key()))
            .one(db)
            .await?;
        match existing {
            None => {
                let mut row =
                    <<R::Entity as EntityTrait>::ActiveModel as ActiveModelTrait>::default();
                record.apply(&mut row);
                R::touch(&mut row, sound_atlas_catalog::write::now_unix());
                row.insert(db).await?;
                written.inserted += 1;
            }
            Some(_) if mode == Mode::InsertMissing => written.unchanged += 1,
            Some(before) => {
                let mut row = before.clone().into_active_model();
                record.apply(&mut row);
                // Setting a field marks it changed even to the same value: compare models.
                if row.clone().try_into_model()? != before {
                    R::touch(&mut row, sound_atlas_catalog::write::now_unix());
                    row.update(db).await?;
                    written.updated += 1;
                } else {
                    written.unchanged += 1;
                }
            }
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_words_joined_by_hyphens() {
        assert_eq!(slug("Don't Stop Me Now!"), "don-t-stop-me-now");
        assert_eq!(slug("  Beyoncé — Halo "), "beyonce-halo");
        assert_eq!(slug("APT."), "apt");
    }

    #[test]
    fn dates_must_exist() {
        assert!(check_date("2024-02-29"));
        assert!(!check_date("2023-02-29"));
        assert!(!check_date("29/02/2024"));
    }
}
