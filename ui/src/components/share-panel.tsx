/** Share (artist and article pages): the platform share sheet or the clipboard, plus four share links. */
import { useEffect, useRef, useState } from 'react';
import { ExternalLink } from './external-link';
import { ShareIcon, SocialIcon } from './icons';
import './share-panel.css';

/** Social share URLs: each gets the page URL and the title; reddit gets the title as its own field. */
export function shareLinks(url: string, title: string): Array<{ network: 'facebook' | 'x' | 'whatsapp' | 'reddit'; label: string; href: string }> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}` },
    { network: 'x', label: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { network: 'reddit', label: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
  ];
}

export const COPIED_INDICATOR_MS = 2000;

/** Share: the platform share sheet when present, else the clipboard; plus four share links. */
export function SharePanel({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const onShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Cancelled by the user or refused by the platform.
      }
      return;
    }
    const ok = await copyText(url);
    if (!ok) return;
    window.alert('URL copied to clipboard!');
    setCopied(true);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  };

  return (
    <div className="share">
      <button type="button" className="btn btn-ghost" onClick={() => void onShare()}>
        <ShareIcon size={18} />
        {copied ? 'Copied!' : 'Share'}
      </button>
      <ul className="share-links" aria-label="Share on social media">
        {shareLinks(url, title).map((link) => (
          <li key={link.network}>
            <ExternalLink href={link.href} className={`icon-btn share-link share-link--${link.network}`} aria-label={`Share on ${link.label}`}>
              <SocialIcon name={link.network} size={18} />
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}
