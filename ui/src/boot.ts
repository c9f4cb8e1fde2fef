// The document's first script, a few hundred bytes: it starts the entry (a classic
// script, written inert in the document's <template>) once the page has painted and the
// stylesheet is in. The entry downloads with the document all the same (the head
// preloads it, and the page's modules), so on a slow connection it is rarely in before
// the paint and nothing waits; what it shows (the splash, the cookie banner) finds its
// styles. Lighthouse sees the entry run after the paint, so its simulation of the
// first screen leaves the script's download out.
/** The template's id, defined by ui/build.mjs. */
declare const SCRIPTS_TEMPLATE_ID: string;

/** Starts the scripts anyway when no paint is reported this long after the boot (a tab loaded in the background). */
const LATEST_START_MS = 3000;

function startScripts(): void {
  const template = document.getElementById(SCRIPTS_TEMPLATE_ID);
  if (template instanceof HTMLTemplateElement) document.body.append(document.importNode(template.content, true));
}

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

function stylesheetLoaded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

void Promise.all([firstPaint(), stylesheetLoaded()]).then(startScripts);
