/**
 * The script of a server-rendered report page (web/build/prerender.plugin.ts writes its shell):
 * starts the app's scripts once the palm photo has been painted, so that on a slow connection the
 * photo, the page's largest paint, does not share the bandwidth with them. The page is complete
 * without them; they only hydrate it. Its element names them in `data-modules`, the entry first.
 */
const ownElement = document.querySelector<HTMLScriptElement>(
  `script[src="${new URL(import.meta.url).pathname}"]`,
);
const [entry, ...imports] = (ownElement?.dataset.modules ?? '').split(' ').filter(Boolean);

let started = false;
function start(): void {
  if (started || !entry) return;
  started = true;
  for (const href of imports) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

/** Painted by the server's render, which marks it for Element Timing (palm-markers.tsx). */
const photo = document.querySelector<HTMLImageElement>('#root[data-prerendered] img[elementtiming]');
if (!photo || !PerformanceObserver.supportedEntryTypes.includes('element')) {
  start();
} else {
  new PerformanceObserver(start).observe({ type: 'element', buffered: true });
  photo.addEventListener('error', start);
  // A photo that is not painted (a background tab, a window too short to show it) holds the app
  // back only this long after everything else has loaded.
  addEventListener('load', () => setTimeout(start, 1000));
}
