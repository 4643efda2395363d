import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';

/** Tests only: fakeServer's twin that also keeps each request's JSON body (the checkout settings' tests). */
export function serverWithBodies(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Array<{ call: string; body: unknown }> = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${method} ${input}`, body });
    const result = await answer(method, input, body);
    const { status, body: reply } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}
