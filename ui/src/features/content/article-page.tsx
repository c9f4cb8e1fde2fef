import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { PHOTO_CREDIT, RELATED_ARTICLES, descriptions, imageAlts, images, links, routes, titles, type Article, type ArticleSummary } from '../../generated/contract';
import { INVALID_YOUTUBE_URL } from '../../generated/video';
import { useAppEnv } from '../../lib/app-state';
import { isNotFound } from '../../lib/http-error';
import { pageDescription, useDocumentHead, useNotFoundHead, type DocumentHead } from '../../lib/use-document-head';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AffiliateNotice } from '../../components/ad-slot';
import { isAffiliateLink, isMarketplaceSearch } from '../../lib/marketplace';
import { ExternalLink } from '../../components/external-link';
import { ArrowLeftIcon } from '../../components/icons';
import { SharePanel } from '../../components/share-panel';
import { ArticleArtwork, ArticleCard, categoryClass } from './article-card';
import { ArticleText } from './article-text';
import { CATEGORY_CHOICES, formatDate, queries, tagList } from './queries';
import { VideoThumbnail } from '../../components/video-thumbnail';
import { thumbnailOf, watchUrl } from './video-link';
import './content.css';

/** A product of an article, shown only with both a name and a link. */
export interface Product {
  name: string;
  link: string;
  image: string | null;
}

