//! The data an anonymous page is rendered from, by generation: the catalogue snapshot and
//! the content lists in use, and the day. Each of those is an `Arc` that is replaced,
//! never changed in place, when its data is read again (an announced change, a change
//! marker that moved, a list past its freshness, a client's `refresh=true`), so a page
//! rendered from the generations still current is the page its handler would render now:
//! it is answered without running the handler ([`super::serve_pages`]).
//!
//! Only weak pointers are kept: they tell the same allocation from another without
//! keeping an old snapshot's data alive, and a weak pointer keeps its allocation's address
//! from being reused.

use std::sync::{Arc, Weak};

use sound_atlas_catalog::store::Snapshot;
use sound_atlas_catalog::Catalog;
use sound_atlas_content::{Article, Content, NewSong, TopTenEntry};

/// Where the generations are read: the catalogue and the content services.
#[derive(Clone)]
pub struct DataSources {
    pub catalog: Catalog,
    pub content: Content,
}

/// The generations of the data a page was rendered from.
#[derive(Clone)]
pub struct Generations {
    catalogue: Weak<Snapshot>,
    top_ten: Weak<Vec<TopTenEntry>>,
    new_songs: Weak<Vec<NewSong>>,
    articles: Weak<Vec<Article>>,
    /// The page's `today` and `year` come from it.
    day: time::Date,
}

impl Generations {
    /// Whether `self` and `now` are the same data on the same day.
    pub(super) fn same_as(&self, now: &Generations) -> bool {
        Weak::ptr_eq(&self.catalogue, &now.catalogue)
            && Weak::ptr_eq(&self.top_ten, &now.top_ten)
            && Weak::ptr_eq(&self.new_songs, &now.new_songs)
            && Weak::ptr_eq(&self.articles, &now.articles)
            && self.day == now.day
    }
}

impl DataSources {
    /// The generations in use, as the handlers' reads would find them (the catalogue's
    /// first read waited for, a list past its freshness read again, a snapshot past its
    /// own checked in the background, as a handler's read does). None when a read fails.
    pub(super) async fn current(&self) -> Option<Generations> {
        let day = time::OffsetDateTime::now_utc().date();
        let (catalogue, top_ten, new_songs, articles) = tokio::join!(
            self.catalog.snapshot(false),
            self.content.top_ten(false),
            self.content.new_songs(false),
            self.content.articles(false),
        );
        Some(Generations {
            catalogue: Arc::downgrade(&catalogue.ok()?),
            top_ten: Arc::downgrade(&top_ten.ok()?),
            new_songs: Arc::downgrade(&new_songs.ok()?),
            articles: Arc::downgrade(&articles.ok()?),
            day,
        })
    }
}
