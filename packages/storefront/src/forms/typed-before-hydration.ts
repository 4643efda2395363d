import { useEffect, type RefObject } from 'react';

/**
 * What a shopper types into an island's server HTML before its code arrives (a footer's newsletter loads only
 * when it comes near the screen; any island waits for the page's script) stays in the DOM: React's hydration keeps
 * an input's current value but starts the island's state from its props, so the state says '' while the box shows
 * an address, and a submit checks the empty state ('Email is not valid'). Hydration also sets each control's
 * `defaultValue` / `defaultChecked` to what the island's state holds, so a control whose value differs from its
 * default was changed by the shopper before hydration.
 *
 * This hands every such change to the island as the change event it missed: its own `onChange` handlers then
 * take the value, so each island keeps its own rules (trimming, clearing errors) and needs no mapping of names.
 * React only fires `onChange` when its value tracker saw the value move, so the tracker is first set back to the
 * island's value (through the element's own property, which React watches), then the typed value is put back
 * underneath it and the event dispatched, and the control's default becomes what the island now holds. Run once,
 * right after hydration; a control already in step is left alone, so running it again changes nothing.
 */
export function replayTypedBeforeHydration(root: ParentNode): number {
  let replayed = 0;
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (control.disabled) continue;
    if (control instanceof HTMLSelectElement) {
      const chosenByDefault = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
      if (!chosenByDefault || control.value === chosenByDefault.value) continue;
      const typed = control.value;
      // React reads a select's change event directly (no value tracker).
      control.dispatchEvent(new Event('change', { bubbles: true }));
      // React leaves a select's defaults as the server rendered them: the shopper's choice is the default from here on.
      for (const option of control.options) option.defaultSelected = option.value === typed;
      replayed += 1;
      continue;
    }
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      // A radio counts once, where the shopper's choice is; the group's others follow it.
      if (control.checked === control.defaultChecked || (control.type === 'radio' && !control.checked)) continue;
      const typed = control.checked;
      control.checked = !typed; // through React's tracker: it now holds the island's state
      control.click(); // the shopper's choice again, and the click React's onChange listens to
      // React leaves defaultChecked as hydration set it: the shopper's choice is the default from here on (read
      // from `typed`: until the island re-renders, React holds the control at its old state).
      if (control.type === 'checkbox') control.defaultChecked = typed;
      else for (const radio of radiosLike(control)) radio.defaultChecked = radio === control;
      replayed += 1;
      continue;
    }
    if (control instanceof HTMLInputElement && UNTYPED_INPUTS.has(control.type)) continue;
    if (control.value === control.defaultValue) continue;
    const typed = control.value;
    control.value = control.defaultValue; // through React's tracker: it now holds the island's state
    nativeValueSetter(control)?.call(control, typed); // the typed value back, past the tracker
    control.dispatchEvent(new Event('input', { bubbles: true }));
    replayed += 1;
  }
  return replayed;
}

/** The radios of `radio`'s group (same name, same form or none). */
function radiosLike(radio: HTMLInputElement): HTMLInputElement[] {
  if (!radio.name) return [radio];
  const scope: ParentNode = radio.form ?? radio.ownerDocument;
  return [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((other) => other.name === radio.name && other.form === radio.form);
}

/** Inputs a shopper does not type into (or whose value is the page's, not theirs). */
const UNTYPED_INPUTS: ReadonlySet<string> = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

function nativeValueSetter(control: HTMLInputElement | HTMLTextAreaElement): ((value: string) => void) | undefined {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
}

/**
 * For a form island: once hydrated (its first effect), keeps what was typed into its server HTML
 * (`replayTypedBeforeHydration` on the element `root` points at).
 */
export function useKeepTypedBeforeHydration(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (root.current) replayTypedBeforeHydration(root.current);
    // Once, right after hydration: later renders are the island's own.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}
