//! An artist's page details from its row and enriched lists: the shape the page shows.

use sound_atlas_contract::catalog::{
    Album, Artist, ArtistDetails, FactSource, ImageCredit, ListenLink, Member, NamedArtist, Spell,
    StreamingService, YearSpan,
};
use sound_atlas_entity::artist;

use crate::artist_lists::{self, MemberIdentity, MemberSpell};
use crate::write::{is_search_link, Field, Source};

/// An artist's lists as read: its albums and members' spells, which of its members have
/// pages of their own (by identity), and the bands it was in.
pub(crate) struct Lists {
    pub albums: Vec<artist_lists::Album>,
    pub spells: Vec<MemberSpell>,
    pub member_pages: Vec<(MemberIdentity, i32)>,
    pub member_of: Vec<(i32, String)>,
}

pub(crate) fn details_of(
    artist: &Artist,
    row: artist::Model,
    lists: Lists,
    sources: Vec<(String, String, i64)>,
    this_year: i32,
) -> ArtistDetails {
    let Lists {
        albums,
        spells,
        member_pages,
        member_of,
    } = lists;
    let sources = sources_of(&sources, |source| match source {
        Source::Wikidata => row
            .wikidata_id
            .as_ref()
            .map(|id| format!("https://www.wikidata.org/wiki/{id}")),
        Source::Musicbrainz => row
            .musicbrainz_id
            .as_ref()
            .map(|id| format!("https://musicbrainz.org/artist/{id}")),
        Source::Commons => row.image_page_url.clone(),
        _ => artist.bio_source_link.clone(),
    });
    let image_credit = match (row.image_author, row.image_license, row.image_page_url) {
        // Only for the image it was read for (an import may have set another since).
        (Some(author), Some(license), Some(source_url)) if row.image_url.is_some() => {
            Some(ImageCredit {
                author,
                license,
                license_url: row.image_license_url,
                source_url,
            })
        }
        _ => None,
    };
    // A date whose year disagrees with the year the seed or an import gave is left out:
    // the page does not contradict itself.
    let began_on = row.began_on.filter(|date| {
        artist
            .year
            .is_none_or(|year| date.get(0..4) == Some(year.to_string().as_str()))
    });
    let listen = [
        (StreamingService::Spotify, &artist.spotify_link),
        (StreamingService::Apple, &artist.apple_link),
        (StreamingService::Amazon, &artist.amazon_link),
        (StreamingService::Tidal, &artist.tidal_link),
    ]
    .into_iter()
    .filter_map(|(service, link)| {
        let url = link.as_deref()?.trim();
        (!url.is_empty()).then(|| ListenLink {
            service,
            url: url.to_owned(),
            search: is_search_link(url),
        })
    })
    .collect();
    let members = members_of(spells, &member_pages, artist.id);
    ArtistDetails {
        image_credit,
        began_on,
        listen,
        albums: albums
            .into_iter()
            .map(|a| Album {
                title: a.title,
                year: a.year,
                musicbrainz_id: a.musicbrainz_id,
            })
            .collect(),
        timeline: timeline_of(&members, this_year),
        members,
        member_of: member_of
            .into_iter()
            .filter(|(id, _)| *id != artist.id)
            .map(|(id, title)| NamedArtist { id, title })
            .collect(),
        wikidata_id: row.wikidata_id,
        musicbrainz_id: row.musicbrainz_id,
        sources,
        modified_on: row.updated_at.map(iso_date),
        ended_on: row.ended_on,
        aliases: aliases_of(row.aliases.as_deref()),
        description: row.description,
    }
}

/// The aliases column (a JSON list of names, as the writer stores it); none when unset.
pub(crate) fn aliases_of(column: Option<&str>) -> Vec<String> {
    column
        .and_then(|names| serde_json::from_str(names).ok())
        .unwrap_or_default()
}

/// Each service's facts and when it was last read, from the recorded `(field, source,
/// unix seconds)` of each enriched field, with the artist's page there (`page_of`).
fn sources_of(
    recorded: &[(String, String, i64)],
    page_of: impl Fn(Source) -> Option<String>,
) -> Vec<FactSource> {
    let recorded: Vec<(Field, Source, i64)> = recorded
        .iter()
        .filter_map(|(field, source, at)| {
            Some((Field::of_name(field)?, Source::of_name(source)?, *at))
        })
        .collect();
    Source::SERVICES
        .into_iter()
        .filter_map(|source| {
            let read: Vec<&(Field, Source, i64)> =
                recorded.iter().filter(|(_, s, _)| *s == source).collect();
            let latest = read.iter().map(|(.., at)| *at).max()?;
            // In the page's order, each once.
            let mut facts: Vec<String> = Vec::new();
            for field in Field::ALL {
                if let Some(words) = field
                    .fact()
                    .filter(|_| read.iter().any(|(f, ..)| *f == field))
                {
                    if !facts.iter().any(|f| f == words) {
                        facts.push(words.to_owned());
                    }
                }
            }
            Some(FactSource {
                name: source.title().to_owned(),
                url: page_of(source),
                facts,
                retrieved_on: iso_date(latest),
            })
        })
        .collect()
}

