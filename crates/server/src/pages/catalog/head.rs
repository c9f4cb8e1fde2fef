//! Heads of the catalogue pages: titles from the route contract, descriptions, Open
//! Graph and JSON-LD computed from the same data the page renders.

use serde_json::{json, Value};
use sound_atlas_catalog::genres::slug_of;
use sound_atlas_catalog::{
    reads, share_picture, Artist, ArtistDetails, ArtistSummary, Country, FacetPage, Genre,
    GenrePage, Letter,
};
use sound_atlas_contract::catalog::YearPrecision;
use sound_atlas_contract::pages::{
    descriptions, heads, images, links, routes, titles, PageRoute, LETTER_NAME_DIGITS, SITE_NAME,
};
use sound_atlas_contract::Template;

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
#[derive(Debug, Clone)]
pub struct BrowseList {
    pub letter: Letter,
    /// The country the list is filtered to.
    pub country: Option<Country>,
    pub from: usize,
    pub pages: Option<usize>,
}

impl BrowseList {
    /// `/browse` shows the default letter's first page: that list's one address.
    fn is_browse(&self) -> bool {
        self.letter == Letter::DEFAULT && self.from == 1 && self.country.is_none()
    }
}

/// Browse, with its place in the site as a `BreadcrumbList`: Home, Browse Artists and
/// the letter. Each distinct list has one canonical address and a title and description
/// of its own: `/browse` as the spec titles it, a letter's first page with the letter,
/// a numbered page with its number of the letter's pages.
pub fn browse(origin: &str, list: BrowseList) -> Head {
    if let Some(country) = &list.country {
        return browse_in_country(origin, country, &list);
    }
    let BrowseList {
        letter,
        from,
        pages,
        ..
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

/// Browse filtered to a country: a view of the country's own page (which is indexed),
/// so it asks not to be indexed itself (27 letters times every country would be a
/// crawl of near duplicates) and its links are followed; it has its own address,
/// title and description all the same.
fn browse_in_country(origin: &str, country: &Country, list: &BrowseList) -> Head {
    let name = letter_name(list.letter);
    let encode = sound_atlas_contract::encode_uri_component;
    let (path, title, description) = match list.pages {
        Some(pages) if list.from > 1 => (
            links::BROWSE_COUNTRY_NUMBERED
                .fill_with(&[&country.slug, &list.letter, &list.from], encode),
            titles::BROWSE_COUNTRY_NUMBERED.fill(&[&country.name, &name, &list.from, &pages]),
            descriptions::BROWSE_COUNTRY_NUMBERED.fill(&[&list.from, &pages, &country.name, &name]),
        ),
        _ => (
            links::BROWSE_COUNTRY_LETTER.fill_with(&[&country.slug, &list.letter], encode),
            titles::BROWSE_COUNTRY.fill(&[&country.name, &name]),
            descriptions::BROWSE_COUNTRY.fill(&[&country.name, &name]),
        ),
    };
    let crumbs = breadcrumb_list(vec![
        crumb(1, "Home", format!("{origin}/")),
        crumb(
            2,
            &country.name,
            format!("{origin}{}", routes::COUNTRY.href(&[&country.slug])),
        ),
        crumb(3, &name, format!("{origin}{path}")),
    ]);
    Head {
        json_ld: vec![crumbs],
        robots: Some("noindex, follow"),
        ..Head::website(title, description, path)
    }
}

/// A genre's page (or its numbered page `from`, its own canonical).
pub fn genre(origin: &str, genre: &Genre, from: usize, shown: &[&GenrePage]) -> Head {
    let pages = shown.first().map(|page| page.pages);
    let list = PagedList {
        name: &genre.name,
        first_path: routes::GENRE.href(&[&genre.slug]),
        numbered_path: links::GENRE_NUMBERED.fill_with(
            &[&genre.slug, &from],
            sound_atlas_contract::encode_uri_component,
        ),
        titles: [titles::GENRE, titles::GENRE_NUMBERED],
        descriptions: [descriptions::GENRE, descriptions::GENRE_NUMBERED],
        artists: genre.artists,
    };
    let shown = shown
        .iter()
        .map(|page| (page.page, page.page_size, page.artists.as_slice()));
    list.head(origin, from, pages, shown)
}

/// The titles, descriptions and addresses of a country's or a decade's pages.
pub struct FacetHeads {
    pub route: &'static PageRoute,
    pub numbered: Template,
    pub titles: [Template; 2],
    pub descriptions: [Template; 2],
}

/// A country's or a decade's page (or its numbered page `from`, its own canonical).
/// `shown`: the pages from..=page, `first` among them.
pub fn facet(
    origin: &str,
    heads: &FacetHeads,
    from: usize,
    first: &FacetPage,
    shown: &[FacetPage],
) -> Head {
    let facet = &first.facet;
    let list = PagedList {
        name: &facet.name,
        first_path: heads.route.href(&[&facet.slug]),
        numbered_path: heads.numbered.fill_with(
            &[&facet.slug, &from],
            sound_atlas_contract::encode_uri_component,
        ),
        titles: heads.titles,
        descriptions: heads.descriptions,
        artists: facet.artists,
    };
    let shown = shown
        .iter()
        .map(|page| (page.page, page.page_size, page.artists.as_slice()));
    list.head(origin, from, Some(first.pages), shown)
}

/// A paged list of artists under one name (a genre, a country, a decade): a
/// `CollectionPage` whose `mainEntity` lists the artists shown, with its place in the
/// site as a `BreadcrumbList` (Home, the list). Its first page and each numbered page
/// are canonical, each with its own title and description (`[first, numbered]`).
struct PagedList<'a> {
    name: &'a str,
    first_path: String,
    numbered_path: String,
    titles: [Template; 2],
    descriptions: [Template; 2],
    artists: usize,
}

impl PagedList<'_> {
    /// `shown`: each page shown, as (its number, its size, its artists).
    fn head<'a>(
        self,
        origin: &str,
        from: usize,
        pages: Option<usize>,
        shown: impl Iterator<Item = (usize, usize, &'a [ArtistSummary])>,
    ) -> Head {
        let name = self.name;
        let [first_title, numbered_title] = self.titles;
        let [first_description, numbered_description] = self.descriptions;
        let (canonical_path, title, description) = match pages {
            Some(pages) if from > 1 => (
                self.numbered_path,
                numbered_title.fill(&[&name, &from, &pages]),
                numbered_description.fill(&[&from, &pages, &name]),
            ),
            _ => (
                self.first_path.clone(),
                first_title.fill(&[&name]),
                first_description.fill(&[&name]),
            ),
        };
        let items: Vec<Value> = shown
            .flat_map(|(page, page_size, artists)| {
                let skip = (page - 1) * page_size;
                artists.iter().enumerate().map(move |(i, artist)| {
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
            "about": { "@type": "Thing", "name": name },
            "isPartOf": { "@type": "WebSite", "name": SITE_NAME, "url": format!("{origin}/") },
            "mainEntity": {
                "@type": "ItemList",
                "numberOfItems": self.artists,
                "itemListOrder": "https://schema.org/ItemListOrderAscending",
                "itemListElement": items,
            },
        });
        let crumbs = breadcrumb_list(vec![
            crumb(1, "Home", format!("{origin}/")),
            crumb(2, name, format!("{origin}{}", self.first_path)),
        ]);
        Head {
            json_ld: vec![collection, crumbs],
            ..Head::website(title, description, canonical_path)
        }
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
            fields.insert("member".into(), members_json_ld(origin, details));
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
    // The page about the artist, and when what it says last changed.
    if let Some(modified) = &details.modified_on {
        fields.insert(
            "mainEntityOfPage".into(),
            json!({ "@type": "ProfilePage", "@id": url, "dateModified": modified }),
        );
    }
    if !details.member_of.is_empty() {
        let bands: Vec<Value> = details
            .member_of
            .iter()
            .map(|band| {
                let (url, id) = artist_node(origin, band.id);
                json!({ "@type": "MusicGroup", "@id": id, "name": band.title, "url": url })
            })
            .collect();
        fields.insert("memberOf".into(), bands.into());
    }
    if !details.albums.is_empty() {
        let albums: Vec<Value> = details
            .albums
            .iter()
            .map(|album| {
                // The discography lists studio albums, each as first released.
                let mut value = json!({
                    "@type": "MusicAlbum",
                    "@id": album_id(&url, album),
                    "name": album.title,
                    "albumProductionType": "https://schema.org/StudioAlbum",
                    "albumReleaseType": "https://schema.org/AlbumRelease",
                });
                if let Some(year) = album.year {
                    value["datePublished"] = year.to_string().into();
                }
                if let Some(id) = &album.musicbrainz_id {
                    value["sameAs"] = format!("https://musicbrainz.org/release-group/{id}").into();
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
/// role's `member` is the person, with its page's `@id` where it has one), with the
/// roles played and the years.
/// An artist's page and the `@id` of the artist it describes.
fn artist_node(origin: &str, id: i32) -> (String, String) {
    let url = format!("{origin}{}", routes::ARTIST.href(&[&id]));
    let id = format!("{url}#artist");
    (url, id)
}

fn members_json_ld(origin: &str, details: &ArtistDetails) -> Value {
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
                let mut person = json!({ "@type": "Person", "name": name });
                // A member with a page of their own is that page's artist.
                if let Some(id) = member.artist_id {
                    let (url, id) = artist_node(origin, id);
                    person["@id"] = id.into();
                    person["url"] = url.into();
                }
                let mut role = json!({ "@type": "OrganizationRole", "member": person });
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
