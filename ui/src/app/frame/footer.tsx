import { Link } from '../../components/link';
import { useAppEnv } from '../../lib/app-state';
import { repeatScrollToTop } from '../../lib/scroll';
import { links, routes, TAGLINE } from '../../generated/contract';
import { SOCIAL_LINKS } from './site-links';
import { ExternalLink } from '../../components/external-link';
import { SocialIcon } from '../../components/icons';
import { LogoMark, Wordmark } from '../../components/logo';
import { Prerendered } from '../../lib/prerendered';

interface FooterColumn {
  /** Used for the heading's id: `footer-{id}-title`. */
  id: string;
  title: string;
  links: ReadonlyArray<{ label: string; to: string; onClick?: () => void }>;
}

const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    id: 'nav',
    title: 'Navigation',
    links: [
      { label: 'Home', to: '/' },
      // Spec: the footer Browse link repeats scroll-to-top at 100, 300 and 500 ms.
      { label: 'Browse Artists', to: routes.browse.href(), onClick: () => repeatScrollToTop([100, 300, 500]) },
      { label: 'Favorites', to: routes.favorites.href() },
      { label: 'Articles', to: routes.articles.href() },
      { label: 'Music Quiz', to: routes.quiz.href() },
    ],
  },
  {
    id: 'about',
    title: 'About',
    links: [
      { label: 'About Sound Atlas', to: routes.about.href() },
      { label: 'Artist Spotlights', to: links.articlesCategory('artist-spotlight') },
      { label: 'Privacy Settings', to: routes.privacySettings.href() },
    ],
  },
  {
    id: 'legal',
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: routes.privacyPolicy.href() },
      { label: 'Terms of Service', to: routes.termsOfService.href() },
      { label: 'Data Access', to: routes.dataAccess.href() },
      { label: 'Account Deletion', to: routes.accountDeletion.href() },
    ],
  },
];

export function Footer() {
  return (
    <Prerendered markupKey="footer" as="footer" className="site-footer">
      <FooterContent />
    </Prerendered>
  );
}

/** The footer's content: its markup depends only on the year (prerendered-parts.tsx). */
export function FooterContent() {
  const { year, affiliate } = useAppEnv();
  return (
    <>
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo-link">
            <LogoMark size={32} lazy />
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
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.id} className="footer-col" aria-labelledby={`footer-${column.id}-title`}>
            <h2 id={`footer-${column.id}-title`}>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} onClick={link.onClick}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer-bottom">
        <p>{`© ${year} Sound Atlas. All rights reserved.`}</p>
        {affiliate && <p className="footer-affiliate">As an Amazon Associate, Sound Atlas earns from qualifying purchases.</p>}
      </div>
    </>
  );
}
