import type { ReactNode } from 'react';
import { ExternalLink } from '../../components/external-link';

/**
 * Article content: paragraphs separated by '|', with bold tags and
 * URLs. Only those two things become markup: the text is parsed into segments and
 * rendered as React children (escaped), so any other tag, attribute or script in the
 * stored text shows as plain text and never runs. Links are http(s) only and open
 * through the External Link Warning.
 */
export type Segment = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; href: string };

/** `<b>…</b>` or `<strong>…</strong>` (any case, no attributes), or an http(s) URL. */
const TOKEN = /<(b|strong)>([\s\S]*?)<\/\1>|\bhttps?:\/\/[^\s<>"'|]+/gi;
/** Drops punctuation that ends the sentence rather than the URL (a ")" only when unbalanced). */
function trimUrl(raw: string): string {
  let url = raw;
  while (/[.,;:!?)\]]$/.test(url)) {
    if (url.endsWith(')') && url.split('(').length > url.split(')').length - 1) break;
    url = url.slice(0, -1);
  }
  return url;
}

export function paragraphsOf(content: string): string[] {
  return content
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** One paragraph as text, bold and link segments. */
export function segmentsOf(paragraph: string): Segment[] {
  const segments: Segment[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last?.kind === 'text') last.text += text;
    else segments.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of paragraph.matchAll(TOKEN)) {
    const start = match.index;
    pushText(paragraph.slice(at, start));
    if (match[1] !== undefined) {
      // Bold text stays text: tags inside it are not read.
      const inner = (match[2] ?? '').replace(/<\/?(b|strong)>/gi, '');
      if (inner.trim() !== '') segments.push({ kind: 'bold', text: inner });
      at = start + match[0].length;
    } else {
      const url = trimUrl(match[0]);
      if (isSafeUrl(url)) segments.push({ kind: 'link', href: url });
      else pushText(url);
      at = start + url.length;
    }
  }
  pushText(paragraph.slice(at));
  return segments;
}

/**
 * An http(s) address with a host. A pattern, not `new URL`: the server's engine has no
 * WHATWG URL, and the server and the browser must render the same links.
 */
function isSafeUrl(url: string): boolean {
  return /^https?:\/\/[^\s/?#@:]+(?::\d+)?(?:[/?#]|$)/i.test(url);
}

/** A URL as link text: host and path, without the scheme. */
export function linkLabel(href: string): string {
  return href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

function renderSegment(segment: Segment, key: number): ReactNode {
  switch (segment.kind) {
    case 'bold':
      return <strong key={key}>{segment.text}</strong>;
    case 'link':
      return (
        <ExternalLink key={key} href={segment.href} className="text-link">
          {linkLabel(segment.href)}
        </ExternalLink>
      );
    default:
      return segment.text;
  }
}

export function ArticleText({ content }: { content: string }) {
  return (
    <div className="article-content">
      {paragraphsOf(content).map((paragraph, i) => (
        <p key={i}>{segmentsOf(paragraph).map(renderSegment)}</p>
      ))}
    </div>
  );
}
