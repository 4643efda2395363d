/**
 * Holds back a layout change while a pointer is pressed. A field checked when it is left (blur) shows or
 * clears its error: when the shopper leaves it by pressing a button below it, the blur comes between the
 * button's pointerdown and its click, so the error appearing or going moves the button away from under the
 * pointer, the press ends elsewhere and the first click does nothing (issue 31 item 8: 'Continue to
 * shipping' after a refused 'Pay now'). A change handed to `afterPointerRelease` waits until the press is
 * over (its click already dispatched); with no pointer down (Tab, a tap's late focus) it applies at once.
 */
let pressed = false;
let listening = false;
const waiting: (() => void)[] = [];

function release(): void {
  if (!pressed) return;
  pressed = false;
  // After the click the release leads to: it is dispatched right after pointerup, in the same task.
  setTimeout(() => {
    for (const apply of waiting.splice(0)) apply();
  }, 0);
}

/** Starts watching presses on the document (once; capture, so no handler can hide them). */
export function watchPointerPresses(target: Document = document): void {
  if (listening) return;
  listening = true;
  target.addEventListener('pointerdown', () => void (pressed = true), true);
  target.addEventListener('pointerup', release, true);
  target.addEventListener('pointercancel', release, true);
}

/** Applies `change` now, or once the pointer pressed right now is released. */
export function afterPointerRelease(change: () => void): void {
  if (pressed) waiting.push(change);
  else change();
}
