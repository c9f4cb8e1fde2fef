import { Link } from 'react-router';
import { useAppEnv } from '../../lib/app-state';
import { repeatScrollToTop } from '../../lib/scroll';
import { SOCIAL_LINKS, TAGLINE } from '../../lib/site';
import { ExternalLink } from '../../components/external-link';
import { SocialIcon } from '../../components/icons';
import { LogoMark, Wordmark } from '../../components/logo';

export function Footer() {
  const { year } = useAppEnv();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo-link">
            <LogoMark size={32} />
            <Wordmark />
          </Link>
          <p className="footer-tagline">{TAGLINE}</p>
          <ul className="footer-social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <ExternalLink href={link.href} className="icon-btn" aria-label={`Sound Atlas on ${link.label}`}>
                  <SocialIcon name={link.icon} />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-col" aria-labelledby="footer-nav-title">
          <h2 id="footer-nav-title">Navigation</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              {/* Spec: the footer Browse link repeats scroll-to-top at 100, 300 and 500 ms. */}
              <Link to="/browse" onClick={() => repeatScrollToTop([100, 300, 500])}>
                Browse Artists
              </Link>
            </li>
            <li>
              <Link to="/favorites">Favorites</Link>
            </li>
            <li>
              <Link to="/articles">Articles</Link>
            </li>
            <li>
              <Link to="/quiz">Music Quiz</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-about-title">
          <h2 id="footer-about-title">About</h2>
          <ul>
            <li>
              <Link to="/about">About Sound Atlas</Link>
            </li>
            <li>
              <Link to="/articles">Artist Spotlights</Link>
            </li>
            <li>
              <Link to="/privacy-settings">Privacy Settings</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title">Legal</h2>
          <ul>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/data-access">Data Access</Link>
            </li>
            <li>
              <Link to="/account-deletion">Account Deletion</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="footer-bottom">
        <p>{`© ${year} Sound Atlas. All rights reserved.`}</p>
        <p className="footer-affiliate">As an Amazon Associate, Sound Atlas earns from qualifying purchases.</p>
      </div>
    </footer>
  );
}
