import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { containTab as containTabIn, focusableElements } from '@vitrine/browser-helpers/focus';

/**
 * The owner app's modal dialogs contain focus with the platform's helper (@vitrine/browser-helpers, platform §5),
 * the same one the storefront's dialogs use; these two names keep the app's call sites short.
 */

/** The elements of `container` that Tab reaches, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return focusableElements({ container });
}

/** Keeps Tab and Shift+Tab inside `container` (a modal dialog): from the last element to the first and back. */
export function containTab(event: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement): void {
  containTabIn(event, { container });
}
