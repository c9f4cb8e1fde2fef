//! An artist's share picture (`/og/artist/{id}.jpg`): the name, up to three genres and
//! the photo with its credit, drawn by `sound_atlas_share_picture`.

use axum::extract::{FromRef, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Router};
use sea_orm::EntityTrait;
use sound_atlas_contract::pages::images::ARTIST_SHARE_PICTURE;
use sound_atlas_contract::pages::{heads, PHOTO_CREDIT_LINE};
use sound_atlas_share_picture::{page_id, ShareCard, ShareImages};
use sound_atlas_web::{ApiError, PathParam};

use crate::{reads, Artist, Catalog};

/// What every artist's picture shows (and its alt text says): the name and up to three
/// genres. The photo joins it with its credit ([`with_credited_photo`]).
pub fn card(artist: &Artist) -> ShareCard {
    ShareCard {
        image_url: None,
        photo_credit: None,
        kind: heads::kind_word(artist.kind),
        id: artist.id,
        title: artist.title.clone(),
        subtitle: heads::genre_line(&artist.genres),
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
    let row = sound_atlas_entity::artist::Entity::find_by_id(id)
        .one(catalog.db())
        .await?
        .ok_or_else(not_found)?;
    let artist = crate::model::artist_from_row(row.clone());
    images
        .response(with_credited_photo(card(&artist), &artist, Some(&row)))
        .await
}

/// The card with the artist's photo (its smaller rendition) and the credit drawn under
/// it. Every free licence but the public-domain marks asks for the author and licence
/// wherever the photo appears, so a photo whose credit is not known (or was read for
/// another image) stays out of the picture.
pub fn with_credited_photo(
    mut card: ShareCard,
    artist: &Artist,
    row: Option<&sound_atlas_entity::artist::Model>,
) -> ShareCard {
    let credit = row.and_then(|row| {
        let same_image = row.image_url.is_some() && row.image_url == artist.image_url;
        match (&row.image_author, &row.image_license) {
            (Some(author), Some(license)) if same_image => {
                Some(PHOTO_CREDIT_LINE.fill(&[author, license]))
            }
            _ => None,
        }
    });
    if credit.is_some() {
        card.image_url = artist
            .image_thumbnail_url
            .clone()
            .or_else(|| artist.image_url.clone());
        card.photo_credit = credit;
    }
    card
}
