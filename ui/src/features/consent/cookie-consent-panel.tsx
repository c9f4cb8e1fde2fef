import { useState } from 'react';
import { Link } from '../../components/link';
import { ALL_CONSENT, DEFAULT_CONSENT, ESSENTIAL_ONLY, saveConsent, type Consent } from '../../lib/consent';
import './consent.css';
import { routes } from '../../generated/contract';

type Choice = Exclude<keyof Consent, 'essential'>;

const OPTIONS: { key: Choice; label: string; text: string }[] = [
  { key: 'functional', label: 'Functional', text: 'Remembers your preferences, such as sound effects.' },
  { key: 'analytics', label: 'Analytics', text: 'Helps us understand how the site is used.' },
  { key: 'advertising', label: 'Advertising', text: 'Lets the advertising block show ads.' },
];

/** The cookie-consent banner's choices (cookie-banner.tsx shows it when none is saved). */
export default function CookieConsentPanel({ onChosen }: { onChosen: () => void }) {
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<Consent>(DEFAULT_CONSENT);

  const choose = (consent: Consent) => {
    saveConsent(consent);
    onChosen();
  };

  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      {customizing ? (
        <>
          <h2 className="cookie-title">Cookie Preferences</h2>
          <ul className="cookie-options">
            <li>
              <label>
                <input type="checkbox" checked disabled /> <strong>Essential</strong>
              </label>
              <p>Needed for the site to work, such as keeping you signed in.</p>
            </li>
            {OPTIONS.map((option) => (
              <li key={option.key}>
                <label>
                  <input
                    type="checkbox"
                    checked={draft[option.key]}
                    onChange={(event) => setDraft({ ...draft, [option.key]: event.target.checked })}
                  />{' '}
                  <strong>{option.label}</strong>
                </label>
                <p>{option.text}</p>
              </li>
            ))}
          </ul>
          <div className="cookie-actions">
            <button type="button" className="btn btn-primary" onClick={() => choose(draft)}>
              Save Preferences
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setCustomizing(false)}>
              Back
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 className="cookie-title">We use cookies</h2>
          <p className="cookie-text">
            Essential cookies keep the site working. With your permission we also use others. See our{' '}
            <Link to={routes.privacyPolicy.href()}>Privacy Policy</Link>.
          </p>
          <div className="cookie-actions">
            <button type="button" className="btn btn-primary" onClick={() => choose(ALL_CONSENT)}>
              Accept All
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => choose(ESSENTIAL_ONLY)}>
              Essential Only
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setDraft(DEFAULT_CONSENT);
                setCustomizing(true);
              }}
            >
              Customize
            </button>
          </div>
        </>
      )}
    </section>
  );
}
