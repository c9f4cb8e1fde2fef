import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SHOW_LOGIN_EVENT } from '../../lib/events';

// The dialog's code is fetched the first time it opens, not with the page.
const LoginDialog = lazy(() => import('./login-dialog'));

/** Opens the login dialog on the show-login event (from anywhere). Renders nothing until then. */
export function LoginHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onShow = () => setOpen(true);
    window.addEventListener(SHOW_LOGIN_EVENT, onShow);
    return () => window.removeEventListener(SHOW_LOGIN_EVENT, onShow);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog onClose={close} />
    </Suspense>
  );
}
