import type { ReactNode } from 'react';
import { Link } from '../../components/link';
import { titles, routes } from '../../generated/contract';
import { useAppEnv } from '../../lib/app-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatDate } from './queries';
import './content.css';

/**
 * About, Privacy Policy and Terms of Service: the site's own pages, server-rendered.
 * The legal pages show today's date as "last updated", read from the
 * server's clock so the first HTML and the hydrated page agree.
 */
function SitePage({ title, lead, updated, children }: { title: string; lead: string; updated?: boolean; children: ReactNode }) {
  const { today } = useAppEnv();
  return (
    <div className="page site-page">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="page-subtitle">{lead}</p>
        {updated && (
          <p className="site-page-updated">
            Last updated: <time dateTime={today}>{formatDate(today)}</time>
          </p>
        )}
      </header>
      <div className="site-page-body">{children}</div>
    </div>
  );
}

export const AUDIENCES = ['Music Enthusiasts', 'Students', 'Educators', 'Casual Listeners'] as const;

export function AboutPage() {
  useDocumentTitle(titles.about());
  return (
    <SitePage title="About Sound Atlas" lead="An encyclopedia of artists and bands, made for people who like to know who is behind the music they hear.">
      <section aria-labelledby="about-purpose">
        <h2 id="about-purpose">Our purpose</h2>
        <p>
          Sound Atlas brings together what you usually look up in five different places: who an artist is, where they come from, which genres they play, a
          video to start with and where to listen. Every artist page is one short, readable stop on the way to the music itself.
        </p>
      </section>
      <section aria-labelledby="about-mission">
        <h2 id="about-mission">Our mission</h2>
        <p>
          We want discovering music to feel like wandering through a good record shop: easy to start, hard to stop. That means accurate facts with their
          sources named, pages that load quickly on any phone, and no account needed to read anything.
        </p>
      </section>
      <section aria-labelledby="about-features">
        <h2 id="about-features">What you can do here</h2>
        <ul>
          <li>Search artists, bands and genres, or browse them from # and A to Z.</li>
          <li>Open a random artist when you don&apos;t know what to look for.</li>
          <li>Read biographies drawn from a public encyclopedia, with a link to the full text, plus fun facts and related artists.</li>
          <li>Watch a featured video and jump to Spotify, Apple Music, Amazon Music or TIDAL.</li>
          <li>Follow the Weekly Top 10, Brand New Songs and the latest videos from our channel.</li>
          <li>Read our articles: artist spotlights, news and updates, equipment and gear, and general reading.</li>
          <li>Test yourself with a music quiz generated from the encyclopedia.</li>
          <li>With a free account, save favorite artists and videos, sort them into folders and play them as a playlist.</li>
        </ul>
      </section>
      <section aria-labelledby="about-audience">
        <h2 id="about-audience">Who it is for</h2>
        <dl className="audience-list">
          <div>
            <dt>{AUDIENCES[0]}</dt>
            <dd>Fans who want the story behind a song, an album or a whole scene.</dd>
          </div>
          <div>
            <dt>{AUDIENCES[1]}</dt>
            <dd>Learners looking for clear facts about artists, genres and music history, with sources to cite.</dd>
          </div>
          <div>
            <dt>{AUDIENCES[2]}</dt>
            <dd>Teachers who need a quick reference or a ready-made quiz for a lesson.</dd>
          </div>
          <div>
            <dt>{AUDIENCES[3]}</dt>
            <dd>Anyone who heard something they liked and wants to know who made it.</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="about-products">
        <h2 id="about-products">Products we recommend</h2>
        <p>
          Some articles recommend music gear: instruments, headphones, speakers, recording equipment and albums. Those product links go to Amazon: to the
          product&apos;s page where we know it, otherwise to a search there, and the link says which. Where a link is an affiliate link, the page says so
          under it: as an Amazon Associate, Sound Atlas earns from qualifying purchases made through it. We only recommend things that fit the article, and a link never changes what we
          write. The site also has one clearly marked advertising space, which shows ads only if you allow advertising cookies.
        </p>
      </section>
      <section aria-labelledby="about-content">
        <h2 id="about-content">What we write about</h2>
        <p>
          Our content focuses on artists and bands across genres and decades, the stories behind well-known records, news about music and this site, and
          practical guides to listening and playing gear. Facts come from public sources we name; opinions are marked as ours.
        </p>
        <p>
          Start with the <Link to={routes.browse.href()}>artist list</Link>, the <Link to={routes.articles.href()}>articles</Link> or the <Link to={routes.quiz.href()}>music quiz</Link>.
        </p>
      </section>
    </SitePage>
  );
}

