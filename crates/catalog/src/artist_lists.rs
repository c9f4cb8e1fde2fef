//! An artist's lists as stored (studio albums, members' spells with who each member is)
//! and the photo with its credit: the shapes the one writer (`write`) writes and the
//! artist page reads back, with the queries that read and replace them.

use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use sound_atlas_contract::catalog::YearPrecision;
use sound_atlas_entity::{artist, artist_album, artist_member};

use crate::built_sql::BuiltSql;

/// A photo with the credit its licence asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditedImage {
    /// A rendition sized for the page (cards use it too: no separate thumbnail).
    pub url: String,
    /// Plain text.
    pub author: String,
    pub license: String,
    pub license_url: Option<String>,
    /// The file's description page.
    pub page_url: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Album {
    pub title: String,
    pub year: Option<i32>,
    pub musicbrainz_id: Option<String>,
}

/// One spell of a person in a band.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemberSpell {
    pub name: String,
    /// The language of `name` when it is not English ("ja").
    pub name_language: Option<String>,
    pub begin_year: Option<i32>,
    pub begin_precision: YearPrecision,
    pub end_year: Option<i32>,
    pub end_precision: YearPrecision,
    /// Whether the spell is over: an end is stated, even when its date is unknown.
    pub ended: bool,
    pub roles: Vec<String>,
    /// Who the member is in the knowledge base ("Q2599") and in MusicBrainz, where known.
    pub wikidata_id: Option<String>,
    pub musicbrainz_id: Option<String>,
}

pub async fn albums_of<C: ConnectionTrait>(db: &C, id: i32) -> Result<Vec<Album>, sea_orm::DbErr> {
    static OF_ARTIST: BuiltSql = BuiltSql::new();
    let statement = OF_ARTIST.statement(db, 0, vec![id.into()], || {
        artist_album::Entity::find()
            .filter(artist_album::Column::ArtistId.eq(id))
            .order_by_asc(artist_album::Column::Position)
    });
    Ok(artist_album::Entity::find()
        .from_raw_sql(statement)
        .all(db)
        .await?
        .into_iter()
        .map(|a| Album {
            title: a.title,
            year: a.year,
            musicbrainz_id: a.musicbrainz_id,
        })
        .collect())
}

pub async fn members_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<Vec<MemberSpell>, sea_orm::DbErr> {
    static OF_ARTIST: BuiltSql = BuiltSql::new();
    let statement = OF_ARTIST.statement(db, 0, vec![id.into()], || {
        artist_member::Entity::find()
            .filter(artist_member::Column::ArtistId.eq(id))
            .order_by_asc(artist_member::Column::Position)
    });
    Ok(artist_member::Entity::find()
        .from_raw_sql(statement)
        .all(db)
        .await?
        .into_iter()
        .map(|m| MemberSpell {
            roles: serde_json::from_str(&m.roles).unwrap_or_default(),
            name: m.name,
            name_language: m.name_language,
            begin_year: m.begin_year,
            begin_precision: YearPrecision::from_name(&m.begin_precision),
            end_year: m.end_year,
            end_precision: YearPrecision::from_name(&m.end_precision),
            ended: m.ended,
            wikidata_id: m.wikidata_id,
            musicbrainz_id: m.musicbrainz_id,
        })
        .collect())
}

/// The catalogue's artists that some members are (by their knowledge-base item or
/// MusicBrainz id): each identity with its artist's id. One indexed query, bounded by
/// the members asked about.
pub async fn pages_of_members<C: ConnectionTrait>(
    db: &C,
    members: &[MemberSpell],
) -> Result<Vec<(MemberIdentity, i32)>, sea_orm::DbErr> {
    let items: Vec<&str> = members
        .iter()
        .filter_map(|m| m.wikidata_id.as_deref())
        .collect();
    let mbids: Vec<&str> = members
        .iter()
        .filter_map(|m| m.musicbrainz_id.as_deref())
        .collect();
    if items.is_empty() && mbids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = artist::Entity::find()
        .filter(
            Condition::any()
                .add(artist::Column::WikidataId.is_in(items))
                .add(artist::Column::MusicbrainzId.is_in(mbids)),
        )
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .flat_map(|row| {
            let by_item = row
                .wikidata_id
                .map(|id| (MemberIdentity::Wikidata(id), row.id));
            let by_mbid = row
                .musicbrainz_id
                .map(|id| (MemberIdentity::Musicbrainz(id), row.id));
            by_item.into_iter().chain(by_mbid)
        })
        .collect())
}

/// Who a member is in one of the open data sources.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MemberIdentity {
    Wikidata(String),
    Musicbrainz(String),
}

impl MemberSpell {
    /// The member's identities, as [`pages_of_members`] keys them.
    pub fn identities(&self) -> impl Iterator<Item = MemberIdentity> + '_ {
        let item = self.wikidata_id.clone().map(MemberIdentity::Wikidata);
        let mbid = self.musicbrainz_id.clone().map(MemberIdentity::Musicbrainz);
        item.into_iter().chain(mbid)
    }
}

