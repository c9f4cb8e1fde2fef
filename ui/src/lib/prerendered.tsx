import { createContext, useContext, type ReactNode } from 'react';

/** Markup the server's engine already rendered for a frame part, by the part's name. */
export const PrerenderedContext = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * A frame part that is the same on most pages (the header bar, the footer): the server's
 * engine renders its content once per variant and reuses the markup (entry.server.tsx,
 * app/frame/prerendered-parts.tsx), because React in QuickJS-ng costs as much for the
 * frame as for a page's own content. When the server has the markup, it is written as
 * the wrapper's inner HTML; otherwise, and always in the browser, `children` render.
 * Hydration walks the DOM, so the browser's `children` hydrate that markup, which is
 * byte for byte what they would have rendered (ui/src/app/frame/prerendered-parts.test.tsx).
 */
export function Prerendered({ name, as: Tag, className, children }: { name: string; as: 'header' | 'footer'; className: string; children: ReactNode }) {
  const html = useContext(PrerenderedContext)?.get(name);
  return html === undefined ? <Tag className={className}>{children}</Tag> : <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
