//! Heads of the catalogue pages: titles from the route contract, descriptions, Open
//! Graph and JSON-LD computed from the same data the page renders.

use serde_json::{json, Value};
use sound_atlas_catalog::genres::slug_of;
use sound_atlas_catalog::{reads, share_picture, Artist, ArtistDetails, Genre, GenrePage, Letter};
use sound_atlas_contract::catalog::YearPrecision;
use sound_atlas_contract::pages::{
    descriptions, heads, images, links, routes, titles, LETTER_NAME_DIGITS, SITE_NAME,
};

use crate::bundle::Site;
use crate::head::{breadcrumb_list, crumb, organization, Head, HeadImage, DEFAULT_DESCRIPTION};

/// The site's other name for `WebSite.alternateName`: the name as one word, as people
/// type it into a search box or a handle.
pub const SITE_ALTERNATE_NAME: &str = "SoundAtlas";

/// Home: the `WebSite` with its search, and the site's `Organization` with its
/// accounts elsewhere (only those the site is configured with).
pub fn home(site: &Site) -> Head {
    let origin = site.public_url.as_str();
    let mut head = Head::website(titles::HOME.fill(&[]), DEFAULT_DESCRIPTION, "/".into());
    let mut organization = organization(origin);
    organization["@context"] = "https://schema.org".into();
    let accounts: Vec<String> = site
        .twitter_site
        .iter()
        .map(|account| format!("https://x.com/{}", account.trim_start_matches('@')))
        .collect();
    if !accounts.is_empty() {
        organization["sameAs"] = json!(accounts);
    }
    head.json_ld = vec![
        json!({
            "@context": "https://schema.org",
            "@type": "WebSite",
            "@id": format!("{origin}/#website"),
            "name": SITE_NAME,
            "alternateName": SITE_ALTERNATE_NAME,
            "url": format!("{origin}/"),
            "publisher": { "@id": organization["@id"] },
            "potentialAction": {
                "@type": "SearchAction",
                "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}/search/{{search_term_string}}") },
                "query-input": "required name=search_term_string"
            }
        }),
        organization,
    ];
    head
}

/// One list of browse: its letter and its numbered page `from` (1 for the letter's
/// first page), with the letter's number of pages when it was read.
#[derive(Debug, Clone, Copy)]
pub struct BrowseList {
    pub letter: Letter,
    pub from: usize,
    pub pages: Option<usize>,
}

impl BrowseList {
    /// `/browse` shows the default letter's first page: that list's one address.
    fn is_browse(&self) -> bool {
        self.letter == Letter::DEFAULT && self.from == 1
    }
}

/// Browse, with its place in the site as a `BreadcrumbList`: Home, Browse Artists and
/// the letter. Each distinct list has one canonical address and a title and description
/// of its own: `/browse` as the spec titles it, a letter's first page with the letter,
/// a numbered page with its number of the letter's pages.
pub fn browse(origin: &str, list: BrowseList) -> Head {
    let BrowseList {
        letter,
        from,
        pages,
    } = list;
    let name = letter_name(letter);
    let canonical_path = if list.is_browse() {
        routes::BROWSE.href(&[])
    } else if from > 1 {
        links::BROWSE_NUMBERED.fill_with(
            &[&letter, &from],
            sound_atlas_contract::encode_uri_component,
        )
    } else {
        browse_letter_path(letter)
    };
    let mut crumbs = vec![
        crumb(1, "Home", format!("{origin}/")),
        crumb(
            2,
            "Browse Artists",
            format!("{origin}{}", routes::BROWSE.href(&[])),
        ),
    ];
    if !list.is_browse() {
        crumbs.push(crumb(
            3,
            &name,
            format!("{origin}{}", browse_letter_path(letter)),
        ));
    }
    let digits = letter.as_char() == '#';
    let (title, description) = match pages {
        _ if list.is_browse() => (titles::BROWSE.fill(&[]), descriptions::BROWSE.fill(&[])),
        Some(pages) if from > 1 => (
            titles::BROWSE_NUMBERED.fill(&[&name, &from, &pages]),
            if digits {
                descriptions::BROWSE_DIGITS_NUMBERED.fill(&[&from, &pages])
            } else {
                descriptions::BROWSE_LETTER_NUMBERED.fill(&[&from, &pages, &letter])
            },
        ),
        _ => (
            titles::BROWSE_LETTER.fill(&[&name]),
            if digits {
                descriptions::BROWSE_DIGITS.fill(&[])
            } else {
                descriptions::BROWSE_LETTER.fill(&[&letter])
            },
        ),
    };
    Head {
        json_ld: vec![breadcrumb_list(crumbs)],
        ..Head::website(title, description, canonical_path)
    }
}

