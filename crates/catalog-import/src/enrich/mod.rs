//! `sound-atlas enrich`: what the open music data sources say about each artist with
//! an encyclopedia link, written with its source and retrieval date.
//!
//! Artists are read in batches: one encyclopedia request to follow the links that name
//! redirects to their articles (`wiki::articles`), one knowledge-base request for the
//! batch's items (found by those articles' titles), one for the names of the bands' members, one
//! to Commons for the images' credits; then MusicBrainz, one artist at a time at most
//! once a second, for albums, members and streaming links. Each artist is written in
//! its own transaction as soon as it is read and marked read, so an interrupted run
//! resumes where it stopped (artists read within `max_age` are left out), and a rerun
//! that finds the same facts changes nothing. Meanwhile artists without a biography
//! get the encyclopedia's summary (`wiki`), through the same Wikimedia client: the
//! biographies arrive at the encyclopedia's pace, a batch a transaction, not after
//! every artist's MusicBrainz requests.

pub mod commons;
pub mod musicbrainz;
pub mod wikidata;

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use sea_orm::{DatabaseConnection, TransactionTrait};
use sound_atlas_catalog::artist_lists::{CreditedImage, MemberSpell};
use sound_atlas_catalog::enrichment::{self, Target};
use sound_atlas_catalog::write::{now_unix, ArtistUpsert, Image, Source};

use super::links::Service;
use super::wiki::{self, WikiConfig};
use sound_atlas_import::polite::{AskError, Polite, Politeness};
use sound_atlas_import::{ImportError, Progress, Report};
use wikidata::Entity;

#[derive(Debug, Clone)]
pub struct EnrichConfig {
    /// The knowledge base's action API.
    pub wikidata_api: String,
    /// MusicBrainz's web service, version 2.
    pub musicbrainz_api: String,
    /// Commons' action API.
    pub commons_api: String,
    /// Pace and patience for the knowledge base and Commons ...
    pub wiki: Politeness,
    /// ... and for MusicBrainz (at most one request a second).
    pub musicbrainz: Politeness,
    /// Artists per knowledge-base and Commons request (the APIs take at most 50).
    pub batch: usize,
    /// Read at most this many artists.
    pub limit: Option<usize>,
    /// Leave out artists read within this long (`None`: read every one again).
    pub max_age: Option<Duration>,
    /// Overwrite fields the seed or an import set.
    pub force: bool,
    /// The biography step (artists without one).
    pub summaries: WikiConfig,
    /// `SOUND_ATLAS_CONTACT`: required to call the real services.
    pub contact: Option<String>,
}

impl Default for EnrichConfig {
    fn default() -> Self {
        EnrichConfig {
            wikidata_api: "https://www.wikidata.org/w/api.php".into(),
            musicbrainz_api: "https://musicbrainz.org/ws/2".into(),
            commons_api: "https://commons.wikimedia.org/w/api.php".into(),
            wiki: Politeness::paced(Duration::from_millis(250)),
            musicbrainz: Politeness::paced(Duration::from_secs(1)),
            batch: 50,
            limit: None,
            max_age: Some(Duration::from_secs(30 * 24 * 3600)),
            force: false,
            summaries: WikiConfig::default(),
            contact: sound_atlas_import::contact(),
        }
    }
}

impl EnrichConfig {
    /// Every service this run asks.
    fn services(&self) -> [&str; 5] {
        [
            &self.wikidata_api,
            &self.musicbrainz_api,
            &self.commons_api,
            // Without APIs of their own, both steps ask each article's encyclopedia
            // (Wikipedia).
            self.summaries
                .api_base
                .as_deref()
                .unwrap_or("https://en.wikipedia.org/api/rest_v1"),
            self.summaries
                .action_api
                .as_deref()
                .unwrap_or("https://en.wikipedia.org/w/api.php"),
        ]
    }

    /// With other paces (a local imitation's measurements); against the real services
    /// never quicker than the defaults: MusicBrainz's documented one request a second,
    /// and four a second for the Wikimedia APIs, which ask for requests in series.
    pub fn paced(mut self, wikimedia: Duration, musicbrainz: Duration) -> Self {
        let floor = EnrichConfig::default();
        let [wikidata, musicbrainz_api, commons, summaries, encyclopedia] = self.services();
        let real_wikimedia = [wikidata, commons, summaries, encyclopedia]
            .iter()
            .any(|url| sound_atlas_import::is_open_data_service(url));
        let real_musicbrainz = sound_atlas_import::is_open_data_service(musicbrainz_api);
        self.wiki.pace = if real_wikimedia {
            wikimedia.max(floor.wiki.pace)
        } else {
            wikimedia
        };
        self.musicbrainz.pace = if real_musicbrainz {
            musicbrainz.max(floor.musicbrainz.pace)
        } else {
            musicbrainz
        };
        self
    }
}