/// Unix seconds as an ISO date (UTC).
fn iso_date(unix: i64) -> String {
    let date = time::OffsetDateTime::from_unix_timestamp(unix)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// Spells grouped by person, in the order each first joined; roles of all spells.
/// The members, each once with their spells; one with a page of their own (not the band
/// itself) links to it.
fn members_of(spells: Vec<MemberSpell>, pages: &[(MemberIdentity, i32)], band: i32) -> Vec<Member> {
    let mut members: Vec<Member> = Vec::new();
    for spell in spells {
        let page = spell.identities().find_map(|who| {
            pages
                .iter()
                .find(|(identity, id)| *identity == who && *id != band)
                .map(|(_, id)| *id)
        });
        let index = match members.iter().position(|m| m.name == spell.name) {
            Some(index) => index,
            None => {
                members.push(Member {
                    artist_id: page,
                    name: spell.name.clone(),
                    name_language: spell.name_language.clone(),
                    roles: Vec::new(),
                    spells: Vec::new(),
                });
                members.len() - 1
            }
        };
        let member = &mut members[index];
        for role in spell.roles {
            if !member.roles.contains(&role) {
                member.roles.push(role);
            }
        }
        member.spells.push(Spell {
            from: spell.begin_year,
            from_precision: spell.begin_precision,
            until: spell.end_year,
            until_precision: spell.end_precision,
            current: !spell.ended,
        });
    }
    members
}

/// From the first year anyone joined to the last anyone left, or this year while
/// someone is still in the band. None when no spell has a known start.
fn timeline_of(members: &[Member], this_year: i32) -> Option<YearSpan> {
    let spells = members.iter().flat_map(|m| &m.spells);
    let from = spells.clone().filter_map(|s| s.from).min()?;
    let until = spells
        .flat_map(|s| [s.from, s.until, s.current.then_some(this_year)])
        .flatten()
        .max()?;
    Some(YearSpan { from, until })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_say_what_each_service_gave_and_when() {
        let day = 1_763_596_800; // 2025-11-20
        let recorded: Vec<(String, String, i64)> = [
            ("amazon_link", "musicbrainz", day),
            ("albums", "musicbrainz", day + 86_400),
            ("began_on", "wikidata", day),
            ("spotify_link", "wikidata", day),
            ("genres", "wikidata", day),
            ("title", "wikidata", day),
            ("image", "commons", day),
        ]
        .iter()
        .map(|(f, s, at)| (f.to_string(), s.to_string(), *at))
        .collect();
        let sources = sources_of(&recorded, |source| {
            (source == Source::Wikidata).then(|| "https://www.wikidata.org/wiki/Q1".to_owned())
        });
        let summary: Vec<(String, Option<String>, String, String)> = sources
            .into_iter()
            .map(|s| (s.name, s.url, s.facts.join(", "), s.retrieved_on))
            .collect();
        assert_eq!(
            summary,
            [
                (
                    "Wikidata".into(),
                    Some("https://www.wikidata.org/wiki/Q1".into()),
                    "name, dates, genres, links".into(),
                    "2025-11-20".into()
                ),
                (
                    "MusicBrainz".into(),
                    None,
                    "discography, links".into(),
                    "2025-11-21".into()
                ),
                (
                    "Wikimedia Commons".into(),
                    None,
                    "photo".into(),
                    "2025-11-20".into()
                ),
            ]
        );
    }

    fn spell(name: &str, begin: Option<i32>, end: Option<i32>, roles: &[&str]) -> MemberSpell {
        MemberSpell {
            name: name.into(),
            begin_year: begin,
            end_year: end,
            ended: end.is_some(),
            roles: roles.iter().map(|r| r.to_string()).collect(),
            ..MemberSpell::default()
        }
    }

    #[test]
    fn spells_group_by_person_and_the_timeline_reaches_this_year_while_someone_stays() {
        let members = members_of(
            vec![
                spell("Andy", Some(2003), Some(2023), &["drums"]),
                spell("Pat", Some(2001), None, &["vocals", "guitar"]),
                spell("Andy", Some(2024), None, &["drums", "percussion"]),
            ],
            &[],
            1,
        );
        assert_eq!(members.len(), 2);
        assert_eq!(members[0].name, "Andy");
        assert_eq!(members[0].roles, ["drums", "percussion"]);
        assert_eq!(members[0].spells.len(), 2);
        assert!(members[0].spells[1].current);
        assert_eq!(
            timeline_of(&members, 2026),
            Some(YearSpan {
                from: 2001,
                until: 2026
            })
        );
        let gone = members_of(vec![spell("Ben", Some(1970), Some(1991), &[])], &[], 1);
        assert_eq!(
            timeline_of(&gone, 2026),
            Some(YearSpan {
                from: 1970,
                until: 1991
            })
        );
        assert_eq!(
            timeline_of(
                &members_of(vec![spell("Cy", None, None, &[])], &[], 1),
                2026
            ),
            None
        );
    }

    #[test]
    fn a_member_with_a_page_of_their_own_links_to_it_by_either_identity() {
        let known = |name: &str, item: Option<&str>, mbid: Option<&str>| MemberSpell {
            wikidata_id: item.map(str::to_owned),
            musicbrainz_id: mbid.map(str::to_owned),
            ..spell(name, Some(1960), None, &[])
        };
        let pages = [
            (MemberIdentity::Wikidata("Q2599".into()), 7),
            (MemberIdentity::Musicbrainz("ba550d0e".into()), 8),
            // The band itself is never its own member's page.
            (MemberIdentity::Wikidata("Q1".into()), 1),
        ];
        let members = members_of(
            vec![
                known("Paul", Some("Q2599"), None),
                known("John", None, Some("ba550d0e")),
                known("George", Some("Q2643"), Some("42a8f507")),
                known("Band", Some("Q1"), None),
            ],
            &pages,
            1,
        );
        let links: Vec<(&str, Option<i32>)> = members
            .iter()
            .map(|m| (m.name.as_str(), m.artist_id))
            .collect();
        assert_eq!(
            links,
            [
                ("Paul", Some(7)),
                ("John", Some(8)),
                ("George", None),
                ("Band", None)
            ]
        );
    }
}
