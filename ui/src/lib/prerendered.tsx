import { createContext, useContext, type CSSProperties, type ReactElement, type ReactNode } from 'react';

/**
 * Markup the server's engine rendered earlier, by key (entry.server.tsx keeps it for
 * the life of the runtime). The browser has none.
 */
export interface PrerenderedMarkup {
  get(key: string): string | undefined;
}

export const PrerenderedContext = createContext<PrerenderedMarkup | null>(null);

/**
 * A part that is the same on many pages (the header bar, the footer, an artist card),
 * whose markup the server's engine writes without rendering `children` in React, which
 * in QuickJS-ng costs as much for such parts as for a page's own content: the frame's
 * parts are rendered once per variant and stored under `markupKey`; a card's markup is
 * written by `markup`, a template (undefined: rendered after all). It becomes the wrapper's inner HTML; in the browser
 * `children` render and hydrate it (hydration walks the DOM), so it must be byte for byte
 * what they render: `markupKey` names everything their markup depends on, and `markup`
 * is tested against them (app/frame/prerendered-parts.test.tsx renders pages both ways
 * and compares; test/artist-card-markup.test.tsx, any card).
 */
export function Prerendered({
  markupKey,
  markup,
  as: Tag,
  className,
  style,
  children,
}: {
  as: 'header' | 'footer' | 'article';
  className: string;
  style?: CSSProperties;
  children: ReactElement;
} & ({ markupKey: string; markup?: never } | { markup: () => string | undefined; markupKey?: never })): ReactNode {
  const store = useContext(PrerenderedContext);
  const html = store === null ? undefined : markup ? markup() : store.get(markupKey!);
  if (html !== undefined) return <Tag className={className} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <Tag className={className} style={style}>
      {children}
    </Tag>
  );
}
