import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { links, routes, titles } from '../../generated/contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArticleCard } from './article-card';
import { CATEGORY_CHOICES, categoryFromParam, queries } from './queries';
import './content.css';

export const ARTICLE_SKELETONS = 6;

/**
 * Articles (/articles): category buttons, then the cards. The buttons are links with
 * `?category=`, so the filter works without JavaScript (the server renders the
 * filtered list) and client-side alike; the list is read once and filtered here.
 */
export function ArticlesPage() {
  const [searchParams] = useSearchParams();
  const category = categoryFromParam(searchParams.get('category'));
  const { data, isPending, isError } = useQuery(queries.articles());
  useDocumentTitle(titles.articles());

  const shown = data ? (category ? data.filter((a) => a.category === category.name) : data) : [];

  return (
    <div className="page articles-page">
      <header className="page-head">
        <h1>Articles</h1>
        <p className="page-subtitle">Artist spotlights, news, gear and more from the world of music.</p>
      </header>
      <nav aria-label="Article categories">
        <ul className="category-bar">
          <li>
            <Link to={routes.articles.href()} className={`btn ${category ? 'btn-ghost' : 'btn-primary'}`} aria-current={category ? undefined : 'page'}>
              All
            </Link>
          </li>
          {CATEGORY_CHOICES.map((choice) => {
            const active = category?.slug === choice.slug;
            return (
              <li key={choice.slug}>
                <Link to={links.articlesCategory(choice.slug)} className={`btn ${active ? 'btn-primary' : 'btn-ghost'}`} aria-current={active ? 'page' : undefined}>
                  {choice.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {isPending ? (
        <div className="article-grid" role="status" aria-busy="true">
          <span className="sr-only">Loading articles</span>
          {Array.from({ length: ARTICLE_SKELETONS }, (_, i) => (
            <div key={i} className="article-card article-card--skeleton" aria-hidden="true">
              <div className="skeleton article-card-media" />
              <div className="article-card-body">
                <div className="skeleton skeleton-line skeleton-line--short" />
                <div className="skeleton skeleton-title" />
                <div className="skeleton skeleton-line" />
                <div className="skeleton skeleton-line" />
              </div>
            </div>
          ))}
        </div>
      ) : isError ? (
        <p className="state-box" role="alert">
          Failed to load articles. Please try again later.
        </p>
      ) : shown.length === 0 ? (
        <p className="state-box">{category ? `No articles found in ${category.name} category.` : 'No articles available yet. Check back soon for new content!'}</p>
      ) : (
        <ul className="article-grid" aria-label={category ? `${category.name} articles` : 'All articles'}>
          {shown.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
