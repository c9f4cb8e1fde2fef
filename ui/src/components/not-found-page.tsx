import { Link } from './link';
import { titles } from '../generated/contract';
import { useNotFoundHead } from '../lib/use-document-head';
import { useDocumentTitle } from '../lib/use-document-title';
import './not-found.css';

export function NotFoundPage() {
  useDocumentTitle(titles.notFound());
  useNotFoundHead(true);
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">404 Page Not Found</h1>
      <p className="not-found-text">Did you forget to add the page to the router?</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </section>
  );
}
