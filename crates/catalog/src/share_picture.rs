//! An artist's share picture (`/og/artist/{id}.png`): the name, up to three genres and
//! the photo, drawn by `sound_atlas_share_picture`.

use axum::extract::{FromRef, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Router};
use sound_atlas_contract::pages::images::ARTIST_SHARE_PICTURE;
use sound_atlas_share_picture::{page_id, ShareCard, ShareImages};
use sound_atlas_web::{ApiError, PathParam};

use crate::{reads, Artist, Catalog};

/// What an artist's picture shows: the name, up to three genres and the photo (its
/// smaller rendition when there is one).
pub fn card(artist: &Artist) -> ShareCard {
    ShareCard {
        image_url: artist
            .image_thumbnail_url
            .clone()
            .or_else(|| artist.image_url.clone()),
        // The word the artist page uses (its eyebrow): a band is a band everywhere.
        kind: if artist.is_band() { "Band" } else { "Artist" },
        id: artist.id,
        title: artist.title.clone(),
        subtitle: artist
            .genres
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join(" · "),
    }
}

/// The route of the artists' share pictures (top level, not under /api), drawn and
/// cached by `images`.
pub fn router<S>(images: ShareImages) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Catalog: FromRef<S>,
{
    Router::new()
        .route(&ARTIST_SHARE_PICTURE.route(), get(artist_picture))
        .layer(Extension(images))
}

async fn artist_picture(
    Extension(images): Extension<ShareImages>,
    State(catalog): State<Catalog>,
    PathParam(file): PathParam,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found(reads::ARTIST_NOT_FOUND);
    let id = page_id(&ARTIST_SHARE_PICTURE, &file).ok_or_else(not_found)?;
    let snapshot = catalog.snapshot(false).await?;
    let artist = snapshot.get(id).ok_or_else(not_found)?;
    images.response(card(artist)).await
}
