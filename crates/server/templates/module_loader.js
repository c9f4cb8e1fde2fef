// The page's modules are fetched once its server markup has been painted (crate::shell::tail).
let loaded = false;
const load = () => {
  if (loaded) return;
  loaded = true;
  for (const href of {{ preloads|safe }}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  for (const src of {{ scripts|safe }}) import(src);
};
if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) load();
else {
  new PerformanceObserver(load).observe({ type: "paint", buffered: true });
  setTimeout(load, 1000);
}