/// What titles and breadcrumbs call a browse letter.
fn letter_name(letter: Letter) -> String {
    if letter.as_char() == '#' {
        LETTER_NAME_DIGITS.to_owned()
    } else {
        letter.to_string()
    }
}

/// A genre's page (or its numbered page `from`, its own canonical): a `CollectionPage`
/// whose `mainEntity` lists the artists shown, with its place in the site as a
/// `BreadcrumbList` (Home, the genre).
pub fn genre(origin: &str, genre: &Genre, from: usize, shown: &[&GenrePage]) -> Head {
    let pages = shown.first().map(|page| page.pages);
    let first_path = routes::GENRE.href(&[&genre.slug]);
    let canonical_path = if from > 1 {
        links::GENRE_NUMBERED.fill_with(
            &[&genre.slug, &from],
            sound_atlas_contract::encode_uri_component,
        )
    } else {
        first_path.clone()
    };
    let (title, description) = match pages {
        Some(pages) if from > 1 => (
            titles::GENRE_NUMBERED.fill(&[&genre.name, &from, &pages]),
            descriptions::GENRE_NUMBERED.fill(&[&from, &pages, &genre.name]),
        ),
        _ => (
            titles::GENRE.fill(&[&genre.name]),
            descriptions::GENRE.fill(&[&genre.name]),
        ),
    };
    let items: Vec<Value> = shown
        .iter()
        .flat_map(|page| {
            let skip = (page.page - 1) * page.page_size;
            page.artists.iter().enumerate().map(move |(i, artist)| {
                json!({
                    "@type": "ListItem",
                    "position": skip + i + 1,
                    "name": artist.title,
                    "url": format!("{origin}{}", routes::ARTIST.href(&[&artist.id])),
                })
            })
        })
        .collect();
    let collection = json!({
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        "name": title,
        "description": description,
        "url": format!("{origin}{canonical_path}"),
        "about": { "@type": "Thing", "name": genre.name },
        "isPartOf": { "@type": "WebSite", "name": SITE_NAME, "url": format!("{origin}/") },
        "mainEntity": {
            "@type": "ItemList",
            "numberOfItems": genre.artists,
            "itemListOrder": "https://schema.org/ItemListOrderAscending",
            "itemListElement": items,
        },
    });
    let crumbs = breadcrumb_list(vec![
        crumb(1, "Home", format!("{origin}/")),
        crumb(2, &genre.name, format!("{origin}{first_path}")),
    ]);
    Head {
        json_ld: vec![collection, crumbs],
        ..Head::website(title, description, canonical_path)
    }
}

/// An artist's page; one without a biography yet is thin and asks not to be indexed
/// until it has one (it is left out of the sitemaps too).
pub fn artist(origin: &str, artist: &Artist, details: Option<&ArtistDetails>) -> Head {
    let path = routes::ARTIST.href(&[&artist.id]);
    let text = heads::artist(artist);
    let breadcrumbs = breadcrumb_list(vec![
        crumb(1, "Home", format!("{origin}/")),
        crumb(
            2,
            "Browse Artists",
            format!("{origin}{}", browse_letter_path(artist.letter())),
        ),
        crumb(3, &artist.title, format!("{origin}{path}")),
    ]);
    Head {
        og_type: "profile",
        // The artist's own share picture (name, genres): every artist unfurls differently.
        image: HeadImage::share_card(
            images::ARTIST_SHARE_PICTURE.href(&[&artist.id]),
            &share_picture::card(artist),
        ),
        json_ld: vec![
            artist_json_ld(
                origin,
                &path,
                artist,
                details.unwrap_or(&ArtistDetails::default()),
            ),
            breadcrumbs,
        ],
        robots: (!reads::has_biography(artist)).then_some("noindex"),
        ..Head::website(text.title, text.description, path)
    }
}

