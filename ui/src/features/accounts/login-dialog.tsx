import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type OidcInfo } from '../../generated/contract';
import { client } from '../../lib/api-client';
import { useModalKeys } from '../../components/modal';
import { errorToast, toast } from '../../lib/toast';
import { afterSignIn, errorMessage } from './auth';
import './accounts.css';

/** sign-in and sign-up (toggled by a link), the emailed code (ask, then verify) and recovery. */
type Mode = 'signIn' | 'signUp' | 'code' | 'verify' | 'recover';

const TITLES: Record<Mode, string> = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  code: 'Sign In with a Code',
  verify: 'Enter Your Code',
  recover: 'Reset Password',
};

const SUBMIT: Record<Mode, string> = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  code: 'Send Code',
  verify: 'Verify Code',
  recover: 'Send Reset Link',
};

/**
 * The login dialog. Loaded only when first opened (see login-host.tsx),
 * so its code stays out of the first page load and the server never renders it.
 */
export default function LoginDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const provider = useQuery<OidcInfo>({ queryKey: [api.identityProvider()], staleTime: 5 * 60_000 });

  useModalKeys(dialogRef, onClose);

  useEffect(() => {
    firstFieldRef.current?.focus();
  }, [mode]);

  const go = (next: Mode) => {
    setPassword('');
    setCode('');
    setMode(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      const address = email.trim() === '' ? null : email.trim();
      switch (mode) {
        case 'signIn':
          await afterSignIn(queryClient, await client.signIn({ email: address, password }));
          onClose();
          return;
        case 'signUp':
          await client.signUp({ email: address, password });
          toast({ title: 'Check your email', description: 'We sent you a link to confirm your email address.' });
          onClose();
          return;
        case 'code':
          await client.requestCode({ email: address, phone: null });
          toast({ title: 'Check your email', description: 'We sent you a sign-in code.' });
          go('verify');
          return;
        case 'verify':
          await afterSignIn(queryClient, await client.verifyCode({ email: address, token: code.trim() }));
          onClose();
          return;
        case 'recover':
          await client.recover({ email: address });
          toast({ title: 'Check your email', description: 'We sent you a link to reset your password.' });
          go('signIn');
          return;
      }
    } catch (error) {
      errorToast(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  const providerHref = () => api.providerSignIn(window.location.pathname + window.location.search);

  const withPassword = mode === 'signIn' || mode === 'signUp';
  // The code flow sends whatever was typed: the server answers an empty address with
  // the spec's "You must provide either an email or phone number."
  const emailRequired = mode !== 'code';

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="modal login-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="login-head">
          <h2 id={titleId} className="modal-title">
            {TITLES[mode]}
          </h2>
          <button type="button" className="toast-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <form className="login-form" onSubmit={onSubmit}>
          {mode !== 'verify' ? (
            <label className="login-field">
              <span>Email</span>
              <input
                className="text-input"
                ref={firstFieldRef}
                type="email"
                name="email"
                autoComplete="email"
                required={emailRequired}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
          ) : (
            <label className="login-field">
              <span>Code</span>
              <input
                className="text-input"
                ref={firstFieldRef}
                type="text"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
          )}
          {withPassword ? (
            <label className="login-field">
              <span>Password</span>
              <input
                className="text-input"
                type="password"
                name="password"
                autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
            {loading ? 'Loading...' : SUBMIT[mode]}
          </button>
        </form>
        {provider.data?.enabled && withPassword ? (
          <a className="btn btn-ghost btn-block login-provider" href={providerHref()}>
            Continue with {provider.data.name ?? 'your provider'}
          </a>
        ) : null}
        <div className="login-links">
          {mode === 'signIn' ? (
            <>
              <button type="button" className="link-btn" onClick={() => go('signUp')}>
                Don&apos;t have an account? Sign Up
              </button>
              <button type="button" className="link-btn" onClick={() => go('code')}>
                Sign in with a code instead
              </button>
              <button type="button" className="link-btn" onClick={() => go('recover')}>
                Forgot your password?
              </button>
            </>
          ) : mode === 'signUp' ? (
            <button type="button" className="link-btn" onClick={() => go('signIn')}>
              Already have an account? Sign In
            </button>
          ) : (
            <button type="button" className="link-btn" onClick={() => go('signIn')}>
              Back to Sign In
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
