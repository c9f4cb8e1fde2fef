// The document's one script of its own, inline at the end of its body (the policy allows
// it by its hash). What the page loads after its first screen is written inert in the
// document's <template>, before this script: the web app manifest, the stylesheet, the
// page's module (a modulepreload) and the entry (a classic script). The boot adds the
// manifest and the stylesheet once the page has painted, and the rest once the stylesheet
// is in, so what the entry shows (the splash, the cookie banner) finds its styles. The
// first screen needs none of them: its CSS is inline and a page without the stylesheet
// looks the same. The head preloads only the entry, which downloads with the document.
// So before the first paint the document is the page's only request besides its images
// and the entry: no boot file, no stylesheet, and no manifest, which Chromium fetches
// with its icon (19 KB) as soon as the page has loaded, on a slow phone while the page
// still waits to paint. Lighthouse's simulation of the first screen counts every request
// that ended before the paint it observed (a script unless it ran after), each costing a
// connection and round trips on its slow network.
// Without scripts, a <noscript> links the stylesheet.
/** The template's id, defined by ui/build.mjs. */
declare const SCRIPTS_TEMPLATE_ID: string;

/** Starts the rest anyway when no paint is reported this long after the boot (a tab loaded in the background). */
const LATEST_START_MS = 3000;

/**
 * Resolves once the page has had its first contentful paint and a frame has been drawn
 * since this script ran, the document's markup then whole: an early paint of its top
 * alone does not start the rest before the page's largest text is painted.
 */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, LATEST_START_MS);
    let waiting = 2;
    const done = () => --waiting || resolve();
    requestAnimationFrame(() => requestAnimationFrame(done));
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint')[0]) {
        observer.disconnect();
        done();
      }
    }).observe({ type: 'paint', buffered: true });
  });
}

function loaded(link: HTMLLinkElement): Promise<unknown> {
  return new Promise((resolve) => (link.onload = link.onerror = resolve));
}

// Every document has the template (the shell writes it).
const template = document.getElementById(SCRIPTS_TEMPLATE_ID) as HTMLTemplateElement;
const parts = document.importNode(template.content, true);
const links = [...parts.querySelectorAll<HTMLLinkElement>('[rel=manifest],[rel=stylesheet]')];
void painted()
  .then(() => {
    document.head.append(...links);
    return Promise.all(links.filter((link) => link.rel === 'stylesheet').map(loaded));
  })
  .then(() => document.body.append(parts));
