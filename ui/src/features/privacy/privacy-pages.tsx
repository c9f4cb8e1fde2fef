import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '../../lib/navigation';
import { Link } from '../../components/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, titles, type User, routes } from '../../generated/contract';
import { showLogin } from '../../lib/events';
import { client, respond } from '../../lib/api-client';
import { DEFAULT_CONSENT, readConsent, saveConsent, type Consent } from '../../lib/consent';
import { readDataSaverSwitch, saveDataSaverSwitch } from '../../lib/data-saver';
import { forgetSignedInUser } from '../../lib/signed-out';
import { useDocumentTitle } from '../../lib/use-document-title';
import './privacy.css';

/**
 * Who is signed in, as the server told the page (it primes `/api/user` on these pages,
 * `null` when signed out); fetched only when the cache lost it (after a sign-out).
 */
function useUser() {
  return useQuery<User | null>({ queryKey: [api.user()], staleTime: Infinity });
}

/** The three pages need a signed-in user. */
function SignedInOnly({ heading, children }: { heading: string; children: (user: User) => ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) {
    return (
      <div className="page privacy-page">
        <p className="state-box">Checking authentication...</p>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="page privacy-page">
        <h1>{heading}</h1>
        <div className="state-box">
          <p>
            <strong className="state-title">Login Required</strong>
          </p>
          <div className="state-actions">
            <Link to={routes.privacyPolicy.href()} className="btn btn-ghost">
              Back to Privacy Policy
            </Link>
            <button type="button" className="btn btn-primary" onClick={showLogin}>
              Go to Login
            </button>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="page privacy-page">
      <h1>{heading}</h1>
      {children(user)}
    </div>
  );
}

const CHOICES: { key: Exclude<keyof Consent, 'essential'>; label: string }[] = [
  { key: 'functional', label: 'Functional cookies' },
  { key: 'analytics', label: 'Analytics cookies' },
  { key: 'advertising', label: 'Advertising cookies' },
];

export function PrivacySettingsPage() {
  useDocumentTitle(titles.privacySettings());
  return <SignedInOnly heading="Privacy Settings">{() => <PrivacySettings />}</SignedInOnly>;
}

function PrivacySettings() {
  const [current, setConsent] = useState<Consent>(DEFAULT_CONSENT);
  const [dataSaver, setDataSaver] = useState(false);
  const [saving, setSaving] = useState(false);
  // The saved choices are read after hydration (the server cannot know the consent).
  useEffect(() => {
    const saved = readConsent();
    if (saved) setConsent(saved);
    setDataSaver(readDataSaverSwitch());
  }, []);

  const save = () => {
    setSaving(true);
    // Saving takes about 1 s, then alerts.
    window.setTimeout(() => {
      saveConsent(current);
      saveDataSaverSwitch(dataSaver);
      setSaving(false);
      window.alert('Privacy settings saved successfully!');
    }, 1000);
  };

  const clearLocalData = () => {
    if (!window.confirm('This will clear all your local data including preferences and favorites. Continue?')) return;
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Storage unavailable: nothing stored.
    }
    window.alert('All local data cleared. You may need to log in again.');
  };

  return (
    <>
      <section className="privacy-section">
        <h2>Cookie preferences</h2>
        <ul className="privacy-choices">
          <li>
            <label>
              <input type="checkbox" checked disabled /> Essential cookies (always on)
            </label>
          </li>
          {CHOICES.map((choice) => (
            <li key={choice.key}>
              <label>
                <input
                  type="checkbox"
                  checked={current[choice.key]}
                  onChange={(event) => setConsent({ ...current, [choice.key]: event.target.checked })}
                />{' '}
                {choice.label}
              </label>
            </li>
          ))}
        </ul>
      </section>
      <section className="privacy-section">
        <h2>Data saver</h2>
        <label>
          <input type="checkbox" checked={dataSaver} onChange={(event) => setDataSaver(event.target.checked)} /> Data saver: video thumbnails, players and previews load only when you ask, and images
          come in their smallest size (also on when your browser asks to save data)
        </label>
      </section>
      <button type="button" className="btn btn-primary" onClick={save} disabled={saving}>
        {saving ? 'Saving...' : 'Save Settings'}
      </button>
      <section className="privacy-section">
        <h2>Local data</h2>
        <button type="button" className="btn btn-ghost" onClick={clearLocalData}>
          Clear local data
        </button>
      </section>
    </>
  );
}

