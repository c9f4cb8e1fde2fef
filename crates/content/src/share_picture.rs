//! An article's share picture (`/og/article/{id}.jpg`): the title, the category and the
//! lead image, drawn by `sound_atlas_share_picture`.

use axum::extract::{FromRef, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Router};
use sound_atlas_contract::pages::images::ARTICLE_SHARE_PICTURE;
use sound_atlas_contract::pages::{heads, PHOTO_CREDIT};
use sound_atlas_share_picture::{page_id, ShareCard, ShareImages};
use sound_atlas_web::{ApiError, PathParam};

use crate::model::Article;
use crate::reads;
use crate::store::Content;

/// What an article's picture shows: the title, the category and the lead image, with
/// the image's credit where the editor's file gives one.
pub fn card(article: &Article) -> ShareCard {
    let (image_url, credit) = match &article.featured_image {
        Some(image) => (Some(image), &article.featured_image_credit),
        None => (article.image1.as_ref(), &article.image1_credit),
    };
    ShareCard {
        image_url: image_url.cloned(),
        kind: heads::ARTICLE_KIND,
        id: article.id,
        title: article.title.clone(),
        subtitle: article.category.clone(),
        photo_credit: credit
            .as_deref()
            .filter(|_| image_url.is_some())
            .map(|credit| format!("{PHOTO_CREDIT}{credit}")),
    }
}

/// The route of the articles' share pictures (top level, not under /api), drawn and
/// cached by `images`.
pub fn router<S>(images: ShareImages) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Content: FromRef<S>,
{
    Router::new()
        .route(&ARTICLE_SHARE_PICTURE.route(), get(article_picture))
        .layer(Extension(images))
}

async fn article_picture(
    Extension(images): Extension<ShareImages>,
    State(content): State<Content>,
    PathParam(file): PathParam,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found(reads::ARTICLE_NOT_FOUND);
    let id = page_id(&ARTICLE_SHARE_PICTURE, &file).ok_or_else(not_found)?;
    let article = reads::article(&content, id).await?;
    images.response(card(&article)).await
}