/// The bands that list an artist (by its knowledge-base item or MusicBrainz id) among
/// their members: ids and titles, by title. Indexed; bounded by the bands found.
pub async fn bands_of<C: ConnectionTrait>(
    db: &C,
    wikidata_id: Option<&str>,
    musicbrainz_id: Option<&str>,
) -> Result<Vec<(i32, String)>, sea_orm::DbErr> {
    // The identities known, in the condition's order; their presence is the SQL's shape.
    let known = [wikidata_id, musicbrainz_id];
    if known.iter().all(Option::is_none) {
        return Ok(Vec::new());
    }
    let shape = usize::from(wikidata_id.is_some()) | usize::from(musicbrainz_id.is_some()) << 1;
    let values = known.iter().flatten().map(|&id| id.into()).collect();
    static LISTING: BuiltSql = BuiltSql::new();
    let statement = LISTING.statement(db, shape, values, || {
        let mut who = Condition::any();
        if let Some(item) = wikidata_id {
            who = who.add(artist_member::Column::WikidataId.eq(item));
        }
        if let Some(mbid) = musicbrainz_id {
            who = who.add(artist_member::Column::MusicbrainzId.eq(mbid));
        }
        artist_member::Entity::find()
            .select_only()
            .column(artist_member::Column::ArtistId)
            .filter(who)
            .distinct()
    });
    let bands: Vec<i32> = (db.query_all(statement).await?.iter())
        .map(|row| row.try_get_by_index(0))
        .collect::<Result<_, _>>()?;
    if bands.is_empty() {
        return Ok(Vec::new());
    }
    static TITLES: BuiltSql = BuiltSql::new();
    let values = bands.iter().map(|&id| id.into()).collect();
    let statement = TITLES.statement(db, bands.len(), values, || {
        artist::Entity::find()
            .select_only()
            .columns([artist::Column::Id, artist::Column::Title])
            .filter(artist::Column::Id.is_in(bands.iter().copied()))
    });
    let mut named: Vec<(i32, String)> = (db.query_all(statement).await?.iter())
        .map(|row| row.try_get_many_by_index())
        .collect::<Result<_, _>>()?;
    named.sort_by_key(|(id, title)| (title.to_lowercase(), *id));
    Ok(named)
}

pub async fn replace_albums<C: ConnectionTrait>(
    db: &C,
    id: i32,
    present: &[Album],
    albums: Vec<Album>,
) -> Result<bool, sea_orm::DbErr> {
    if present == albums.as_slice() {
        return Ok(false);
    }
    artist_album::Entity::delete_many()
        .filter(artist_album::Column::ArtistId.eq(id))
        .exec(db)
        .await?;
    let rows = albums
        .into_iter()
        .enumerate()
        .map(|(i, a)| artist_album::ActiveModel {
            artist_id: Set(id),
            title: Set(a.title),
            year: Set(a.year),
            musicbrainz_id: Set(a.musicbrainz_id),
            position: Set(i as i32),
            ..Default::default()
        });
    artist_album::Entity::insert_many(rows).exec(db).await?;
    Ok(true)
}

pub async fn replace_members<C: ConnectionTrait>(
    db: &C,
    id: i32,
    present: &[MemberSpell],
    members: Vec<MemberSpell>,
) -> Result<bool, sea_orm::DbErr> {
    if present == members.as_slice() {
        return Ok(false);
    }
    artist_member::Entity::delete_many()
        .filter(artist_member::Column::ArtistId.eq(id))
        .exec(db)
        .await?;
    let rows = members
        .into_iter()
        .enumerate()
        .map(|(i, m)| artist_member::ActiveModel {
            artist_id: Set(id),
            name: Set(m.name),
            name_language: Set(m.name_language),
            begin_year: Set(m.begin_year),
            begin_precision: Set(m.begin_precision.as_str().to_owned()),
            end_year: Set(m.end_year),
            end_precision: Set(m.end_precision.as_str().to_owned()),
            ended: Set(m.ended),
            roles: Set(serde_json::to_string(&m.roles).expect("a list of strings serializes")),
            position: Set(i as i32),
            wikidata_id: Set(m.wikidata_id),
            musicbrainz_id: Set(m.musicbrainz_id),
            ..Default::default()
        });
    artist_member::Entity::insert_many(rows).exec(db).await?;
    Ok(true)
}

/// The enriched lists of one artist, for its page: albums and member spells.
pub async fn lists_of<C: ConnectionTrait>(
    db: &C,
    id: i32,
) -> Result<(Vec<Album>, Vec<MemberSpell>), sea_orm::DbErr> {
    tokio::try_join!(albums_of(db, id), members_of(db, id))
}
