import { useEffect, useRef, type RefObject } from 'react';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside a modal `container`: past the last control to the first and back,
 * and back into the dialog when focus has left it. Hidden controls are skipped. Takes
 * DOM and React keyboard events alike; other keys are ignored.
 */
export function trapFocus(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const outside = !container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The keyboard contract of a dialog rendered only while open: on mount, remembers what
 * had focus and focuses `initialFocus()`'s element; while mounted, Escape calls the
 * latest `onClose` and Tab stays inside `dialogRef`; on unmount, focus goes back.
 */
export function useModalKeys(
  dialogRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  initialFocus?: () => HTMLElement | null | undefined,
): void {
  const close = useRef(onClose);
  close.current = onClose;
  const focusFirst = useRef(initialFocus);
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    focusFirst.current?.()?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else {
        trapFocus(event, dialogRef.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus?.();
    };
  }, [dialogRef]);
}