pub fn artist_not_found(path: &str) -> Head {
    Head::error(titles::ARTIST_NOT_FOUND.fill(&[]), path)
}

pub fn search(query: Option<&str>) -> Head {
    let head = match query {
        Some(q) => Head::website(
            titles::SEARCH_RESULTS.fill(&[&q]),
            format!("Artists and bands matching \"{q}\" on Sound Atlas."),
            routes::SEARCH_RESULTS.href(&[&q]),
        ),
        None => Head::website(
            titles::SEARCH.fill(&[]),
            "Search artists, bands or genres on Sound Atlas.",
            routes::SEARCH.href(&[]),
        ),
    };
    // Result pages are endless and thin: keep them out of indexes, follow their links.
    Head {
        robots: Some("noindex, follow"),
        ..head
    }
}

/// `/browse?letter=B`: page 1 of a letter, its canonical URL.
pub fn browse_letter_path(letter: Letter) -> String {
    links::BROWSE_LETTER.fill_with(&[&letter], sound_atlas_contract::encode_uri_component)
}

/// `MusicGroup` for bands; a solo artist is typed as MusicBrainz types one, a `Person`
/// that is also a `MusicGroup` (schema.org's type for performers, which carries `genre`),
/// so the artist's genres stay in the data and every property is valid for one of its
/// types. With genre, image, `sameAs` identity links (encyclopedia article, knowledge
/// base, MusicBrainz, channel, the artist's pages on streaming services), a band's
/// `member`s as `OrganizationRole`s with their roles and years, and studio `album`s.
fn artist_json_ld(origin: &str, path: &str, artist: &Artist, details: &ArtistDetails) -> Value {
    let kind = if artist.is_band() {
        json!("MusicGroup")
    } else {
        json!(["Person", "MusicGroup"])
    };
    let url = format!("{origin}{path}");
    let mut doc = json!({
        "@context": "https://schema.org",
        "@type": kind,
        "@id": format!("{url}#artist"),
        "name": artist.title,
        "url": url,
        "genre": artist.genres,
    });
    let fields = doc.as_object_mut().expect("a JSON object");
    if let Some(bio) = &artist.bio {
        fields.insert("description".into(), bio.clone().into());
    }
    if let Some(description) = &details.description {
        fields.insert(
            "disambiguatingDescription".into(),
            description.clone().into(),
        );
    }
    if let Some(image) = &artist.image_url {
        fields.insert("image".into(), image_json_ld(image, details));
    }
    let mut same_as: Vec<String> = [&artist.bio_source_link, &artist.solo_video_link]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    same_as.extend(
        details
            .wikidata_id
            .iter()
            .map(|id| format!("https://www.wikidata.org/wiki/{id}")),
    );
    same_as.extend(
        details
            .musicbrainz_id
            .iter()
            .map(|id| format!("https://musicbrainz.org/artist/{id}")),
    );
    same_as.extend(
        details
            .listen
            .iter()
            .filter(|l| !l.search)
            .map(|l| l.url.clone()),
    );
    if !same_as.is_empty() {
        fields.insert("sameAs".into(), json!(same_as));
    }
    let began = details
        .began_on
        .clone()
        .or_else(|| artist.year.map(|year| year.to_string()));
    if artist.is_band() {
        if let Some(began) = began {
            fields.insert("foundingDate".into(), began.into());
        }
        if let Some(ended) = &details.ended_on {
            fields.insert("dissolutionDate".into(), ended.clone().into());
        }
        if let Some(origin) = &artist.origin {
            fields.insert(
                "foundingLocation".into(),
                json!({ "@type": "Place", "name": origin }),
            );
        }
        if !details.members.is_empty() {
            fields.insert("member".into(), members_json_ld(details));
        }
    } else {
        fields.insert("jobTitle".into(), "Musician".into());
        if let Some(began) = began {
            fields.insert("birthDate".into(), began.into());
        }
        if let Some(ended) = &details.ended_on {
            fields.insert("deathDate".into(), ended.clone().into());
        }
        if let Some(origin) = &artist.origin {
            fields.insert(
                "birthPlace".into(),
                json!({ "@type": "Place", "name": origin }),
            );
        }
    }
    // A solo artist's birth name, then the names the sources know the artist by.
    let mut names: Vec<&str> = Vec::new();
    let other_names = artist
        .real_name
        .iter()
        .filter(|_| !artist.is_band())
        .chain(&details.aliases);
    for name in other_names {
        let taken = |n: &&str| n.eq_ignore_ascii_case(name);
        if !name.eq_ignore_ascii_case(&artist.title) && !names.iter().any(taken) {
            names.push(name);
        }
    }
    match names[..] {
        [] => {}
        [name] => {
            fields.insert("alternateName".into(), name.into());
        }
        _ => {
            fields.insert("alternateName".into(), json!(names));
        }
    }
    if !details.albums.is_empty() {
        let albums: Vec<Value> = details
            .albums
            .iter()
            .map(|album| {
                let mut value = json!({
                    "@type": "MusicAlbum",
                    "@id": album_id(&url, album),
                    "name": album.title,
                });
                if let Some(year) = album.year {
                    value["datePublished"] = year.to_string().into();
                }
                value
            })
            .collect();
        fields.insert("album".into(), albums.into());
    }
    doc
}

