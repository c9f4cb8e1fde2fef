import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { api, titles } from '../../generated/contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import './email-link-pages.css';

/**
 * The pages the emailed links open, as pages of the site (frame, theme, rendered on the
 * server). Opening one changes nothing: mail scanners fetch links. The visitor's press
 * posts the link's token with a password as a plain form (no script needed), and the
 * server answers with a redirect. Confirming asks for the password chosen at sign-up, so
 * a link never makes valid a password its user has not shown they know.
 */
function EmailLinkForm({ heading, lead, action, button, children }: { heading: string; lead: string; action: string; button: string; children?: ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <div className="page email-link-page">
      <h1>{heading}</h1>
      <p>{lead}</p>
      <form method="post" action={action} className="email-link-form">
        <input type="hidden" name="token" value={token} />
        {children}
        <button type="submit" className="btn btn-primary">
          {button}
        </button>
      </form>
    </div>
  );
}

/** `/confirm-email?token=`: where the sign-up mail's link leads. */
export function ConfirmEmailPage() {
  useDocumentTitle(titles.confirmEmail());
  return (
    <EmailLinkForm
      heading="Confirm your email"
      lead="Enter the password you chose when you signed up to confirm your email address and sign in."
      action={api.confirm()}
      button="Confirm my email"
    >
      <label className="email-link-field">
        Password
        <input className="text-input" type="password" name="password" maxLength={1024} required autoComplete="current-password" />
      </label>
    </EmailLinkForm>
  );
}

/** `/new-password?token=`: where the recovery mail's link leads. */
export function NewPasswordPage() {
  useDocumentTitle(titles.newPassword());
  return (
    <EmailLinkForm
      heading="Choose a new password"
      lead="Enter a new password (at least 8 characters). Your other sessions will be signed out."
      action={api.setNewPassword()}
      button="Set new password"
    >
      <label className="email-link-field">
        New password
        <input className="text-input" type="password" name="password" minLength={8} maxLength={1024} required autoComplete="new-password" />
      </label>
    </EmailLinkForm>
  );
}