struct Clients {
    wiki: Polite,
    musicbrainz: Polite,
}

/// Reads every artist due and writes what the sources say; meanwhile fills missing
/// biographies (that step's report follows in `then`).
pub async fn run(db: &DatabaseConnection, config: &EnrichConfig) -> Result<Report, ImportError> {
    sound_atlas_import::require_contact(config.contact.as_deref(), &config.services())?;
    let clients = Clients {
        wiki: Polite::new("wikimedia", config.wiki.clone())?,
        musicbrainz: Polite::new("musicbrainz", config.musicbrainz.clone())?,
    };
    // Biographies are asked beside the facts, through the same Wikimedia client (one
    // request at a time, at its pace): the facts wait on MusicBrainz's one request a
    // second most of the time, and an artist's page is worth indexing once it has its
    // biography, which should not wait for every artist's albums.
    let summaries = WikiConfig {
        limit: config.limit,
        ..config.summaries.clone()
    };
    let writing = tokio::sync::Mutex::new(());
    let (mut report, biographies) = tokio::try_join!(
        read_facts(db, config, &clients, &writing),
        wiki::fill_biographies_with(db, &summaries, &clients.wiki, &writing)
    )?;
    report.then.push(biographies);
    Ok(report)
}

/// Reads every artist due and writes what the knowledge base, Commons and MusicBrainz
/// say, each artist in its own transaction, taken while holding `writing`.
async fn read_facts(
    db: &DatabaseConnection,
    config: &EnrichConfig,
    clients: &Clients,
    writing: &tokio::sync::Mutex<()>,
) -> Result<Report, ImportError> {
    let read_since = config.max_age.map(|age| now_unix() - age.as_secs() as i64);
    let mut targets = enrichment::targets(db, read_since).await?;
    if let Some(limit) = config.limit {
        targets.truncate(limit);
    }
    let mut report = Report::new("Artists enriched");
    let progress = Progress::new("Reading the open music data", targets.len());
    let mut done = 0;
    for batch in targets.chunks(config.batch.clamp(1, 50)) {
        let found = read_batch(clients, config, batch, &mut report).await;
        for (target, enrichment) in found {
            let _writing = writing.lock().await;
            let txn = db.begin().await?;
            let applied =
                enrichment::apply(&txn, target.id, enrichment, now_unix(), config.force).await?;
            txn.commit().await?;
            if applied.changed {
                report.updated += 1;
            } else {
                report.unchanged += 1;
            }
            if !applied.kept.is_empty() {
                tracing::debug!(artist = target.id, kept = ?applied.kept, "fields set by the seed or an import were kept");
            }
        }
        done += batch.len();
        progress.tick(done);
    }
    progress.finish();
    Ok(report)
}

