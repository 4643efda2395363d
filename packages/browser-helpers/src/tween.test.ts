import { describe, expect, it, vi } from 'vitest';
import { createTween, easeOutSine, TWEEN_MESSAGES, type FrameScheduler } from './tween';

/** A clock and frame queue the test drives by hand. */
function manualFrames() {
  let now = 0;
  let queued: Array<() => void> = [];
  const scheduler: FrameScheduler = {
    now: () => now,
    request: (callback) => {
      queued.push(callback);
      return callback;
    },
    cancel: (handle) => {
      queued = queued.filter((callback) => callback !== handle);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = queued;
    queued = [];
    for (const callback of due) callback();
  };
  return { scheduler, advance, pending: () => queued.length };
}

describe('tween', () => {
  it('refuses a step that is not a function and a duration that is not finite, with the spec messages', () => {
    expect(() => createTween('step' as never)).toThrow(TWEEN_MESSAGES.notAFunction);
    expect(TWEEN_MESSAGES.notAFunction).toBe('[Tween] First parameter needs to be a function.');
    expect(() => createTween(() => {}, { duration: Number.NaN })).toThrow('[Tween] Duration is not a finite number.');
    expect(() => createTween(() => {}, { duration: Infinity })).toThrow('[Tween] Duration is not a finite number.');
    expect(() => createTween(() => {}, { duration: '300' as never })).toThrow('[Tween] Duration is not a finite number.');
  });

  it('runs 300 ms by default, stepping from 0 to exactly 1, and calls the end callback after the final step', () => {
    const { scheduler, advance } = manualFrames();
    const calls: string[] = [];
    const tween = createTween((progress) => calls.push(`step ${progress}`), { scheduler, onEnd: () => calls.push('end') });
    tween.start();
    advance(150);
    advance(149);
    expect(tween.state).toBe('running');
    advance(1);
    expect(calls).toEqual(['step 0', 'step 0.5', `step ${299 / 300}`, 'step 1', 'end']);
    expect(tween.state).toBe('ended');
  });

  it('pauses and resumes where it was, not counting the paused time', () => {
    const { scheduler, advance, pending } = manualFrames();
    const steps: number[] = [];
    const tween = createTween((progress) => steps.push(progress), { duration: 100, scheduler });
    tween.start();
    advance(40);
    tween.pause();
    expect(pending()).toBe(0);
    advance(1000);
    tween.resume();
    advance(30);
    expect(steps).toEqual([0, 0.4, 0.7]);
    advance(30);
    expect(steps.at(-1)).toBe(1);
  });

  it('end() jumps to the final step at 1 and ends once', () => {
    const { scheduler, advance } = manualFrames();
    const onEnd = vi.fn();
    const steps: number[] = [];
    const tween = createTween((progress) => steps.push(progress), { duration: 100, scheduler, onEnd });
    tween.start().end().end();
    advance(200);
    expect(steps).toEqual([0, 1]);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('eases with easeOutSine when asked', () => {
    expect(easeOutSine(0)).toBe(0);
    expect(easeOutSine(1)).toBe(1);
    expect(easeOutSine(0.5)).toBeCloseTo(Math.SQRT1_2, 10);
  });
});