export function DataAccessPage() {
  useDocumentTitle(titles.dataAccess());
  return <SignedInOnly heading="Data Access">{() => <DataDownload />}</SignedInOnly>;
}

function DataDownload() {
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    setPreparing(true);
    try {
      // The raw answer: the server names the file it is saved under.
      const response = await respond('GET', api.userExport());
      // Content-Disposition's name; the browser saves it under that name.
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'sound-atlas-data.json';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      console.error(error);
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <div className="privacy-section">
      <p>Download a copy of your profile, favorites, folders and video favorites as a JSON file.</p>
      <button type="button" className="btn btn-primary" onClick={() => void download()} disabled={preparing}>
        {preparing ? 'Preparing Download...' : 'Download My Data'}
      </button>
    </div>
  );
}

export function AccountDeletionPage() {
  useDocumentTitle(titles.accountDeletion());
  return <SignedInOnly heading="Account Deletion">{(user) => <AccountDeletion user={user} />}</SignedInOnly>;
}

const CONFIRM_TEXT = 'DELETE MY ACCOUNT';

/** The success alert, with our note on the confirmation email. */
export function deletedAlert(email: string): string {
  return `Your account and all data have been permanently deleted. A confirmation email is on its way to ${email}.`;
}

/** Asks the server to mail the confirmation; failure is ignored. */
function requestDeletionConfirmation(): void {
  void client.deletionConfirmation().catch(() => undefined);
}

/** Step 0 (warning), step 1 (type the phrase), deleting, done. */
function AccountDeletion({ user }: { user: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'warning' | 'confirm' | 'deleting'>('warning');
  const [typed, setTyped] = useState('');

  const remove = async () => {
    setStep('deleting');
    try {
      await client.deleteAccount();
    } catch (error) {
      console.error(error);
      window.alert('There was an error deleting your account. Please try again or contact support.');
      setStep('confirm');
      return;
    }
    requestDeletionConfirmation();
    window.alert(deletedAlert(user.email));
    // Signed out: the server ended every session; the page forgets the user, their
    // library and the player's queue.
    forgetSignedInUser(queryClient);
    navigate('/');
  };

  const warning = (
    <div className="privacy-warning" role="note">
      <p>
        <strong>Warning:</strong> deleting your account permanently removes your profile, favorites, folders and video
        favorites. This cannot be undone.
      </p>
    </div>
  );
  if (step === 'warning') {
    return (
      <div className="privacy-section">
        {warning}
        <div className="state-actions">
          <button type="button" className="btn btn-ghost" onClick={() => navigate(-1)}>
            Go Back
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setStep('confirm')}>
            Continue
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="privacy-section">
      {warning}
      <label className="privacy-confirm">
        <span>
          Type <strong>{CONFIRM_TEXT}</strong> to confirm:
        </span>
        <input className="text-input" type="text" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
      </label>
      <div className="state-actions">
        {/* The flow's own step back, not the browser's. */}
        <button
          type="button"
          className="btn btn-ghost"
          disabled={step === 'deleting'}
          onClick={() => {
            setTyped('');
            setStep('warning');
          }}
        >
          Go Back
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={typed !== CONFIRM_TEXT || step === 'deleting'}
          onClick={() => void remove()}
        >
          {step === 'deleting' ? 'Deleting...' : 'Delete My Account'}
        </button>
      </div>
    </div>
  );
}
