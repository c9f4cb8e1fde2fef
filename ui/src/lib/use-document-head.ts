import { useEffect } from 'react';

/**
 * A page's social head on client navigation. The server writes the right tags into
 * the first HTML (crawlers read that); after a client-side navigation the browser's
 * head is updated here from the same data, and every tag goes back to what it was
 * (the site's defaults) when the page is left.
 */
export interface DocumentHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the share picture. */
  image: string;
  imageAlt: string;
  type: 'website' | 'article' | 'profile';
}

/** [selector attribute, key, value] for each tag the head sets. */
function tagsOf(head: DocumentHead): Array<['name' | 'property', string, string]> {
  return [
    ['name', 'description', head.description],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.url],
    ['property', 'og:type', head.type],
    ['property', 'og:image', head.image],
    ['property', 'og:image:alt', head.imageAlt],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', head.image],
    ['name', 'twitter:image:alt', head.imageAlt],
  ];
}

export function useDocumentHead(head: DocumentHead | null): void {
  const key = head ? JSON.stringify(head) : '';
  useEffect(() => {
    if (!head) return undefined;
    const restores: Array<() => void> = [];
    const previousTitle = document.title;
    document.title = head.title;
    restores.push(() => {
      document.title = previousTitle;
    });
    for (const [attr, name, value] of tagsOf(head)) {
      let element = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`);
      if (element) {
        const previous = element.getAttribute('content');
        const el = element;
        restores.push(() => {
          if (previous === null) el.removeAttribute('content');
          else el.setAttribute('content', previous);
        });
      } else {
        element = document.createElement('meta');
        element.setAttribute(attr, name);
        document.head.appendChild(element);
        const el = element;
        restores.push(() => el.remove());
      }
      element.setAttribute('content', value);
    }
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) {
      const previous = canonical.getAttribute('href');
      canonical.setAttribute('href', head.url);
      restores.push(() => {
        if (previous !== null) canonical.setAttribute('href', previous);
      });
    }
    return () => {
      for (const restore of restores.reverse()) restore();
    };
    // The key stands for every field of `head`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
