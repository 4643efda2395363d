import { useCallback, useEffect, useRef, useState } from 'react';
import { ADD_BUTTON_TIMINGS } from '@vitrine/commerce';

export type AddButtonPhase = 'idle' | 'adding' | 'added';

/**
 * The add-to-cart button's state machine: idle → adding → (1 s) added → (2 s)
 * idle on success; adding → (1 s) idle on error. `begin` refuses while not
 * idle, which is how clicks are ignored while adding or added.
 */
export function useAddButtonPhase() {
  const [phase, setPhase] = useState<AddButtonPhase>('idle');
  const phaseRef = useRef<AddButtonPhase>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const moveTo = useCallback((next: AddButtonPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);
  const later = useCallback((ms: number, action: () => void) => {
    timers.current.push(setTimeout(action, ms));
  }, []);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const begin = useCallback((): boolean => {
    if (phaseRef.current !== 'idle') return false;
    moveTo('adding');
    return true;
  }, [moveTo]);

  const succeed = useCallback(() => {
    later(ADD_BUTTON_TIMINGS.addedAfterMs, () => {
      moveTo('added');
      later(ADD_BUTTON_TIMINGS.idleAfterAddedMs, () => moveTo('idle'));
    });
  }, [later, moveTo]);

  const fail = useCallback(() => {
    later(ADD_BUTTON_TIMINGS.idleAfterErrorMs, () => moveTo('idle'));
  }, [later, moveTo]);

  return { phase, begin, succeed, fail };
}
