export interface FocalPoint {
  x: number;
  y: number;
}

/** One arrow press moves the focal point 5 % of the picture; with Shift, 1 %. */
export const FOCAL_STEP = 0.05;
export const FOCAL_FINE_STEP = 0.01;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/** The focal point after a key (arrows, Home = the centre), or null for any other key. */
export function focalAfterKey(point: FocalPoint, key: string, fine = false): FocalPoint | null {
  const step = fine ? FOCAL_FINE_STEP : FOCAL_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: clamp(point.x - step), y: point.y };
    case 'ArrowRight':
      return { x: clamp(point.x + step), y: point.y };
    case 'ArrowUp':
      return { x: point.x, y: clamp(point.y - step) };
    case 'ArrowDown':
      return { x: point.x, y: clamp(point.y + step) };
    case 'Home':
      return { x: 0.5, y: 0.5 };
    default:
      return null;
  }
}

/** The focal point of a click at (clientX, clientY) on a picture drawn in `box`. */
export function focalAtClick(box: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): FocalPoint {
  if (box.width <= 0 || box.height <= 0) return { x: 0.5, y: 0.5 };
  return { x: clamp((clientX - box.left) / box.width), y: clamp((clientY - box.top) / box.height) };
}

/** '50% across, 25% down', for screen readers. */
export function focalText(point: FocalPoint): string {
  return `${Math.round(point.x * 100)}% across, ${Math.round(point.y * 100)}% down`;
}
