// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { SCROLL_TWEEN_DEFAULTS, scrollToElement, scrollTweenDuration } from './scroll-tween';

describe('scroll tween', () => {
  it('clamps the duration to 50–50 ms by default and to the caller’s bounds otherwise', () => {
    expect(SCROLL_TWEEN_DEFAULTS).toMatchObject({ minDuration: 50, maxDuration: 50, offset: 30 });
    expect(scrollTweenDuration(0)).toBe(50);
    expect(scrollTweenDuration(10_000)).toBe(50);
    expect(scrollTweenDuration(100, { minDuration: 100, maxDuration: 600, msPerPixel: 0.5 })).toBe(100);
    expect(scrollTweenDuration(800, { minDuration: 100, maxDuration: 600, msPerPixel: 0.5 })).toBe(400);
    expect(scrollTweenDuration(-5000, { minDuration: 100, maxDuration: 600 })).toBe(600);
  });

  it('scrolls so the element sits 30 px below the top, ending on the exact target', () => {
    const element = document.createElement('div');
    document.body.append(element);
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top: 530 } as DOMRect);
    const scrolled: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => void scrolled.push(y)) as unknown as typeof window.scrollTo);
    let now = 0;
    const frames: Array<() => void> = [];
    const onEnd = vi.fn();
    scrollToElement(element, { onEnd, scheduler: { now: () => now, request: (callback) => frames.push(callback), cancel: () => {} } });
    now = 60;
    frames.shift()?.();
    expect(scrolled.at(-1)).toBe(500);
    expect(onEnd).toHaveBeenCalledOnce();
  });
});
