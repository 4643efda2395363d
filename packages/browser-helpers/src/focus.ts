/**
 * Platform §5's focus containment, used by every modal: Tab and Shift+Tab stay inside the dialog. Given
 * exactly one of `container` (an element: its focusable descendants) or `predicate` (which focusable
 * elements of the document count) — both or neither is a programming error, thrown at once.
 */
export const FOCUS_MESSAGES = {
  exactlyOne: 'Focus containment requires exactly one of container or predicate.',
} as const;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

export type FocusContainmentTarget = { container: HTMLElement; predicate?: undefined } | { predicate: (element: HTMLElement) => boolean; container?: undefined };

function isReachable(element: HTMLElement): boolean {
  return !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true';
}

/** The elements Tab reaches, in order: inside the container, or those of the document the predicate accepts. */
export function focusableElements(target: FocusContainmentTarget): HTMLElement[] {
  checkTarget(target);
  const root: ParentNode = target.container ?? document;
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isReachable);
  return target.predicate ? all.filter(target.predicate) : all;
}

function checkTarget(target: Partial<{ container: unknown; predicate: unknown }>): void {
  const given = (target.container ? 1 : 0) + (target.predicate ? 1 : 0);
  if (given !== 1) throw new TypeError(FOCUS_MESSAGES.exactlyOne);
}

/** Moves Tab from the last element to the first and Shift+Tab from the first to the last. */
export function containTab(event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }, target: FocusContainmentTarget): void {
  if (event.key !== 'Tab') return;
  const elements = focusableElements(target);
  if (elements.length === 0) {
    event.preventDefault();
    return;
  }
  const first = elements[0]!;
  const last = elements[elements.length - 1]!;
  const active = document.activeElement as HTMLElement | null;
  const inside = active !== null && elements.includes(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Contains focus until the returned function is called: listens for Tab on the document, moves focus to the
 * first element (unless focus is already inside), and on release gives focus back to where it was.
 */
export function containFocus(target: FocusContainmentTarget, options: { initialFocus?: HTMLElement | null } = {}): () => void {
  checkTarget(target);
  const previous = document.activeElement as HTMLElement | null;
  const onKeyDown = (event: KeyboardEvent) => containTab(event, target);
  document.addEventListener('keydown', onKeyDown, true);
  const elements = focusableElements(target);
  const active = document.activeElement as HTMLElement | null;
  if (!active || !elements.includes(active)) (options.initialFocus ?? elements[0])?.focus();
  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
  };
}
