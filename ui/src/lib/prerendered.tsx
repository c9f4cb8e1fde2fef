import { createContext, useContext, type CSSProperties, type ReactElement, type ReactNode } from 'react';

/**
 * Markup the server's engine rendered earlier, by key (entry.server.tsx keeps it for
 * the life of the runtime). The browser has none.
 */
export interface PrerenderedMarkup {
  get(key: string): string | undefined;
  /** Asks for `content`'s markup under `key`, rendered once the current page is done. */
  want(key: string, content: ReactElement): void;
}

export const PrerenderedContext = createContext<PrerenderedMarkup | null>(null);

/**
 * A part that is the same on many pages (the header bar, the footer, an artist card):
 * the server's engine renders its content once per key and reuses the markup, because
 * React in QuickJS-ng costs as much for such parts as for a page's own content. When the
 * server has the markup, it is written as the wrapper's inner HTML; otherwise, and
 * always in the browser, `children` render. Hydration walks the DOM, so the browser's
 * `children` hydrate that markup, which is byte for byte what they would have rendered:
 * `markupKey` must name everything the content's markup depends on
 * (ui/src/app/frame/prerendered-parts.test.tsx renders pages both ways and compares).
 */
export function Prerendered({
  markupKey,
  as: Tag,
  className,
  style,
  children,
}: {
  markupKey: string;
  as: 'header' | 'footer' | 'article';
  className: string;
  style?: CSSProperties;
  children: ReactElement;
}): ReactNode {
  const markup = useContext(PrerenderedContext);
  const html = markup?.get(markupKey);
  if (html !== undefined) return <Tag className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
  markup?.want(markupKey, children);
  return (
    <Tag className={className} style={style}>
      {children}
    </Tag>
  );
}
