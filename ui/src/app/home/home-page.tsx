import { Link } from '../../components/link';
import { LETTERS } from '../../generated/contract';
import { browseHref } from '../../features/catalog/browse-params';
import { TAGLINE } from '../../generated/contract';
import { titles } from '../../generated/contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MusicNoteIcon, PlayIcon, QuizIcon } from '../../components/icons';
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

      {/* Weekly Top 10: the chart data arrives with a later issue. */}
      <section className="home-section" aria-labelledby="top10-title">
        <div className="section-head">
          <h2 id="top10-title">Weekly Top 10</h2>
        </div>
        <p className="empty-note">
          <MusicNoteIcon size={18} /> This week&apos;s chart is not available yet. Check back soon!
        </p>
      </section>

      <Spotlight />

      <section className="home-section" aria-labelledby="letters-title">
        <div className="section-head">
          <h2 id="letters-title">Browse by Letter</h2>
          <Link to="/browse" className="section-link">
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

      {/* Brand New Songs: the data arrives with a later issue. */}
      <section className="home-section" aria-labelledby="new-songs-title">
        <div className="section-head">
          <h2 id="new-songs-title">Brand New Songs</h2>
        </div>
        <p className="empty-note">
          <MusicNoteIcon size={18} /> No new songs to show right now. Check back soon!
        </p>
      </section>

      {/* Latest from the channel: with no data the spec shows three "Coming Soon" cards. */}
      <section className="home-section" aria-labelledby="channel-title">
        <div className="section-head">
          <h2 id="channel-title">Latest from the Sound Atlas Channel</h2>
        </div>
        <ul className="coming-soon-row">
          {[1, 2, 3].map((n) => (
            <li key={n} className="coming-soon-card">
              <div className="coming-soon-thumb" aria-hidden="true">
                <PlayIcon size={28} />
              </div>
              <p className="coming-soon-title">Coming Soon</p>
              <p className="coming-soon-text">New videos are on the way.</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Latest Articles: hidden while there is no data (spec: hidden when empty). */}

      <section className="home-quiz" aria-labelledby="quiz-title">
        <div>
          <h2 id="quiz-title">Think you know your music?</h2>
          <p>Up to ten questions about genres, origins, birth years and real names.</p>
        </div>
        <Link to="/quiz" className="btn btn-primary btn-lg">
          <QuizIcon size={20} /> Test Your Music Knowledge
        </Link>
      </section>
    </div>
  );
}
