//! API shapes (camelCase JSON) and parsed request values.

use crate::marketplace::Marketplace;
use sound_atlas_entity::{article, channel_video, new_song, top_ten_entry};

pub use sound_atlas_contract::content::{
    Article, ArticleSummary, ChannelVideo, ChartWeek, NewSong, TopTenEntry, INVALID_YOUTUBE_URL,
    RELATED_ARTICLES,
};
pub use sound_atlas_import::video_link::{ChannelRef, VideoId};

/// The API entry of a chart row; the thumbnail follows from the video when not given.
pub fn top_ten_from_row(row: top_ten_entry::Model, marketplace: &Marketplace) -> TopTenEntry {
    let thumbnail_url = row.thumbnail_url.or_else(|| {
        row.youtube_link
            .as_deref()
            .and_then(VideoId::parse)
            .map(|id| id.thumbnail_url())
    });
    TopTenEntry {
        week_of: row.week_of,
        source: row.source,
        picks: row.picks,
        rank: row.rank,
        song_name: row.song_name,
        artist: row.artist,
        youtube_link: row.youtube_link,
        amazon_link: marketplace.link_opt(row.amazon_link),
        thumbnail_url,
    }
}

/// The API entry of a new-song row; the thumbnail follows from the video when not given.
pub fn new_song_from_row(row: new_song::Model, marketplace: &Marketplace) -> NewSong {
    let thumbnail = row.thumbnail.or_else(|| {
        row.video_id
            .as_deref()
            .and_then(VideoId::parse)
            .map(|id| id.thumbnail_url())
    });
    NewSong {
        id: row.id,
        song_name: row.song_name,
        artist_name: row.artist_name,
        thumbnail,
        video_id: row.video_id,
        amazon_link: marketplace.link_opt(row.amazon_link),
        release_date: row.release_date,
    }
}

pub fn channel_video_from_row(row: channel_video::Model) -> ChannelVideo {
    ChannelVideo {
        id: row.video_id,
        title: row.title,
        description: row.description,
        thumbnail: row.thumbnail,
        url: row.url,
        published_at: row.published_at,
        view_count: row.view_count,
        duration: row.duration,
    }
}

pub fn article_from_row(row: article::Model, marketplace: &Marketplace) -> Article {
    Article {
        id: row.id,
        title: row.title,
        summary: row.summary,
        date: row.date,
        category: row.category,
        content: row.content,
        tags: row.tags,
        featured_image: row.featured_image,
        featured_image_caption: row.featured_image_caption,
        featured_image_credit: row.featured_image_credit,
        image1: row.image1,
        image1_caption: row.image1_caption,
        image1_credit: row.image1_credit,
        image2: row.image2,
        image2_caption: row.image2_caption,
        image2_credit: row.image2_credit,
        youtube_video: row.youtube_video,
        product1_name: row.product1_name,
        product1_link: marketplace.link_opt(row.product1_link),
        product1_image: row.product1_image,
        product2_name: row.product2_name,
        product2_link: marketplace.link_opt(row.product2_link),
        product2_image: row.product2_image,
        product3_name: row.product3_name,
        product3_link: marketplace.link_opt(row.product3_link),
        product3_image: row.product3_image,
    }
}

/// The four article categories of the Articles filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    ArtistSpotlight,
    NewsAndUpdates,
    EquipmentAndGear,
    General,
}

impl Category {
    pub const ALL: [Category; 4] = [
        Category::ArtistSpotlight,
        Category::NewsAndUpdates,
        Category::EquipmentAndGear,
        Category::General,
    ];

    fn index(self) -> usize {
        Category::ALL
            .iter()
            .position(|c| *c == self)
            .expect("every category is listed")
    }

    /// The name shown on buttons and badges, and stored (the contract's list).
    pub fn name(self) -> &'static str {
        sound_atlas_contract::content::ARTICLE_CATEGORIES[self.index()]
    }

    /// A URL-friendly key, for links that filter without JavaScript (the contract's list).
    pub fn slug(self) -> &'static str {
        sound_atlas_contract::content::ARTICLE_CATEGORY_SLUGS[self.index()]
    }

    /// Parses a name or a slug, ignoring case and surrounding blanks (the contract's
    /// rule, which the browser follows too).
    pub fn parse(text: &str) -> Option<Category> {
        sound_atlas_contract::content::category_index(text).map(|i| Category::ALL[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_parse_by_name_or_slug() {
        assert_eq!(
            Category::parse("news & updates"),
            Some(Category::NewsAndUpdates)
        );
        assert_eq!(
            Category::parse("equipment-and-gear"),
            Some(Category::EquipmentAndGear)
        );
        assert_eq!(Category::parse("Gossip"), None);
    }
}
