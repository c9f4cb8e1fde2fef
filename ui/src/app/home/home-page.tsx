import { Link } from '../../components/link';
import { LETTERS, routes } from '../../generated/contract';
import { browseHref } from '../../features/catalog/browse-params';
import { TAGLINE } from '../../generated/contract';
import { titles } from '../../generated/contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { QuizIcon } from '../../components/icons';
import { BrandNewSongs, ChannelVideos, LatestArticles, WeeklyTopTen } from '../../features/content/home-sections';
import { Spotlight } from '../../features/catalog/spotlight';
import './home.css';

/** Home: sections in the spec's order. */
export function HomePage() {
  useDocumentTitle(titles.home());
  return (
    <div className="page home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">{TAGLINE}</h1>
        <p className="home-hero-text">
          Discover artists and bands from every genre: biographies, featured videos, streaming links and fun facts, all in one place.
        </p>
      </section>

      <WeeklyTopTen />

      <Spotlight />

      <section className="home-section" aria-labelledby="letters-title">
        <div className="section-head">
          <h2 id="letters-title">Browse by Letter</h2>
          <Link to={routes.browse.href()} className="section-link">
            View all
          </Link>
        </div>
        <nav aria-labelledby="letters-title">
          <ul className="letter-grid">
            {LETTERS.map((letter) => (
              <li key={letter}>
                <Link
                  to={browseHref(letter)}
                  className="letter-tile"
                  aria-label={letter === '#' ? 'Artists starting with a number' : `Artists starting with ${letter}`}
                >
                  {letter}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>

      <BrandNewSongs />

      <ChannelVideos />

      <LatestArticles />

      <section className="home-quiz" aria-labelledby="quiz-title">
        <div>
          <h2 id="quiz-title">Think you know your music?</h2>
          <p>Up to ten questions about genres, origins, birth years and real names.</p>
        </div>
        <Link to={routes.quiz.href()} className="btn btn-primary btn-lg">
          <QuizIcon size={20} /> Test Your Music Knowledge
        </Link>
      </section>
    </div>
  );
}
