import { useRef, type PointerEvent } from 'react';

/** How far a finger must travel sideways, in CSS pixels, before a swipe counts as one. */
export const SWIPE_MIN_DISTANCE_PX = 40;

/**
 * Pointer handlers that turn a horizontal swipe into a step: left swipe → next (+1), right → previous (-1).
 * Touch and pen only (a mouse drag stays a drag). The element needs `touch-action: pan-y` so the browser
 * keeps vertical scrolling and hands horizontal movement to us; the theme's stylesheet sets it.
 */
export function useSwipe(onStep: (delta: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_DISTANCE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      onStep(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
