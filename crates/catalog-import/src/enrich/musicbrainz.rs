//! Reading an artist from MusicBrainz (`/ws/2/artist/{mbid}?inc=release-groups+
//! artist-rels+url-rels`): studio albums, band members with their years and
//! instruments, and links to the artist's pages on the streaming services.

use serde::Deserialize;
use sound_atlas_catalog::artist_lists::{Album, MemberSpell};

#[derive(Debug, Deserialize)]
pub struct Artist {
    #[serde(rename = "life-span", default)]
    pub life_span: LifeSpan,
    #[serde(rename = "release-groups", default)]
    pub release_groups: Vec<ReleaseGroup>,
    #[serde(default)]
    pub relations: Vec<Relation>,
}

/// Release groups a lookup lists at most: an artist with that many may have more, read
/// by browsing (`/ws/2/release-group?artist=`), [`BROWSE_PAGE`] at a time.
pub const LOOKUP_RELEASE_GROUPS: usize = 25;
/// The largest page MusicBrainz's browse requests answer.
pub const BROWSE_PAGE: usize = 100;

/// A page of an artist's release groups (a browse request).
#[derive(Debug, Deserialize)]
pub struct ReleaseGroups {
    #[serde(rename = "release-groups", default)]
    pub release_groups: Vec<ReleaseGroup>,
    #[serde(rename = "release-group-count", default)]
    pub count: usize,
}

#[derive(Debug, Default, Deserialize)]
pub struct LifeSpan {
    pub begin: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct ReleaseGroup {
    pub id: Option<String>,
    pub title: String,
    #[serde(rename = "primary-type")]
    pub primary_type: Option<String>,
    #[serde(rename = "secondary-types", default)]
    pub secondary_types: Vec<String>,
    #[serde(rename = "first-release-date")]
    pub first_release_date: Option<String>,
}

impl ReleaseGroup {
    /// A record of the artist's own songs: no secondary type, or only Soundtrack (the
    /// lookup lists the artist's own release groups, so a soundtrack here is theirs).
    fn is_the_artists_own(&self) -> bool {
        match self.secondary_types.as_slice() {
            [] => true,
            [only] => only == "Soundtrack",
            _ => false,
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct Relation {
    #[serde(rename = "type")]
    pub kind: String,
    pub direction: Option<String>,
    #[serde(rename = "target-type")]
    pub target_type: Option<String>,
    pub begin: Option<String>,
    pub end: Option<String>,
    #[serde(default)]
    pub ended: bool,
    #[serde(default)]
    pub attributes: Vec<String>,
    pub artist: Option<RelatedArtist>,
    pub url: Option<RelatedUrl>,
}

#[derive(Debug, Deserialize)]
pub struct RelatedArtist {
    pub name: String,
    /// Its MusicBrainz id.
    pub id: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct RelatedUrl {
    pub resource: String,
}

/// Attributes of a membership that say how, not what was played.
const NOT_ROLES: [&str; 5] = ["original", "founder", "additional", "minor", "guest"];

fn year_of(date: Option<&str>) -> Option<i32> {
    date.and_then(|d| d.get(0..4)).and_then(|y| y.parse().ok())
}

impl Artist {
    /// Studio albums (primary type Album, no secondary type such as Live or
    /// Compilation, or only Soundtrack: a film's album of the artist's own songs, as A
    /// Hard Day's Night or Purple Rain) by year of first release, then title.
    pub fn studio_albums(&self) -> Vec<Album> {
        let mut albums: Vec<Album> = self
            .release_groups
            .iter()
            .filter(|g| g.primary_type.as_deref() == Some("Album") && g.is_the_artists_own())
            .map(|g| Album {
                title: g.title.trim().to_owned(),
                year: year_of(g.first_release_date.as_deref()),
                musicbrainz_id: g.id.clone(),
            })
            .filter(|a| !a.title.is_empty())
            .collect();
        albums.sort_by(|a, b| {
            (a.year.is_none(), a.year, &a.title).cmp(&(b.year.is_none(), b.year, &b.title))
        });
        albums
    }

    /// The band's members (relations "member of band" pointing at this artist), by
    /// the year they joined.
    pub fn members(&self) -> Vec<MemberSpell> {
        let mut members: Vec<MemberSpell> = self
            .relations
            .iter()
            .filter(|r| {
                r.kind == "member of band"
                    && r.direction.as_deref() == Some("backward")
                    && r.target_type.as_deref() == Some("artist")
            })
            .filter_map(|r| {
                let name = r.artist.as_ref()?.name.trim().to_owned();
                let musicbrainz_id = r.artist.as_ref()?.id.clone();
                (!name.is_empty()).then(|| MemberSpell {
                    name,
                    musicbrainz_id,
                    begin_year: year_of(r.begin.as_deref()),
                    end_year: year_of(r.end.as_deref()),
                    ended: r.ended || r.end.is_some(),
                    roles: r
                        .attributes
                        .iter()
                        .filter(|a| !NOT_ROLES.contains(&a.as_str()))
                        .cloned()
                        .collect(),
                    ..MemberSpell::default()
                })
            })
            .collect();
        members.sort_by(|a, b| {
            (a.begin_year.is_none(), a.begin_year, &a.name).cmp(&(
                b.begin_year.is_none(),
                b.begin_year,
                &b.name,
            ))
        });
        members
    }

    /// The URLs of URL relations.
    pub fn urls(&self) -> impl Iterator<Item = &str> {
        self.relations
            .iter()
            .filter(|r| r.target_type.as_deref() == Some("url"))
            .filter_map(|r| r.url.as_ref().map(|u| u.resource.as_str()))
    }

    /// The year the artist began (born or formed), as MusicBrainz has it.
    pub fn began(&self) -> Option<String> {
        let begin = self.life_span.begin.as_deref()?;
        let ok = matches!(begin.len(), 4 | 7 | 10)
            && begin.bytes().enumerate().all(|(i, b)| {
                if i == 4 || i == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            });
        ok.then(|| begin.to_owned())
    }
}