/// What the sources say about one batch's artists; artists that could not be read
/// are reported and left out (a later run reads them again).
async fn read_batch<'a>(
    clients: &Clients,
    config: &EnrichConfig,
    batch: &'a [Target],
    report: &mut Report,
) -> Vec<(&'a Target, ArtistUpsert)> {
    let at = |t: &Target| format!("artist {} ({})", t.id, t.title);
    // Items are found by their article's title: a link naming a redirect (an old or
    // alternative title) is followed to the article first.
    let titled: Vec<(&Target, String)> = wiki::articles(
        &clients.wiki,
        config.summaries.action_api.as_deref(),
        batch,
        report,
    )
    .await
    .into_iter()
    .map(|(target, _, article)| (target, article))
    .collect();
    if titled.is_empty() {
        return Vec::new();
    }
    let (items, labels, images) = match batch_facts(clients, config, &titled).await {
        Ok(facts) => facts,
        Err(why) => {
            for (target, _) in &titled {
                report.skip(at(target), why.clone());
            }
            return Vec::new();
        }
    };
    let mut found = Vec::new();
    for (target, title) in titled {
        let Some(item) = items.get(&title) else {
            report.skip(
                at(target),
                format!("the knowledge base has no item for the page {title:?}"),
            );
            continue;
        };
        let mut enrichment = from_item(item, target, &labels);
        if target.band {
            // A member without any name cannot be listed: said, never dropped silently.
            let ids: BTreeSet<String> = item
                .parts(wikidata::HAS_PART)
                .into_iter()
                .map(|(id, _)| id)
                .collect();
            for id in ids {
                if !labels.contains_key(&id) {
                    report.leave_out(at(target), format!("member {id} has no name"));
                }
            }
        }
        if let Some(file) = item.string(wikidata::IMAGE) {
            match images.get(&format!("File:{file}")) {
                Some(Ok(image)) => {
                    enrichment.image = Some(Source::Commons.of(Image::Credited(image.clone())))
                }
                Some(Err(why)) => tracing::info!(artist = target.id, file, why, "image not used"),
                None => {}
            }
        }
        if let Some(mbid) = enrichment.musicbrainz_id.as_ref().map(|m| m.value.clone()) {
            let url = format!(
                "{}/artist/{mbid}",
                config.musicbrainz_api.trim_end_matches('/')
            );
            // Albums only: a lookup lists at most 25 release groups; singles would crowd
            // them out.
            let query = [
                ("inc", "release-groups+artist-rels+url-rels"),
                ("type", "album"),
                ("fmt", "json"),
            ];
            let mut read = clients
                .musicbrainz
                .get_json::<musicbrainz::Artist>(&url, &query)
                .await;
            if let Ok(artist) = &mut read {
                // A full lookup may hold back more: every album is read, page by page.
                if artist.release_groups.len() >= musicbrainz::LOOKUP_RELEASE_GROUPS {
                    match album_groups(clients, config, &mbid).await {
                        Ok(groups) => artist.release_groups = groups,
                        Err(err) => {
                            report.skip(at(target), format!("MusicBrainz: {err}"));
                            continue;
                        }
                    }
                }
            }
            match read {
                Ok(artist) => add_musicbrainz(&mut enrichment, &artist, target.band),
                Err(AskError::NotFound) => {
                    // The knowledge base's id is dead or wrong: never published.
                    enrichment.musicbrainz_id = None;
                    report.leave_out(at(target), format!("MusicBrainz has no artist {mbid}"));
                }
                Err(err) => {
                    report.skip(at(target), format!("MusicBrainz: {err}"));
                    continue;
                }
            }
        }
        found.push((target, enrichment));
    }
    found
}

/// Every album release group of the artist `mbid`, browsed a page at a time.
async fn album_groups(
    clients: &Clients,
    config: &EnrichConfig,
    mbid: &str,
) -> Result<Vec<musicbrainz::ReleaseGroup>, AskError> {
    let url = format!(
        "{}/release-group",
        config.musicbrainz_api.trim_end_matches('/')
    );
    let limit = musicbrainz::BROWSE_PAGE.to_string();
    let mut groups = Vec::new();
    loop {
        let offset = groups.len().to_string();
        let page: musicbrainz::ReleaseGroups = clients
            .musicbrainz
            .get_json(
                &url,
                &[
                    ("artist", mbid),
                    ("type", "album"),
                    ("limit", &limit),
                    ("offset", &offset),
                    ("fmt", "json"),
                ],
            )
            .await?;
        let read = page.release_groups.len();
        groups.extend(page.release_groups);
        if read == 0 || groups.len() >= page.count {
            return Ok(groups);
        }
    }
}

/// The facts a batch needs, one request (or a few chunks) each: the titles' items, the
/// names of their bands' members, and their images' credits. Any request that fails
/// fails the whole batch, said as "<source>: <why>".
async fn batch_facts(
    clients: &Clients,
    config: &EnrichConfig,
    titled: &[(&Target, String)],
) -> Result<BatchFacts, String> {
    let titles: Vec<&str> = titled.iter().map(|(_, t)| t.as_str()).collect();
    let items = items_by_title(clients, config, &titles)
        .await
        .map_err(|err| format!("the knowledge base: {err}"))?;
    // Names of the bands' members, for those MusicBrainz has none of.
    let member_ids: Vec<String> = titled
        .iter()
        .filter(|(t, _)| t.band)
        .filter_map(|(_, title)| items.get(title))
        .flat_map(|item| item.parts(wikidata::HAS_PART))
        .map(|(id, _)| id)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let labels = labels_of(clients, config, &member_ids)
        .await
        .map_err(|err| format!("the knowledge base: {err}"))?;
    let files: Vec<String> = titled
        .iter()
        .filter_map(|(_, title)| items.get(title)?.string(wikidata::IMAGE))
        .map(|file| format!("File:{file}"))
        .collect();
    let images = credits_of(clients, config, &files)
        .await
        .map_err(|err| format!("Commons: {err}"))?;
    Ok((items, labels, images))
}

