import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NOTICE_EMAIL_CONFIRMED, NOTICE_PARAM, NOTICE_PASSWORD_CHOSEN, NOTICE_PASSWORD_SET } from '../../generated/contract';
import { useNavigate } from '../../lib/navigation';
import { toast, type Toast } from '../../lib/toast';

/** What the emailed links' pages tell once they signed the visitor in, by notice code. */
export const NOTICES: Readonly<Record<string, Omit<Toast, 'id'>>> = {
  [NOTICE_EMAIL_CONFIRMED]: { title: "Email confirmed, you're signed in" },
  [NOTICE_PASSWORD_CHOSEN]: {
    title: "Email confirmed, you're signed in",
    description: 'Your account now opens with the password you just chose.',
  },
  [NOTICE_PASSWORD_SET]: {
    title: "New password set, you're signed in",
    description: 'Your other sessions were signed out.',
  },
};

/**
 * A plain form post of an emailed link's page lands with `?notice=` (the server's
 * redirect): the notice is shown once as a toast and dropped from the address, so a
 * reload or a shared address does not show it again. Renders nothing.
 */
export function NoticeFromAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const notice = params.get(NOTICE_PARAM);
    if (notice === null) return;
    if (Object.hasOwn(NOTICES, notice)) toast(NOTICES[notice]);
    params.delete(NOTICE_PARAM);
    const search = params.toString();
    navigate(`${location.pathname}${search === '' ? '' : `?${search}`}${location.hash}`, { replace: true });
  }, [location, navigate]);
  return null;
}
