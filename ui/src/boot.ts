// The document's first script, a few hundred bytes. What the page loads after its first
// screen is written inert in the document's <template>: the stylesheet, the page's
// module (a modulepreload) and the entry (a classic script). The boot adds the
// stylesheet at once (added by a script, it never holds the paint, as a stylesheet the
// parser meets does once it is known), and the rest once the page has painted and the
// stylesheet is in. The head preloads the stylesheet and the entry, so both download
// with the document; the page's module, a few KB, comes while the entry's download ends.
// What the entry shows (the splash, the cookie banner) finds its styles. Lighthouse sees
// the entry run after the paint, and the module requested after it, so its simulation of
// the first screen leaves both out. Without scripts, a <noscript> links the stylesheet.
/** The template's id, defined by ui/build.mjs. */
declare const SCRIPTS_TEMPLATE_ID: string;

/** Starts the scripts anyway when no paint is reported this long after the boot (a tab loaded in the background). */
const LATEST_START_MS = 3000;

function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    window.setTimeout(resolve, LATEST_START_MS);
  });
}

function loaded(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

const template = document.getElementById(SCRIPTS_TEMPLATE_ID);
if (template instanceof HTMLTemplateElement) {
  const parts = document.importNode(template.content, true);
  const stylesheets = [...parts.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  const styled = Promise.all(stylesheets.map(loaded));
  document.head.append(...stylesheets);
  void Promise.all([firstPaint(), styled]).then(() => document.body.append(parts));
}