export function productsOf(article: Article): Product[] {
  const candidates = [
    [article.product1Name, article.product1Link, article.product1Image],
    [article.product2Name, article.product2Link, article.product2Image],
    [article.product3Name, article.product3Link, article.product3Image],
  ] as const;
  return candidates.flatMap(([name, link, image]) => (name?.trim() && link?.trim() && /^https?:\/\//i.test(link.trim()) ? [{ name: name.trim(), link: link.trim(), image: image ?? null }] : []));
}

/** Up to three other articles of the same category, in list order (newest first). */
export function moreInCategory(article: Article, all: readonly ArticleSummary[]): ArticleSummary[] {
  return all.filter((a) => a.category === article.category && a.id !== article.id).slice(0, RELATED_ARTICLES);
}

/**
 * The article's social head on client navigation, in the server's words (the
 * contract's titles, descriptions and alt texts): its own share picture, `article`.
 */
export function articleHead(article: Article, origin: string): DocumentHead {
  return {
    title: titles.article(article.title),
    description: pageDescription(article.summary, descriptions.article(article.title)),
    url: `${origin}${routes.article.href(article.id)}`,
    image: `${origin}${images.articleSharePicture(article.id)}`,
    imageAlt: shareImageAlt(article),
    type: 'article',
    article: { publishedTime: article.date, section: article.category, tags: tagList(article.tags) },
  };
}

/** What the share picture shows, as the server words it (`og:image:alt`). */
export function shareImageAlt(article: Article): string {
  return article.category ? imageAlts.shareCardDetailed('Article', article.title, article.category) : imageAlts.shareCard('Article', article.title);
}

interface Figure {
  src: string;
  caption: string | null;
  /** Its author and licence, shown with it as its licence asks. */
  credit: string | null;
}

/**
 * The article's pictures: the featured image (or, without one, image1) at the top, and
 * the others after the content (spec: "second image"), so none is dropped. No picture
 * at all: the hero shows generated artwork.
 */
export function figuresOf(article: Article): { featured: Figure | null; later: Figure[] } {
  const all: Figure[] = [
    [article.featuredImage, article.featuredImageCaption, article.featuredImageCredit],
    [article.image1, article.image1Caption, article.image1Credit],
    [article.image2, article.image2Caption, article.image2Credit],
  ].flatMap(([src, caption, credit]) => (src?.trim() ? [{ src: src.trim(), caption: caption?.trim() || null, credit: credit?.trim() || null }] : []));
  const unique = all.filter((figure, i) => all.findIndex((f) => f.src === figure.src) === i);
  return { featured: unique[0] ?? null, later: unique.slice(1) };
}

export function ArticlePage() {
  const { id = '' } = useParams();
  const articleQuery = useQuery(queries.article(id));
  // The list feeds "More in {category}"; not read for an article that failed (the
  // server does not prefetch it then either).
  const listQuery = useQuery({ ...queries.articles(), enabled: articleQuery.isSuccess });
  const article = articleQuery.data;
  const { origin } = useAppEnv();
  const url = article ? `${origin}${routes.article.href(article.id)}` : '';

  const notFound = articleQuery.isError && isNotFound(articleQuery.error);
  useDocumentTitle(notFound ? titles.articleNotFound() : null);
  useNotFoundHead(notFound);
  useDocumentHead(article ? articleHead(article, origin) : null, origin);

  if (articleQuery.isPending) {
    return (
      <div className="page article-page" role="status" aria-busy="true">
        <span className="sr-only">Loading article</span>
        <div className="skeleton skeleton-title skeleton-title--lg" />
        <div className="skeleton article-hero" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line" />
      </div>
    );
  }
  if (articleQuery.isError || !article) {
    const notFound = isNotFound(articleQuery.error);
    return (
      <div className="page article-page">
        <div className="state-box state-box--page" role="alert">
          <h1 className="sr-only">{notFound ? 'Article Not Found' : 'Article Not Loaded'}</h1>
          <p>
            {notFound ? (
              <>
                <strong className="state-title">Article Not Found:</strong> The article you&apos;re looking for doesn&apos;t exist.
              </>
            ) : (
              'Failed to load articles. Please try again later.'
            )}
          </p>
          <div className="state-actions">
            <Link to={routes.articles.href()} className="btn btn-primary">
              Back to All Articles
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const { featured, later } = figuresOf(article);
  const tags = tagList(article.tags);
  const products = productsOf(article);
  const related = listQuery.data ? moreInCategory(article, listQuery.data) : [];
  const categorySlug = CATEGORY_CHOICES.find((c) => c.name === article.category)?.slug;

  return (
    <div className="page article-page">
      <Link to={routes.articles.href()} className="text-link back-link">
        <ArrowLeftIcon size={16} /> Back to Articles
      </Link>
      <article className="article" aria-labelledby="article-title">
        {featured ? (
          <ArticleFigure figure={featured} className="article-hero" eager />
        ) : (
          <div className="article-hero article-hero--artwork">
            <ArticleArtwork article={article} loading="priority" />
          </div>
        )}
        <header className="article-head">
          <p className="article-meta">
            <time dateTime={article.date}>{formatDate(article.date)}</time>
            {categorySlug ? (
              <Link to={links.articlesCategory(categorySlug)} className={`category-badge category-badge--${categoryClass(article.category)}`}>
                {article.category}
              </Link>
            ) : (
              <span className="category-badge">{article.category}</span>
            )}
          </p>
          <h1 id="article-title" className="article-title">
            {article.title}
          </h1>
          {tags.length > 0 && (
            <ul className="tag-list" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <p className="article-summary">{article.summary}</p>
        </header>
        <SharePanel url={url} title={article.title} />
        <ArticleText content={article.content} />
        {later.map((figure) => (
          <ArticleFigure key={figure.src} figure={figure} className="article-figure" />
        ))}
        {article.youtubeVideo && <ArticleVideo videoId={article.youtubeVideo} title={article.title} />}
        {products.length > 0 && (
          <section className="article-products" aria-labelledby="products-title">
            <h2 id="products-title">Related Products</h2>
            <ul className="product-grid">
              {products.map((product) => (
                <li key={product.link} className="product-card">
                  {product.image && <img src={product.image} alt="" loading="lazy" width={160} height={160} />}
                  <p className="product-name">{product.name}</p>
                  <ExternalLink href={product.link} className="btn btn-primary btn-sm" sponsored={isAffiliateLink(product.link)} showIcon>
                    {isMarketplaceSearch(product.link) ? 'Search on Amazon' : 'View on Amazon'}
                  </ExternalLink>
                </li>
              ))}
            </ul>
            {products.some((product) => isAffiliateLink(product.link)) && <AffiliateNotice />}
          </section>
        )}
      </article>
      {related.length > 0 && (
        <section className="article-related" aria-labelledby="related-title">
          <h2 id="related-title">More in {article.category}</h2>
          <ul className="article-row">
            {related.map((item) => (
              <li key={item.id}>
                <ArticleCard article={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="section-foot">
        <Link to={routes.articles.href()} className="btn btn-ghost">
          Back to All Articles
        </Link>
      </div>
    </div>
  );
}

/**
 * A picture of the article. Its box is sized before the picture arrives (16:9, the
 * picture cropped to it), so nothing moves when it loads; the featured one (`eager`,
 * in the first screen) is fetched at once and first, the others when scrolled near.
 */
function ArticleFigure({ figure: { src, caption, credit }, className, eager = false }: { figure: Figure; className: string; eager?: boolean }) {
  return (
    <figure className={className}>
      <img src={src} alt={caption ?? ''} width={1280} height={720} loading={eager ? 'eager' : 'lazy'} {...(eager ? { fetchPriority: 'high' as const } : {})} />
      {(caption || credit) && (
        <figcaption>
          {caption}
          {credit && (
            <small className="article-credit">
              {PHOTO_CREDIT}
              {credit}
            </small>
          )}
        </figcaption>
      )}
    </figure>
  );
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The article's video: a thumbnail that becomes the privacy-enhanced embed on click
 * (nothing from the video service but one image loads until then).
 */
function ArticleVideo({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (!VIDEO_ID.test(videoId)) {
    return <p className="muted">{INVALID_YOUTUBE_URL}</p>;
  }
  return (
    <section className="article-video" aria-labelledby="video-title">
      <h2 id="video-title">Watch</h2>
      <div className="video-frame">
        {playing ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`}
            title={`Video: ${title}`}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <button type="button" className="video-facade" onClick={() => setPlaying(true)} aria-label={`Play video: ${title}`}>
            <VideoThumbnail src={thumbnailOf(videoId)} width={480} height={360} />
            <span className="play-badge play-badge--lg" aria-hidden="true">
              ▶
            </span>
          </button>
        )}
      </div>
      <p>
        <ExternalLink href={watchUrl(videoId)} className="text-link" showIcon>
          Watch on YouTube
        </ExternalLink>
      </p>
    </section>
  );
}