/// A batch's items by title, member names by id, and image credits by file.
type BatchFacts = (
    HashMap<String, Entity>,
    HashMap<String, wikidata::Name>,
    HashMap<String, Result<CreditedImage, String>>,
);

/// The items of these encyclopedia titles, by title (`wbgetentities` with
/// `sites=enwiki`). Titles with no item are left out.
async fn items_by_title(
    clients: &Clients,
    config: &EnrichConfig,
    titles: &[&str],
) -> Result<HashMap<String, Entity>, AskError> {
    let joined = titles.join("|");
    let answer: wikidata::Entities = clients
        .wiki
        .get_json(
            &config.wikidata_api,
            &[
                ("action", "wbgetentities"),
                ("format", "json"),
                ("sites", "enwiki"),
                ("titles", &joined),
                ("props", "claims|sitelinks"),
                ("sitefilter", "enwiki"),
            ],
        )
        .await?;
    Ok(answer
        .entities
        .into_values()
        .filter(|e| e.id.is_some())
        .filter_map(|e| Some((e.sitelinks.enwiki.as_ref()?.title.clone(), e)))
        .collect())
}

/// Names of these people, by id: English, else multilingual, else in the language
/// they have (every language is asked for: a name may be in one script only).
async fn labels_of(
    clients: &Clients,
    config: &EnrichConfig,
    ids: &[String],
) -> Result<HashMap<String, wikidata::Name>, AskError> {
    let mut labels = HashMap::new();
    for chunk in ids.chunks(50) {
        let joined = chunk.join("|");
        let answer: wikidata::Entities = clients
            .wiki
            .get_json(
                &config.wikidata_api,
                &[
                    ("action", "wbgetentities"),
                    ("format", "json"),
                    ("ids", &joined),
                    ("props", "labels"),
                ],
            )
            .await?;
        labels.extend(
            answer
                .entities
                .into_iter()
                .filter_map(|(id, e)| Some((id, e.name()?))),
        );
    }
    Ok(labels)
}

/// The credited image of each file ("File:…"), or why it is not used.
async fn credits_of(
    clients: &Clients,
    config: &EnrichConfig,
    files: &[String],
) -> Result<HashMap<String, Result<CreditedImage, String>>, AskError> {
    if files.is_empty() {
        return Ok(HashMap::new());
    }
    let joined = files.join("|");
    let answer: commons::Answer = clients
        .wiki
        .get_json(
            &config.commons_api,
            &[
                ("action", "query"),
                ("format", "json"),
                ("formatversion", "2"),
                ("prop", "imageinfo"),
                ("iiprop", "url|extmetadata"),
                ("iiurlwidth", commons::RENDITION_WIDTH),
                ("titles", &joined),
            ],
        )
        .await?;
    Ok(answer.by_title(files))
}

/// An identifier made only of these characters, of a length in `lengths`.
fn id_like(
    value: &str,
    lengths: std::ops::RangeInclusive<usize>,
    allowed: fn(char) -> bool,
) -> bool {
    lengths.contains(&value.len()) && value.chars().all(allowed)
}

