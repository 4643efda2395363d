import { createContext, createElement, useContext, type ReactNode } from 'react';

/**
 * Platform §8's 'must be used within a Provider': a context whose hook throws when no provider is above it,
 * instead of quietly handing out undefined. `createStrictContext<Cart>('useCart')` gives the provider and
 * the hook; `useCart()` outside `<CartProvider>` throws "useCart must be used within a Provider".
 */
export const CONTEXT_MESSAGES = {
  outsideProvider: (hookName: string) => `${hookName} must be used within a Provider`,
} as const;

const MISSING = Symbol('no provider');

export function createStrictContext<T>(hookName: string) {
  const Context = createContext<T | typeof MISSING>(MISSING);
  Context.displayName = hookName.replace(/^use/, '') || hookName;
  function Provider({ value, children }: { value: T; children?: ReactNode }) {
    return createElement(Context.Provider, { value }, children);
  }
  function useStrictContext(): T {
    const value = useContext(Context);
    if (value === MISSING) throw new Error(CONTEXT_MESSAGES.outsideProvider(hookName));
    return value;
  }
  return { Provider, use: useStrictContext } as const;
}
