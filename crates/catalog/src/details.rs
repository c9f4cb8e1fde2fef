//! An artist's page details from its row and enriched lists: the shape the page shows.

use sound_atlas_contract::catalog::{
    Album, Artist, ArtistDetails, Fact, FactSource, ImageCredit, ListenLink, Member, NamedArtist,
    Spell, StreamingService, YearSpan,
};
use sound_atlas_entity::artist;

use crate::artist_lists::{self, MemberIdentity, MemberSpell};
use crate::enrichment::FieldSource;
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
    recorded: Vec<FieldSource>,
    this_year: i32,
) -> ArtistDetails {
    let Lists {
        albums,
        spells,
        member_pages,
        member_of,
    } = lists;
    let image_credit = match (
        row.image_author,
        row.image_license,
        row.image_page_url.clone(),
    ) {
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
    let filled = |text: &Option<String>| text.as_deref().is_some_and(|t| !t.trim().is_empty());
    // The fields whose values the page shows: the year only where no date is shown.
    let shown = |field: Field| match field {
        Field::Title | Field::Kind => true,
        Field::BeganOn => began_on.is_some(),
        Field::Year => began_on.is_none() && artist.year.is_some(),
        Field::EndedOn => row.ended_on.is_some(),
        Field::Origin => filled(&artist.origin),
        Field::Country => artist.country.is_some(),
        Field::RealName => {
            filled(&artist.real_name)
                && artist.real_name.as_deref().map(str::trim) != Some(artist.title.as_str())
        }
        Field::Genres => !artist.genres.is_empty(),
        Field::Image => artist.image_url.is_some(),
        Field::Bio => filled(&artist.bio),
        Field::Description => filled(&row.description),
        Field::FunFact => filled(&artist.fun_fact),
        Field::SpotifyLink => filled(&artist.spotify_link),
        Field::AppleLink => filled(&artist.apple_link),
        Field::AmazonLink => filled(&artist.amazon_link),
        Field::TidalLink => filled(&artist.tidal_link),
        Field::SoloVideoLink => filled(&artist.solo_video_link),
        Field::Albums => !albums.is_empty(),
        Field::Members => !members.is_empty(),
        Field::BioSourceLink | Field::WikidataId | Field::MusicbrainzId | Field::Aliases => false,
    };
    let sources = sources_of(&recorded, shown, |source| match source {
        Source::Wikidata => row
            .wikidata_id
            .as_ref()
            .map(|id| format!("https://www.wikidata.org/wiki/{id}")),
        Source::Musicbrainz => row
            .musicbrainz_id
            .as_ref()
            .map(|id| format!("https://musicbrainz.org/artist/{id}")),
        Source::Commons => row.image_page_url.clone(),
        Source::Wikipedia => artist.bio_source_link.clone(),
        Source::Seed | Source::Sheet => None,
    });
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

/// Where each fact the page shows comes from (`shown`: whether it shows a field's
/// value), by who gave its field (`recorded`): each service with the facts it gave and
/// when it was last read, with the artist's page there (`page_of`); then the editors'
/// facts by the day written, those never dated last. A shown field without a record
/// is the editors'.
fn sources_of(
    recorded: &[FieldSource],
    shown: impl Fn(Field) -> bool,
    page_of: impl Fn(Source) -> Option<String>,
) -> Vec<FactSource> {
    // Each shown field's fact, with its record where it has one.
    let given: Vec<(Fact, Option<&FieldSource>)> = Field::ALL
        .into_iter()
        .filter(|&field| shown(field))
        .filter_map(|field| Some((field.fact()?, recorded.iter().find(|r| r.field == field))))
        .collect();
    // In the page's order, each once.
    let facts_of = |given: Vec<&(Fact, Option<&FieldSource>)>| {
        let mut facts: Vec<Fact> = given.into_iter().map(|(fact, _)| *fact).collect();
        facts.sort();
        facts.dedup();
        facts
    };
    let mut sources: Vec<FactSource> = Source::SERVICES
        .into_iter()
        .filter_map(|service| {
            let read: Vec<_> = given
                .iter()
                .filter(|(_, r)| r.is_some_and(|r| r.source == service))
                .collect();
            let latest = read.iter().filter_map(|(_, r)| r.map(|r| r.at)).max()?;
            Some(FactSource {
                name: service.title().to_owned(),
                url: page_of(service),
                facts: facts_of(read),
                editors: false,
                date: Some(iso_date(latest)),
            })
        })
        .collect();
    let written_on = |(_, r): &&(Fact, Option<&FieldSource>)| r.map(|r| iso_date(r.at));
    let editors: Vec<_> = given
        .iter()
        .filter(|(_, r)| r.is_none_or(|r| !r.source.is_service()))
        .collect();
    let mut days: Vec<Option<String>> = editors.iter().map(written_on).collect();
    // The latest day first; undated last.
    days.sort_by(|a, b| b.cmp(a));
    days.dedup();
    for day in days {
        let written = editors
            .iter()
            .copied()
            .filter(|g| written_on(g) == day)
            .collect();
        sources.push(FactSource {
            name: Source::Sheet.title().to_owned(),
            url: None,
            facts: facts_of(written),
            editors: true,
            date: day,
        });
    }
    sources
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
    fn sources_name_who_gave_each_fact_shown_and_when() {
        let day = 1_763_596_800; // 2025-11-20
        let record = |field, source, at| FieldSource { field, source, at };
        let recorded = [
            record(Field::AmazonLink, Source::Musicbrainz, day),
            record(Field::Albums, Source::Musicbrainz, day + 86_400),
            record(Field::EndedOn, Source::Wikidata, day),
            record(Field::SpotifyLink, Source::Wikidata, day),
            // Not shown: the page keeps the editors' year, not the service's date.
            record(Field::BeganOn, Source::Wikidata, day - 86_400),
            record(Field::Year, Source::Seed, day + 2 * 86_400),
            record(Field::Genres, Source::Sheet, day + 3 * 86_400),
            record(Field::Image, Source::Commons, day),
            // Shown, never dated: an editor's value written before writes were recorded.
        ];
        let hidden = [Field::BeganOn, Field::Kind, Field::Title, Field::WikidataId];
        let sources = sources_of(
            &recorded,
            |field| !hidden.contains(&field) && field != Field::Description,
            |source| {
                (source == Source::Wikidata).then(|| "https://www.wikidata.org/wiki/Q1".to_owned())
            },
        );
        let source =
            |name: &str, url: Option<&str>, facts: &[Fact], date: Option<&str>| FactSource {
                name: name.into(),
                url: url.map(Into::into),
                facts: facts.to_vec(),
                editors: name == "Sound Atlas editors",
                date: date.map(Into::into),
            };
        assert_eq!(
            sources,
            [
                source(
                    "Wikidata",
                    Some("https://www.wikidata.org/wiki/Q1"),
                    &[Fact::Ended, Fact::Links],
                    Some("2025-11-20")
                ),
                source(
                    "MusicBrainz",
                    None,
                    &[Fact::Links, Fact::Albums],
                    Some("2025-11-21")
                ),
                source(
                    "Wikimedia Commons",
                    None,
                    &[Fact::Photo],
                    Some("2025-11-20")
                ),
                source(
                    "Sound Atlas editors",
                    None,
                    &[Fact::Genres],
                    Some("2025-11-23")
                ),
                source(
                    "Sound Atlas editors",
                    None,
                    &[Fact::Began],
                    Some("2025-11-22")
                ),
                source(
                    "Sound Atlas editors",
                    None,
                    &[
                        Fact::Origin,
                        Fact::RealName,
                        Fact::Country,
                        Fact::Biography,
                        Fact::Links,
                        Fact::Members,
                        Fact::FunFact
                    ],
                    None
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
