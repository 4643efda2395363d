import { useEffect, useRef } from 'react';
import { CaptchaController } from './controller';

/** The browser loads the widget's code on first use; the server never does. */
export const loadAltcha = () => import('./load-widget');

export interface CaptchaWidgetProps {
  /** The controller the box or form holds: it reads the token from it, resets and destroys it. */
  controller: CaptchaController;
}

/**
 * Where the captcha goes: an empty box on the server, the ALTCHA widget once the browser has loaded it.
 * React never renders children here, so the widget's own DOM is left alone.
 */
export function CaptchaWidget({ controller }: CaptchaWidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) controller.render(box.current).catch(() => undefined);
  }, [controller]);
  return <div ref={box} className="vitrine-captcha" />;
}

/** A controller for one island, made once: `useCaptcha(enabled)` is null when the website has no captcha. */
export function useCaptchaController(enabled: boolean): CaptchaController | null {
  const controller = useRef<CaptchaController | null>(null);
  if (enabled && !controller.current) controller.current = new CaptchaController(loadAltcha);
  useEffect(() => () => controller.current?.destroy(), []);
  return enabled ? controller.current : null;
}

/**
 * Calls `onSolved` each time the challenge is solved (the widget says "Verified"): a form clears its
 * 'Complete CAPTCHA before submitting.' then, rather than leave it beside a solved captcha until the next submit.
 */
export function useCaptchaSolved(controller: CaptchaController | null, onSolved: () => void): void {
  const latest = useRef(onSolved);
  latest.current = onSolved;
  useEffect(() => {
    if (!controller) return undefined;
    const stop = controller.onToken((token) => {
      if (token) latest.current();
    });
    return () => void stop();
  }, [controller]);
}
