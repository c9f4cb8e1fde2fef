import { useEffect, useRef, type RefObject } from 'react';
import { detectSwipe, isInHorizontalScroller, type SwipeThreshold } from '../../../lib/swipe';

/** Calls onLeft/onRight for a horizontal swipe on the element (touch only). */
export function useSwipe(ref: RefObject<HTMLElement | null>, threshold: SwipeThreshold, onLeft: () => void, onRight: () => void): void {
  const handlers = useRef({ onLeft, onRight });
  handlers.current = { onLeft, onRight };

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch && !isInHorizontalScroller(event.target, element) ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const direction = detectSwipe(touch.clientX - start.x, touch.clientY - start.y, threshold);
      start = null;
      if (direction === 'left') handlers.current.onLeft();
      else if (direction === 'right') handlers.current.onRight();
    };
    const onCancel = () => {
      start = null;
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchend', onEnd, { passive: true });
    element.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onCancel);
    };
  }, [ref, threshold]);
}