/// An album's `@id`: the artist's page and the album's title and year, which stay the
/// same whatever other albums are added or removed.
fn album_id(artist_url: &str, album: &sound_atlas_contract::catalog::Album) -> String {
    let mut id = format!("{artist_url}#album-{}", slug_of(&album.title));
    if let Some(year) = album.year {
        id.push_str(&format!("-{year}"));
    }
    id
}

/// The photo, credited as its licence asks: an `ImageObject` with its author, licence
/// and the file's page, when the enrichment read them; else its address alone.
fn image_json_ld(url: &str, details: &ArtistDetails) -> Value {
    match &details.image_credit {
        Some(credit) => {
            let mut image = json!({
                "@type": "ImageObject",
                "contentUrl": url,
                "creator": { "@type": "Person", "name": credit.author },
                "creditText": credit.author,
                "acquireLicensePage": credit.source_url,
            });
            if let Some(license) = &credit.license_url {
                image["license"] = license.clone().into();
            }
            image
        }
        None => url.into(),
    }
}

/// Each spell of each member as an `OrganizationRole` (schema.org's role pattern: the
/// role's `member` is the person), with the roles played and the years.
fn members_json_ld(details: &ArtistDetails) -> Value {
    let roles: Vec<Value> = details
        .members
        .iter()
        .flat_map(|member| {
            member.spells.iter().map(move |spell| {
                // A name in another script carries its language.
                let name = match &member.name_language {
                    Some(language) => json!({ "@value": member.name, "@language": language }),
                    None => json!(member.name),
                };
                let mut role = json!({
                    "@type": "OrganizationRole",
                    "member": { "@type": "Person", "name": name },
                });
                if !member.roles.is_empty() {
                    role["roleName"] = json!(member.roles);
                }
                if let Some(from) = spell.from {
                    role["startDate"] = iso_year(from, spell.from_precision).into();
                }
                if let Some(until) = spell.until {
                    role["endDate"] = iso_year(until, spell.until_precision).into();
                }
                role
            })
        })
        .collect();
    roles.into()
}

/// A year in ISO 8601 to its precision: "1987", a decade by its first three digits
/// ("198"), a century by its first two ("19").
fn iso_year(year: i32, precision: YearPrecision) -> String {
    match precision {
        YearPrecision::Year => year.to_string(),
        YearPrecision::Decade => (year / 10).to_string(),
        YearPrecision::Century => (year / 100).to_string(),
    }
}
