import { GeneratedArtwork, type PictureLoading } from '../../components/generated-artwork';
import { BookIcon } from '../../components/icons';
import { Link } from '../../components/link';
import { CARD_TAGS, routes, type ArticleSummary } from '../../generated/contract';
import { formatDate, tagList } from './queries';

/** Up to `CARD_TAGS` tags, and how many more there are ("+N"). */
export function cardTags(tags: string): { shown: string[]; more: number } {
  const all = tagList(tags);
  return { shown: all.slice(0, CARD_TAGS), more: Math.max(0, all.length - CARD_TAGS) };
}

/**
 * An article card (home and the list): date, title, summary, up to two tags and
 * "+N". The whole card is one link to the article.
 */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const { shown, more } = cardTags(article.tags);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card">
      <Link to={routes.article.href(article.id)} className="article-card-link">
        <span className={`article-card-media article-card-media--${categoryClass(article.category)}`}>
          {/* Without a picture of its own, a quiet placeholder on the category's colour (no title initials: at a card's size they read as a logo). */}
          {article.image ? <img src={article.image} alt="" loading="lazy" width={560} height={300} /> : <BookIcon size={32} className="article-card-placeholder" />}
        </span>
        {/* A div, not a span: the heading inside is flow content. */}
        <div className="article-card-body">
          <time className="article-card-date" dateTime={article.date}>
            {formatDate(article.date)}
          </time>
          <Heading className="article-card-title">{article.title}</Heading>
          <span className="article-card-summary">{article.summary}</span>
        </div>
      </Link>
      {(shown.length > 0 || more > 0) && (
        <ul className="tag-list article-card-tags" aria-label="Tags">
          {shown.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
          {more > 0 && (
            <li className="tag tag--more" aria-label={`${more} more tags`}>
              +{more}
            </li>
          )}
        </ul>
      )}
    </article>
  );
}

/**
 * Generated artwork for an article page without an image, as artists get: the title's
 * initials on the category's colour, drawn by the server (`/art/{hue}/{initials}.svg`).
 * Never a guessed photo URL: real images come from the importers.
 */
export function ArticleArtwork({ article, loading }: { article: Pick<ArticleSummary, 'title' | 'category'>; loading?: PictureLoading }) {
  return <GeneratedArtwork title={article.title} genres={[article.category]} decorative loading={loading} />;
}

/** A class-safe key of a category, for its artwork colour. */
export function categoryClass(category: string): string {
  return category.toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'general';
}
