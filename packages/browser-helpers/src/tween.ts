/**
 * Platform §4/§5/§9's tween: calls `step(progress)` once per animation frame with progress running from 0
 * to 1 over `duration` ms (default 300), eased; `start`, `pause`, `resume` and `end`. The end callback runs
 * after the final step at exactly 1 — whether the time ran out or `end()` was called.
 */
export const TWEEN_MESSAGES = {
  notAFunction: '[Tween] First parameter needs to be a function.',
  badDuration: '[Tween] Duration is not a finite number.',
} as const;

export const DEFAULT_TWEEN_DURATION_MS = 300;

export type Easing = (t: number) => number;

export const linear: Easing = (t) => t;
/** easeOutSine: fast start, gentle stop (the scroll tween's easing). */
export const easeOutSine: Easing = (t) => Math.sin((t * Math.PI) / 2);

/** The clock and frame scheduler, swappable in tests (requestAnimationFrame and performance.now by default). */
export interface FrameScheduler {
  now(): number;
  request(callback: () => void): unknown;
  cancel(handle: unknown): void;
}

export interface TweenOptions {
  duration?: number;
  easing?: Easing;
  onEnd?: () => void;
  scheduler?: FrameScheduler;
}

export type TweenState = 'idle' | 'running' | 'paused' | 'ended';

export interface Tween {
  readonly state: TweenState;
  start(): Tween;
  pause(): Tween;
  resume(): Tween;
  /** Jumps to the end: the final step at 1, then the end callback. */
  end(): Tween;
}

function browserScheduler(): FrameScheduler {
  const hasFrames = typeof requestAnimationFrame === 'function';
  return {
    now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
    request: (callback) => (hasFrames ? requestAnimationFrame(() => callback()) : setTimeout(callback, 16)),
    cancel: (handle) => (hasFrames ? cancelAnimationFrame(handle as number) : clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
}

export function createTween(step: (progress: number) => void, options: TweenOptions = {}): Tween {
  if (typeof step !== 'function') throw new TypeError(TWEEN_MESSAGES.notAFunction);
  const duration = options.duration ?? DEFAULT_TWEEN_DURATION_MS;
  if (typeof duration !== 'number' || !Number.isFinite(duration)) throw new TypeError(TWEEN_MESSAGES.badDuration);
  const easing = options.easing ?? linear;
  const scheduler = options.scheduler ?? browserScheduler();

  let state: TweenState = 'idle';
  let elapsedBeforePause = 0;
  let startedAt = 0;
  let frame: unknown;

  const finish = () => {
    if (frame !== undefined) scheduler.cancel(frame);
    frame = undefined;
    state = 'ended';
    step(1);
    options.onEnd?.();
  };

  const tick = () => {
    frame = undefined;
    if (state !== 'running') return;
    const elapsed = elapsedBeforePause + (scheduler.now() - startedAt);
    if (duration <= 0 || elapsed >= duration) return finish();
    step(easing(elapsed / duration));
    frame = scheduler.request(tick);
  };

  const tween: Tween = {
    get state() {
      return state;
    },
    start() {
      if (state === 'running') return tween;
      state = 'running';
      elapsedBeforePause = 0;
      startedAt = scheduler.now();
      step(easing(0));
      frame = scheduler.request(tick);
      return tween;
    },
    pause() {
      if (state !== 'running') return tween;
      elapsedBeforePause += scheduler.now() - startedAt;
      state = 'paused';
      if (frame !== undefined) scheduler.cancel(frame);
      frame = undefined;
      return tween;
    },
    resume() {
      if (state !== 'paused') return tween;
      state = 'running';
      startedAt = scheduler.now();
      frame = scheduler.request(tick);
      return tween;
    },
    end() {
      if (state === 'ended') return tween;
      finish();
      return tween;
    },
  };
  return tween;
}
