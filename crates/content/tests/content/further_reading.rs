//! Every article but the site's own news ends with further reading a reader can check:
//! encyclopedia articles only, and where the article names artists of the catalogue,
//! the encyclopedia article of at least one of them as the catalogue stores it (the
//! source of its biography), never an address made up for the article.

use sound_atlas_content::seed;

/// Each seed artist's title and the encyclopedia article its biography comes from.
fn catalogue_articles() -> Vec<(String, String)> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/seed/artists");
    let mut artists = Vec::new();
    for file in std::fs::read_dir(folder).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let part: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        artists.extend(part.into_iter().map(|artist| {
            (
                artist["title"].as_str().unwrap().to_owned(),
                artist["bioSourceLink"].as_str().unwrap().to_owned(),
            )
        }));
    }
    artists
}

/// Whether `text` names `title` as a whole name ("the Beatles" names "The Beatles").
fn names(text: &str, title: &str) -> bool {
    let bare = title.strip_prefix("The ").unwrap_or(title);
    text.match_indices(bare).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + bare.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The addresses in a paragraph, without the punctuation that ends a sentence.
fn links(paragraph: &str) -> Vec<&str> {
    paragraph
        .split_whitespace()
        .filter(|word| word.starts_with("https://") || word.starts_with("http://"))
        .map(|word| word.trim_end_matches(['.', ',', ';', ':']))
        .collect()
}

#[test]
fn every_article_ends_with_encyclopedia_reading_on_what_it_names() {
    let catalogue = catalogue_articles();
    for article in seed::articles().unwrap() {
        if article.category == "News & Updates" {
            continue;
        }
        let paragraphs: Vec<&str> = article.content.split('|').collect();
        let last = paragraphs.last().unwrap();
        let reading = links(last);
        assert!(!reading.is_empty(), "{}: no further reading", article.title);
        for link in &reading {
            assert!(
                link.starts_with("https://en.wikipedia.org/wiki/"),
                "{}: {link} is not an encyclopedia article",
                article.title
            );
        }
        let named: Vec<&(String, String)> = catalogue
            .iter()
            .filter(|(title, _)| names(&article.content, title))
            .collect();
        assert!(
            named.is_empty()
                || named
                    .iter()
                    .any(|(_, page)| reading.contains(&page.as_str())),
            "{}: names {:?} but links none of their articles",
            article.title,
            named.iter().map(|(title, _)| title).collect::<Vec<_>>()
        );
    }
}