fn alphanumeric(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

fn digit(c: char) -> bool {
    c.is_ascii_digit()
}

/// What the item says: identifiers (each checked for its form, so a malformed one
/// never becomes a link), links to the artist's pages, birth name, date and members.
fn from_item(
    item: &Entity,
    target: &Target,
    labels: &HashMap<String, wikidata::Name>,
) -> ArtistUpsert {
    let wd = |value: String| Some(Source::Wikidata.of(value));
    let id = |property: &str, lengths, allowed| {
        item.string(property)
            .filter(|v| id_like(v, lengths, allowed))
    };
    let mut found = ArtistUpsert {
        wikidata_id: item.id.clone().and_then(wd),
        musicbrainz_id: id(wikidata::MUSICBRAINZ_ARTIST, 36..=36, |c| {
            c.is_ascii_hexdigit() || c == '-'
        })
        .and_then(wd),
        spotify_link: id(wikidata::SPOTIFY_ARTIST, 22..=22, alphanumeric)
            .map(|v| format!("https://open.spotify.com/artist/{v}"))
            .and_then(wd),
        apple_link: id(wikidata::APPLE_MUSIC_ARTIST, 1..=12, digit)
            .map(|v| format!("https://music.apple.com/us/artist/{v}"))
            .and_then(wd),
        tidal_link: id(wikidata::TIDAL_ARTIST, 1..=12, digit)
            .map(|v| format!("https://tidal.com/browse/artist/{v}"))
            .and_then(wd),
        amazon_link: id(wikidata::AMAZON_MUSIC_ARTIST, 10..=10, alphanumeric)
            .map(|v| format!("https://music.amazon.com/artists/{v}"))
            .and_then(wd),
        solo_video_link: id(wikidata::YOUTUBE_CHANNEL, 24..=24, |c| {
            c.is_ascii_alphanumeric() || c == '-' || c == '_'
        })
        .filter(|v| v.starts_with("UC"))
        .map(|v| format!("https://www.youtube.com/channel/{v}"))
        .and_then(wd),
        began_on: item.began_on(target.band).and_then(wd),
        ended_on: item.ended_on(target.band).and_then(wd),
        aliases: Some(item.aliases())
            .filter(|a| !a.is_empty())
            .map(|a| Source::Wikidata.of(a)),
        description: item.description().and_then(wd),
        ..ArtistUpsert::default()
    };
    if !target.band {
        found.real_name = item.text(wikidata::BIRTH_NAME).and_then(wd);
    }
    if target.band {
        let members: Vec<MemberSpell> = item
            .parts(wikidata::HAS_PART)
            .into_iter()
            .filter_map(|(id, spell)| Some(spell.member(&id, labels.get(&id)?.clone())))
            .collect();
        if !members.is_empty() {
            found.members = Some(Source::Wikidata.of(members));
        }
    }
    found
}

/// Adds what MusicBrainz says: studio albums, members (with instruments, preferred to
/// the knowledge base's), streaming links the knowledge base had none of, and the
/// date begun where it had none.
fn add_musicbrainz(found: &mut ArtistUpsert, artist: &musicbrainz::Artist, band: bool) {
    let mb = |value| Some(Source::Musicbrainz.of(value));
    let albums = artist.studio_albums();
    if !albums.is_empty() {
        found.albums = mb(albums);
    }
    if band {
        let members = artist.members();
        if !members.is_empty() {
            found.members = Some(Source::Musicbrainz.of(members));
        }
    }
    if found.began_on.is_none() {
        found.began_on = artist.began().map(|b| Source::Musicbrainz.of(b));
    }
    for url in artist.urls() {
        // Only a service's own artist page, in its normal form.
        let Some((service, page)) = Service::of_artist_page(url) else {
            continue;
        };
        let slot = match service {
            Service::Spotify => &mut found.spotify_link,
            Service::AppleMusic => &mut found.apple_link,
            Service::Tidal => &mut found.tidal_link,
            Service::AmazonMusic => &mut found.amazon_link,
        };
        if slot.is_none() {
            *slot = Some(Source::Musicbrainz.of(page));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_real_services_are_never_asked_quicker_than_their_pace() {
        let quick = Duration::from_millis(10);
        let real = EnrichConfig::default().paced(quick, quick);
        assert_eq!(real.wiki.pace, Duration::from_millis(250));
        assert_eq!(real.musicbrainz.pace, Duration::from_secs(1));
        let local = "http://127.0.0.1:8080";
        let imitation = EnrichConfig {
            wikidata_api: format!("{local}/w/api.php"),
            musicbrainz_api: format!("{local}/ws/2"),
            commons_api: format!("{local}/commons/api.php"),
            summaries: WikiConfig {
                api_base: Some(local.into()),
                action_api: Some(format!("{local}/enwiki/api.php")),
                ..WikiConfig::default()
            },
            ..EnrichConfig::default()
        }
        .paced(quick, quick);
        assert_eq!(imitation.wiki.pace, quick);
        assert_eq!(imitation.musicbrainz.pace, quick);
        // One real Wikimedia API among imitations keeps the Wikimedia pace.
        let mixed = EnrichConfig {
            musicbrainz_api: format!("{local}/ws/2"),
            ..EnrichConfig::default()
        }
        .paced(quick, quick);
        assert_eq!(mixed.wiki.pace, Duration::from_millis(250));
        assert_eq!(mixed.musicbrainz.pace, quick);
    }
}