export function PrivacyPolicyPage() {
  useDocumentTitle(titles.privacyPolicy());
  return (
    <SitePage title="Privacy Policy" lead="What Sound Atlas stores about you, why, and how you stay in control of it." updated>
      <section aria-labelledby="privacy-summary">
        <h2 id="privacy-summary">In short</h2>
        <p>
          You can read everything on Sound Atlas without an account and without being tracked. We keep the data an account needs, we do not sell personal
          data, and advertising cookies stay off unless you switch them on.
        </p>
      </section>
      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">What we store</h2>
        <ul>
          <li>
            <strong>Account:</strong> your email address and a one-way hash of your password (never the password itself). If you sign in with an identity
            provider, the identifier it gives us for your account.
          </li>
          <li>
            <strong>Your library:</strong> the artists and videos you save, and the folders you sort them into.
          </li>
          <li>
            <strong>Session:</strong> a session cookie that keeps you signed in. It ends when you sign out, after a period without use, or at the latest
            after a fixed time.
          </li>
          <li>
            <strong>Server logs:</strong> the pages requested, with time and IP address, kept for a short time to keep the site secure and working.
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-browser">
        <h2 id="privacy-browser">Stored in your browser</h2>
        <p>
          Your cookie choice, the sound setting and, while you browse, the letter and position you reached are kept in your browser&apos;s storage. They
          never leave your device, and you can clear them at any time from the privacy settings.
        </p>
      </section>
      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies and consent</h2>
        <p>
          Essential cookies (the session) are always on because the site cannot work without them. Functional storage is on by default; analytics and
          advertising are off until you allow them. Sound Atlas does not use analytics today. You can change your choice whenever you like in the{' '}
          <Link to={routes.privacySettings.href()}>privacy settings</Link>.
        </p>
      </section>
      <section aria-labelledby="privacy-third">
        <h2 id="privacy-third">Other services</h2>
        <ul>
          <li>
            <strong>Videos:</strong> thumbnails come from YouTube&apos;s image server, and a video player loads from YouTube&apos;s privacy-enhanced
            domain only when you start a video.
          </li>
          <li>
            <strong>Images:</strong> many artist photos are loaded from Wikimedia Commons, which sees your request like any website you visit.
          </li>
          <li>
            <strong>Shopping links:</strong> product links go to Amazon; Amazon&apos;s own privacy notice applies once you are there.
          </li>
          <li>
            <strong>Advertising:</strong> the advertising space loads nothing from an ad network unless you have allowed advertising cookies.
          </li>
          <li>
            <strong>Email:</strong> sign-in links, confirmation codes and account notices are sent through our mail provider.
          </li>
        </ul>
        <p>Every link that leaves Sound Atlas asks you first, so you always know when you are going to another site.</p>
      </section>
      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your choices and rights</h2>
        <ul>
          <li>
            Download your data as a file from <Link to={routes.dataAccess.href()}>Data Access</Link>.
          </li>
          <li>
            Delete your account and everything saved with it from <Link to={routes.accountDeletion.href()}>Account Deletion</Link>. Deletion is immediate and ends
            every session.
          </li>
          <li>
            Change cookie choices or clear local data in the <Link to={routes.privacySettings.href()}>Privacy Settings</Link>.
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-children">
        <h2 id="privacy-children">Children</h2>
        <p>Sound Atlas is for a general audience. Accounts are for people aged 13 or older; we do not knowingly keep data about younger children.</p>
      </section>
      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">Changes</h2>
        <p>When this policy changes, the new version is published on this page with the date above.</p>
      </section>
    </SitePage>
  );
}

export function TermsOfServicePage() {
  useDocumentTitle(titles.termsOfService());
  return (
    <SitePage title="Terms of Service" lead="The rules for using Sound Atlas. By using the site you agree to them." updated>
      <section aria-labelledby="terms-use">
        <h2 id="terms-use">Using Sound Atlas</h2>
        <p>
          Sound Atlas is free to read. You may use it for personal, educational and non-commercial purposes. Please do not try to break, overload or scrape
          the site in a way that harms it or other visitors, and do not use it to break any law.
        </p>
      </section>
      <section aria-labelledby="terms-accounts">
        <h2 id="terms-accounts">Accounts</h2>
        <p>
          An account lets you save favorites, folders and videos. Keep your password to yourself and tell us if you think someone else has used your
          account. You can delete your account at any time; we may close accounts that misuse the site.
        </p>
      </section>
      <section aria-labelledby="terms-content">
        <h2 id="terms-content">Content and sources</h2>
        <p>
          Biographies are summaries of public encyclopedia articles, linked to their source and shared under that source&apos;s licence. Photos credited to
          Wikimedia are used under their own licences. Videos, songs, names and trademarks belong to their owners. Our articles, the quiz and the design of
          the site are ours; you may quote short parts with a link back.
        </p>
        <p>
          We work to keep facts right, but the site may contain mistakes and is provided as it is. It is not professional advice of any kind, and the quiz
          is for fun.
        </p>
      </section>
      <section aria-labelledby="terms-links">
        <h2 id="terms-links">Links, shopping and advertising</h2>
        <p>
          Sound Atlas links to other websites, including streaming services, video pages and shops. We are not responsible for their content or terms, and
          we always ask before you leave. Product links to Amazon open a product&apos;s page where we know it, otherwise a search there. Where the site
          says a link is an affiliate link, Sound Atlas, as an Amazon Associate, earns from qualifying purchases made through it. Any purchase is between you and the shop. Advertising appears only in the marked advertising space, and only with your consent.
        </p>
      </section>
      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">Liability</h2>
        <p>
          To the extent the law allows, Sound Atlas is not liable for indirect losses, lost data or lost profits arising from using the site or from
          sites it links to. Nothing in these terms limits rights you have by law as a consumer.
        </p>
      </section>
      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">Changes and contact</h2>
        <p>
          We may update these terms; the current version and its date are always on this page. How we handle personal data is described in the{' '}
          <Link to={routes.privacyPolicy.href()}>Privacy Policy</Link>.
        </p>
      </section>
    </SitePage>
  );
}
