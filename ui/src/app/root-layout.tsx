import { Outlet } from 'react-router';
import { Link } from '../components/link';
import { Footer } from './frame/footer';
import { HeadSync } from './frame/head-sync';
import { Header } from './frame/header';
import { RefreshButton } from './frame/refresh-button';
import { ScrollManager } from './frame/scroll-manager';
import { SplashScreen } from './frame/splash-screen';
import { LoginHost } from '../features/accounts/login-host';
import { NoticeFromAddress } from '../features/accounts/notices';
import { CookieBanner } from '../features/consent/cookie-banner';
import { PlayerHost } from '../features/player/player-host';
import { Toaster } from '../lib/toast';
import { AdSlot } from '../components/ad-slot';

/** The global frame around every page. Later issues add the login dialog, cookie banner and player here. */
export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <HeadSync />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <AdSlot />
      <Footer />
      <RefreshButton />
      <SplashScreen />
      <LoginHost />
      <NoticeFromAddress />
      <CookieBanner />
      <PlayerHost />
      <Toaster />
    </>
  );
}

/** Shown instead of the frame when a page throws while rendering (until the next navigation). */
export function RootErrorBoundary({ error }: { error: unknown }) {
  if (error) console.error(error);
  return (
    <main className="site-main">
      <div className="page state-box state-box--page" role="alert">
        <p>
          <strong className="state-title">Something went wrong.</strong> Please reload the page.
        </p>
        <div className="state-actions">
          <button type="button" className="btn btn-ghost" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link to="/" className="btn btn-primary" reloadDocument>
            Back to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
