import { useEffect, useRef } from 'react';
import { RefreshIcon } from '../../components/icons';

const LABEL = 'Refresh page to reset video loading';

/** What a fan can click or focus: the button steps aside from these (a label is clicked like its control: a quiz's answers). */
const CONTROL = 'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';
/** Points probed over the button's box are at most this far apart (less than any control is wide). */
const PROBE_STEP_PX = 10;

/** Whether two boxes share some area. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether a control of the page lies under any part of `button`'s box. */
function controlUnder(button: HTMLElement): boolean {
  // A document without layout (a test's) has no hit testing: nothing lies under anything.
  if (typeof document.elementsFromPoint !== 'function') return false;
  const box = button.getBoundingClientRect();
  // Hit testing is what costs (tens of probes, each a walk of the page's layers, on every
  // frame that scrolls): it runs only when some control's box meets the button's. (What a
  // control draws outside its own box is not looked for.)
  const nearby = [...document.querySelectorAll(CONTROL)].some((control) => !button.contains(control) && overlaps(control.getBoundingClientRect(), box));
  if (!nearby) return false;
  const columns = Math.max(1, Math.ceil((box.width - 1) / PROBE_STEP_PX));
  const rows = Math.max(1, Math.ceil((box.height - 1) / PROBE_STEP_PX));
  // Neighbouring points mostly hit the same elements (the page's containers): each is
  // looked at once.
  const seen = new Set<Element>();
  for (let i = 0; i <= columns; i += 1) {
    for (let j = 0; j <= rows; j += 1) {
      const x = box.left + ((box.width - 1) * i) / columns;
      const y = box.top + ((box.height - 1) * j) / rows;
      for (const element of document.elementsFromPoint(x, y)) {
        if (seen.has(element)) continue;
        seen.add(element);
        if (!button.contains(element) && element.closest(CONTROL)) return true;
      }
    }
  }
  return false;
}

/**
 * Floating round button at the right middle of the screen that reloads the page. It is
 * never over a control: while one lies under it (the page scrolled a card or a button
 * there, a dialog opened) it steps aside, unless it has the focus, and comes back once
 * the spot is clear.
 */
export function RefreshButton() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button) return undefined;
    let frame = 0;
    const check = () => {
      frame = 0;
      const covering = button !== document.activeElement && controlUnder(button);
      button.toggleAttribute('data-covering', covering);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(check);
    };
    // The first check on the next frame, not in the effect: hit testing forces a layout,
    // and this effect runs in the task that ends hydration.
    schedule();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    // Content that arrives, grows or opens without a scroll (a page, a dialog, a banner).
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'hidden', 'open', 'style'] });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, []);
  return (
    <button ref={ref} type="button" className="refresh-fab" title={LABEL} aria-label={LABEL} onClick={() => window.location.reload()}>
      <RefreshIcon size={20} />
    </button>
  );
}
