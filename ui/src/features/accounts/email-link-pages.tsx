import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  titles,
  LINK_ERROR_PARAM,
  LINK_ERRORS,
  MAX_PASSWORD_CHARS,
  MIN_PASSWORD_CHARS,
  NOTICE_EMAIL_CONFIRMED,
  NOTICE_PASSWORD_CHOSEN,
  NOTICE_PASSWORD_SET,
  type ApiPath,
  type EmailedLink,
  type LinkState,
  type User,
} from '../../generated/contract';
import { Link } from '../../components/link';
import { client } from '../../lib/api-client';
import { showLogin } from '../../lib/events';
import { useNavigate } from '../../lib/navigation';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { afterSignIn, errorMessage } from './auth';
import { NOTICES } from './notices';
import './email-link-pages.css';

/**
 * The pages the emailed links open, as pages of the site (frame, theme, rendered on the
 * server with the link's state: live, contested, used or invalid). Opening one changes
 * nothing: mail scanners fetch links. The form posts the link's token with a password:
 * with script through the API client, which keeps the page, its fields and shows a
 * refusal beside the field; without, as a plain form, which the server answers with a
 * redirect: on, or back here with the refusal's code (`?error=`), whose message the page
 * shows. Confirming asks for the password chosen at sign-up, so a link never makes valid
 * a password its user has not shown they know; where several sign-ups claimed the
 * address (contested), none is kept, and the page asks for a new one, twice.
 */

