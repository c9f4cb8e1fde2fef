import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { linkClickHandlers } from '../lib/link-clicks';
import { truncateLink } from '../lib/truncate';
import { useModalKeys } from './modal';
import { ExternalIcon } from './icons';

/**
 * External links: a confirmation dialog comes first. The links
 * stay real `<a href target=_blank rel="noopener noreferrer">` so they work
 * without JavaScript; with JavaScript a click opens the dialog instead.
 * Addresses come from data (imported, enriched), so only web addresses (http, https)
 * ever become a link or reach `window.open`: anything else is shown as text.
 */
interface ExternalLinkApi {
  confirm: (url: string) => void;
}

const ExternalLinkContext = createContext<ExternalLinkApi | null>(null);

export function useExternalLink(): ExternalLinkApi {
  const api = useContext(ExternalLinkContext);
  // Outside the provider (isolated tests) fall back to opening directly.
  return api ?? { confirm: (url) => openInNewTab(url) };
}

/** Whether `url` is an absolute http(s) address (never `javascript:`, `data:` or the like). */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function openInNewTab(url: string): void {
  if (!isWebAddress(url)) return;
  const opened = window.open(url, '_blank', 'noopener,noreferrer');
  if (opened) opened.opener = null;
}

export function ExternalLinkProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<string | null>(null);
  const confirm = useCallback((url: string) => setPending(isWebAddress(url) ? url : null), []);
  const api = useMemo(() => ({ confirm }), [confirm]);
  return (
    <ExternalLinkContext.Provider value={api}>
      {children}
      {pending !== null && (
        <ExternalLinkDialog
          url={pending}
          onContinue={() => {
            openInNewTab(pending);
            setPending(null);
          }}
          onCancel={() => setPending(null)}
        />
      )}
    </ExternalLinkContext.Provider>
  );
}

export function ExternalLinkDialog({ url, onContinue, onCancel }: { url: string; onContinue: () => void; onCancel: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  useModalKeys(dialogRef, onCancel, () => stayRef.current);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div
        ref={dialogRef}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="external-link-title"
        aria-describedby="external-link-text"
      >
        <p className="modal-eyebrow">Leaving Application</p>
        <h2 id="external-link-title" className="modal-title">
          External Link Warning
        </h2>
        <p id="external-link-text" className="modal-text">
          You are about to navigate to an external website:
        </p>
        <p className="modal-link" title={url}>
          {truncateLink(url)}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={onContinue}>
            Yes, Continue
          </button>
          <button type="button" ref={stayRef} className="btn btn-ghost" onClick={onCancel}>
            Stay Here
          </button>
        </div>
      </div>
    </div>
  );
}

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & {
  href: string;
  children: ReactNode;
  /** Adds the small "opens externally" icon after the content. */
  showIcon?: boolean;
  /** A paid (affiliate) link: `rel="sponsored"` tells search engines so. */
  sponsored?: boolean;
};

/** A real external anchor whose click goes through the External Link Warning. */
export function ExternalLink({ href, children, onClick, showIcon = false, sponsored = false, ...rest }: ExternalLinkProps) {
  const { confirm } = useExternalLink();
  // Plain, modified (Ctrl/Cmd/Shift) and middle clicks all show the warning first.
  const handlers = linkClickHandlers(() => confirm(href), onClick);
  if (!isWebAddress(href)) return <span className={rest.className}>{children}</span>;
  return (
    <a href={href} target="_blank" rel={sponsored ? 'sponsored noopener noreferrer' : 'noopener noreferrer'} {...handlers} {...rest}>
      {children}
      {showIcon && <ExternalIcon size={14} className="external-icon" />}
    </a>
  );
}
