import { createContext, useContext, type ReactNode } from 'react';
import { OwnerBrowserClient, browserTokenStore, type OwnerBrowserClientOptions } from '@vitrine/owner-client/browser';
import type { OwnerAppBoot } from '../boot';

/** The owner client the app calls through, with the session's XSRF token from the boot data. */
export function createAppClient(boot: OwnerAppBoot | null, options: OwnerBrowserClientOptions = {}): OwnerBrowserClient {
  const xsrfTokens = options.xsrfTokens ?? browserTokenStore();
  if (boot?.xsrfToken) xsrfTokens.set(boot.xsrfToken);
  return new OwnerBrowserClient({ ...options, xsrfTokens });
}

const ClientContext = createContext<OwnerBrowserClient | null>(null);
const BootContext = createContext<OwnerAppBoot | null>(null);

export function AppDataProvider({ client, boot, children }: { client: OwnerBrowserClient; boot: OwnerAppBoot; children: ReactNode }) {
  return (
    <ClientContext.Provider value={client}>
      <BootContext.Provider value={boot}>{children}</BootContext.Provider>
    </ClientContext.Provider>
  );
}

/** Platform §8: a context read outside its provider says 'must be used within a Provider'. */
const outsideProvider = (hook: string) => new Error(`${hook} must be used within a Provider`);

export function useOwnerClient(): OwnerBrowserClient {
  const client = useContext(ClientContext);
  if (!client) throw outsideProvider('useOwnerClient');
  return client;
}

/** The website and the owner as the page was served. */
export function useBoot(): OwnerAppBoot {
  const boot = useContext(BootContext);
  if (!boot) throw outsideProvider('useBoot');
  return boot;
}