/** One password field, with the refusal that concerns it beside it (announced, and described to screen readers). */
function PasswordField({
  label,
  name,
  autoComplete,
  error,
}: {
  label: string;
  name: keyof EmailedLink;
  autoComplete: 'current-password' | 'new-password';
  error: string | null;
}) {
  const errorId = useId();
  const choosing = autoComplete === 'new-password';
  return (
    <div className="email-link-field">
      <label className="email-link-label">
        {label}
        <input
          className="text-input"
          type="password"
          name={name}
          minLength={choosing ? MIN_PASSWORD_CHARS : undefined}
          maxLength={MAX_PASSWORD_CHARS}
          required
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error ? (
        <p id={errorId} className="email-link-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A link that can no longer be used: what happened, and the way in from here. */
function LinkGone({ state }: { state: 'used' | 'invalid' }) {
  return (
    <div className="state-box email-link-gone">
      <h2 className="state-title">{state === 'used' ? 'This link was already used.' : 'This link is invalid or has expired.'}</h2>
      <p>
        {state === 'used'
          ? 'It did its work: sign in with your password. Forgot it? The sign-in dialog mails a new link.'
          : 'Sign in, or ask for a new link in the sign-in dialog ("Forgot your password?").'}
      </p>
      <div className="state-actions">
        <Link to="/" className="btn btn-ghost">
          Back to Home
        </Link>
        <button type="button" className="btn btn-primary" onClick={showLogin}>
          Sign In
        </button>
      </div>
    </div>
  );
}

interface LinkPage {
  heading: string;
  /** The link's state read, for its token. */
  stateRead: (token: string) => ApiPath<LinkState>;
  action: string;
  send: (body: EmailedLink) => Promise<User>;
}

/** The link's token and state (as the page carries it; read again after a refusal). */
function useEmailedLink(page: LinkPage) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const code = params.get(LINK_ERROR_PARAM);
  const state = useQuery<LinkState>({ queryKey: [page.stateRead(token)], enabled: token !== '', staleTime: Infinity });
  // A refusal named in the address (a plain form post's): only a known code, never text from the address.
  const refusal = code !== null && Object.hasOwn(LINK_ERRORS, code) ? LINK_ERRORS[code] : null;
  return { token, state: token === '' ? 'invalid' : state.data, refusal, reread: () => state.refetch() };
}

type EmailedLinkOf = ReturnType<typeof useEmailedLink>;

function EmailLinkForm({
  page,
  link,
  lead,
  button,
  twice,
  current,
  notice,
}: {
  page: LinkPage;
  link: EmailedLinkOf;
  lead: ReactNode;
  button: string;
  /** Ask for a new password twice. */
  twice: boolean;
  /** Asks for the password already chosen (not a new one). */
  current: boolean;
  notice: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<{ message: string; onAgain: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = error ?? (link.refusal ? { message: link.refusal, onAgain: link.refusal === LINK_ERRORS['passwords-differ'] } : null);

  // The fields are the form's own (what was typed before the script ran counts), read as
  // it is sent.
  const submit = async (form: HTMLFormElement) => {
    if (busy) return;
    const fields = new FormData(form);
    const password = String(fields.get('password') ?? '');
    const again = twice ? String(fields.get('passwordAgain') ?? '') : null;
    if (again !== null && password !== again) {
      setError({ message: LINK_ERRORS['passwords-differ'], onAgain: true });
      return;
    }
    setBusy(true);
    try {
      const user = await page.send({ token: link.token, password, passwordAgain: again, redirectTo: null });
      await afterSignIn(queryClient, user);
      navigate('/');
      toast(NOTICES[notice]);
    } catch (failure) {
      setError({ message: errorMessage(failure), onAgain: false });
      // The link may have been used or ended meanwhile: the page then says so.
      void link.reread();
    } finally {
      setBusy(false);
    }
  };
  // The script takes the form over once it runs, by a listener of its own: a press before
  // that is the plain form's post alone (an event handler React hydrates could replay it
  // and post the link a second time).
  const formRef = useRef<HTMLFormElement>(null);
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      void latestSubmit.current(form);
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  return (
    <>
      <p>{lead}</p>
      <form ref={formRef} method="post" action={page.action} className="email-link-form">
        <input type="hidden" name="token" value={link.token} />
        <PasswordField
          label={current ? 'Password' : 'New password'}
          name="password"
          autoComplete={current ? 'current-password' : 'new-password'}
          error={shown && !shown.onAgain ? shown.message : null}
        />
        {twice ? (
          <PasswordField
            label="New password again"
            name="passwordAgain"
            autoComplete="new-password"
            error={shown && shown.onAgain ? shown.message : null}
          />
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {button}
        </button>
      </form>
    </>
  );
}

const CONFIRM: LinkPage = {
  heading: 'Confirm your email',
  stateRead: (token) => api.confirmationLinkState(token),
  action: api.confirm(),
  send: client.confirm,
};

const RECOVER: LinkPage = {
  heading: 'Choose a new password',
  stateRead: (token) => api.recoveryLinkState(token),
  action: api.setNewPassword(),
  send: client.setNewPassword,
};

function LinkPageBody({ page, children }: { page: LinkPage; children: (link: EmailedLinkOf) => ReactNode }) {
  const link = useEmailedLink(page);
  return (
    <div className="page email-link-page">
      <h1>{page.heading}</h1>
      {link.state === 'used' || link.state === 'invalid' ? <LinkGone state={link.state} /> : children(link)}
    </div>
  );
}

/** `/confirm-email?token=`: where the sign-up mail's link leads. */
export function ConfirmEmailPage() {
  useDocumentTitle(titles.confirmEmail());
  return (
    <LinkPageBody page={CONFIRM}>
      {(link) =>
        link.state === 'contested' ? (
          <EmailLinkForm
            key="contested"
            page={CONFIRM}
            link={link}
            lead={
              <>
                <strong>Someone else also signed up with this address.</strong> To keep your account safe, no password chosen at sign-up is kept.
                Choose a new password (at least {MIN_PASSWORD_CHARS} characters): it is the one that opens your account from now on.
              </>
            }
            button="Confirm my email"
            twice
            current={false}
            notice={NOTICE_PASSWORD_CHOSEN}
          />
        ) : (
          <EmailLinkForm
            key="live"
            page={CONFIRM}
            link={link}
            lead="Enter the password you chose when you signed up to confirm your email address and sign in."
            button="Confirm my email"
            twice={false}
            current
            notice={NOTICE_EMAIL_CONFIRMED}
          />
        )
      }
    </LinkPageBody>
  );
}

/** `/new-password?token=`: where the recovery mail's link leads. */
export function NewPasswordPage() {
  useDocumentTitle(titles.newPassword());
  return (
    <LinkPageBody page={RECOVER}>
      {(link) => (
        <EmailLinkForm
          page={RECOVER}
          link={link}
          lead={`Enter a new password (at least ${MIN_PASSWORD_CHARS} characters). Your other sessions will be signed out.`}
          button="Set new password"
          twice={false}
          current={false}
          notice={NOTICE_PASSWORD_SET}
        />
      )}
    </LinkPageBody>
  );
}
