//! Links to the retail marketplace (Buy buttons and article products) and the
//! affiliate tag. With `SOUND_ATLAS_AFFILIATE_TAG` set, every marketplace link the
//! content API sends carries it as the marketplace's `tag=` query parameter (replacing
//! any tag an editor pasted); unset, none does, so no link claims a commission the site
//! does not earn. Links to other hosts (streaming pages, the marketplace's music
//! service) are never touched.

use url::Url;

/// The affiliate tag, when the site has one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marketplace {
    tag: Option<String>,
}

/// Associate tags are short words of letters, digits and hyphens (`soundatlas-20`).
fn valid_tag(tag: &str) -> bool {
    !tag.is_empty()
        && tag.len() <= 64
        && tag
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The marketplace's shop (`amazon.com`, `www.amazon.co.uk`, ...), not its music or
/// other services.
fn is_shop(url: &Url) -> bool {
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.strip_prefix("www.").unwrap_or(host);
    host.strip_prefix("amazon.")
        .is_some_and(|tld| !tld.is_empty() && tld.split('.').all(|p| p.len() <= 3 && !p.is_empty()))
}

impl Marketplace {
    pub fn new(tag: Option<String>) -> Result<Self, String> {
        match tag.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()) {
            Some(tag) if !valid_tag(&tag) => Err(format!(
                "SOUND_ATLAS_AFFILIATE_TAG: {tag:?} is not a tag (letters, digits, '-' and '_')"
            )),
            tag => Ok(Marketplace { tag }),
        }
    }

    /// `SOUND_ATLAS_AFFILIATE_TAG`, unset or blank for none.
    pub fn from_env() -> Result<Self, String> {
        Marketplace::new(std::env::var("SOUND_ATLAS_AFFILIATE_TAG").ok())
    }

    /// Whether links carry a tag (and so whether an affiliate disclosure is true).
    pub fn tagged(&self) -> bool {
        self.tag.is_some()
    }

    /// The link as the site serves it: a shop link with the site's tag (or without any
    /// tag when the site has none); anything else as it was.
    pub fn link(&self, link: &str) -> String {
        let Ok(mut url) = Url::parse(link) else {
            return link.to_owned();
        };
        if !is_shop(&url) {
            return link.to_owned();
        }
        let kept: Vec<(String, String)> = url
            .query_pairs()
            .filter(|(name, _)| name != "tag")
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
        let had_tag = kept.len() != url.query_pairs().count();
        if !had_tag && self.tag.is_none() {
            return link.to_owned();
        }
        {
            let mut query = url.query_pairs_mut();
            query.clear();
            query.extend_pairs(&kept);
            if let Some(tag) = &self.tag {
                query.append_pair("tag", tag);
            }
        }
        if url.query() == Some("") {
            url.set_query(None);
        }
        url.into()
    }

    pub fn link_opt(&self, link: Option<String>) -> Option<String> {
        link.map(|l| self.link(&l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged() -> Marketplace {
        Marketplace::new(Some("soundatlas-20".into())).unwrap()
    }

    #[test]
    fn shop_links_carry_the_sites_tag_and_only_it() {
        let search = "https://www.amazon.com/s?k=Shape+of+You+Ed+Sheeran";
        assert_eq!(
            tagged().link(search),
            "https://www.amazon.com/s?k=Shape+of+You+Ed+Sheeran&tag=soundatlas-20"
        );
        assert_eq!(
            tagged().link("https://amazon.co.uk/dp/B000002UJQ?tag=someone-21&th=1"),
            "https://amazon.co.uk/dp/B000002UJQ?th=1&tag=soundatlas-20"
        );
        assert_eq!(
            tagged().link("https://www.amazon.com/dp/B000002UJQ"),
            "https://www.amazon.com/dp/B000002UJQ?tag=soundatlas-20"
        );
    }

    #[test]
    fn without_a_tag_links_carry_none() {
        let none = Marketplace::default();
        let search = "https://www.amazon.com/s?k=Espresso";
        assert_eq!(none.link(search), search);
        assert_eq!(
            none.link("https://www.amazon.com/s?k=Espresso&tag=someone-21"),
            search
        );
        assert_eq!(
            none.link("https://www.amazon.com/dp/B000002UJQ?tag=x"),
            "https://www.amazon.com/dp/B000002UJQ"
        );
        assert!(!none.tagged());
        assert!(tagged().tagged());
    }

    #[test]
    fn other_hosts_are_left_alone() {
        for link in [
            "https://music.amazon.com/search/Queen",
            "https://open.spotify.com/search/Queen",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&tag=x",
            "https://amazon.example.org/s?k=x",
            "not a url",
        ] {
            assert_eq!(tagged().link(link), link);
        }
    }

    #[test]
    fn bad_tags_are_refused_and_blank_is_none() {
        assert!(Marketplace::new(Some("a b".into())).is_err());
        assert!(Marketplace::new(Some("x&tag=y".into())).is_err());
        assert!(!Marketplace::new(Some("  ".into())).unwrap().tagged());
    }
}
