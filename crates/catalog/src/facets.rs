//! The lists the catalogue gathers artists in besides letters and genres: the country
//! they come from (`/country/{slug}`) and the decade they began in, born or formed
//! (`/decade/{1990s}`). Each facet keeps its artists' positions in list order, so any
//! page of one, and its part under a browse letter, is a slice: a deep page costs what
//! the first costs.

use std::collections::HashMap;

use crate::genres::slug_of;
use crate::positions::Positions;
use sound_atlas_contract::catalog::Facet;

/// One country or decade: its name, its page's slug, its artists' positions in list
/// order and the newest change among them (for its sitemap entry).
#[derive(Debug)]
pub struct FacetList {
    pub name: Box<str>,
    pub slug: Box<str>,
    pub positions: Positions,
    pub newest: Option<i64>,
}

impl FacetList {
    pub fn facet(&self) -> Facet {
        Facet {
            name: self.name.to_string(),
            slug: self.slug.to_string(),
            artists: self.positions.len(),
        }
    }
}

/// Every facet of one kind, by slug.
#[derive(Debug, Default)]
pub struct FacetIndex {
    /// Sorted by slug.
    lists: Vec<FacetList>,
}

/// Builds a [`FacetIndex`] from the artists in list order.
#[derive(Default)]
pub struct FacetBuilder {
    by_slug: HashMap<String, Building>,
}

#[derive(Default)]
struct Building {
    names: HashMap<String, usize>,
    positions: Positions,
    newest: Option<i64>,
}

impl FacetBuilder {
    /// The artists at `positions` (ascending) belong to the facet `name` whose slug is
    /// `slug`; `changed` is the newest change among them. Called once a spelling.
    pub fn add(&mut self, slug: &str, name: &str, positions: Positions, changed: Option<i64>) {
        let list = self.by_slug.entry(slug.to_owned()).or_default();
        *list.names.entry(name.to_owned()).or_default() += positions.len();
        if list.positions.is_empty() {
            list.positions = positions;
        } else {
            // Another spelling of the same facet: its artists among the others'.
            let mut merged: Vec<u32> = list.positions.iter().chain(positions.iter()).collect();
            merged.sort_unstable();
            list.positions = merged.into_iter().collect();
        }
        list.newest = list.newest.max(changed);
    }

    pub fn build(self) -> FacetIndex {
        let mut lists: Vec<FacetList> = self
            .by_slug
            .into_iter()
            .map(|(slug, list)| {
                // Spellings sharing a slug are one facet, shown as most artists spell it
                // (on a tie, the first by bytes).
                let name = list
                    .names
                    .into_iter()
                    .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))
                    .map(|(name, _)| name)
                    .unwrap_or_default();
                FacetList {
                    name: name.into(),
                    slug: slug.into(),
                    positions: list.positions,
                    newest: list.newest,
                }
            })
            .collect();
        lists.sort_unstable_by(|a, b| a.slug.cmp(&b.slug));
        FacetIndex { lists }
    }
}

impl FacetIndex {
    /// Every facet, by slug.
    pub fn all(&self) -> &[FacetList] {
        &self.lists
    }

    pub fn by_slug(&self, slug: &str) -> Option<&FacetList> {
        self.lists
            .binary_search_by(|list| (*list.slug).cmp(slug))
            .ok()
            .map(|i| &self.lists[i])
    }
}

/// The slug of a country's page: its name's [`slug_of`] ("United Kingdom" ->
/// "united-kingdom").
pub fn country_slug(name: &str) -> String {
    slug_of(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_sharing_a_slug_are_one_facet_named_as_most_spell_it() {
        let mut builder = FacetBuilder::default();
        let positions = |at: &[u32]| at.iter().copied().collect();
        builder.add(
            "cote-d-ivoire",
            "Côte d'Ivoire",
            positions(&[0, 2]),
            Some(9),
        );
        builder.add("cote-d-ivoire", "Cote d'Ivoire", positions(&[1]), None);
        builder.add("chile", "Chile", positions(&[3]), None);
        let index = builder.build();
        let list = index.by_slug("cote-d-ivoire").unwrap();
        assert_eq!(&*list.name, "Côte d'Ivoire");
        assert_eq!(list.positions.iter().collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(list.newest, Some(9));
        assert_eq!(
            index.all().iter().map(|l| &*l.slug).collect::<Vec<_>>(),
            ["chile", "cote-d-ivoire"]
        );
        assert!(index.by_slug("peru").is_none());
    }
}
