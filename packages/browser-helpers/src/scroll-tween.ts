import { createTween, easeOutSine, type FrameScheduler, type Tween } from './tween';

/**
 * Platform §9's scroll tween: scrolls the window so an element sits `offset` px (30) below the top, over a
 * duration proportional to the distance but clamped to [min, max] ms — 50 to 50 by default, so by default
 * always 50 ms — eased with easeOutSine. Used to bring a form's success message into view.
 */
export const SCROLL_TWEEN_DEFAULTS = { minDuration: 50, maxDuration: 50, offset: 30, msPerPixel: 0.5 } as const;

export interface ScrollTweenOptions {
  minDuration?: number;
  maxDuration?: number;
  offset?: number;
  msPerPixel?: number;
  scheduler?: FrameScheduler;
  onEnd?: () => void;
}

/** The clamped duration for a scroll of `distance` px. */
export function scrollTweenDuration(distance: number, options: ScrollTweenOptions = {}): number {
  const min = options.minDuration ?? SCROLL_TWEEN_DEFAULTS.minDuration;
  const max = Math.max(min, options.maxDuration ?? SCROLL_TWEEN_DEFAULTS.maxDuration);
  const wanted = Math.abs(distance) * (options.msPerPixel ?? SCROLL_TWEEN_DEFAULTS.msPerPixel);
  return Math.min(max, Math.max(min, wanted));
}

/** Where the window must scroll to so `element` sits `offset` px below the top edge. */
export function scrollTargetOf(element: Element, offset: number = SCROLL_TWEEN_DEFAULTS.offset): number {
  return Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
}

/** Scrolls to `element`; an instant jump when the visitor asked for reduced motion. */
export function scrollToElement(element: Element, options: ScrollTweenOptions = {}): Tween | undefined {
  const from = window.scrollY;
  const to = scrollTargetOf(element, options.offset);
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || from === to) {
    window.scrollTo(0, to);
    options.onEnd?.();
    return undefined;
  }
  return createTween((progress) => window.scrollTo(0, from + (to - from) * progress), {
    duration: scrollTweenDuration(to - from, options),
    easing: easeOutSine,
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.onEnd ? { onEnd: options.onEnd } : {}),
  }).start();
}
