import type { Permission } from '@vitrine/contracts';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { BOOT } from '../../../test-support/fixtures';

/** Like fixtures' fakeServer, with each call's JSON body handed to `answer` and recorded (the Site settings sections' tests). */
export function recordingServer(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: string[] = [];
  const bodies: Array<{ call: string; body: unknown }> = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push(`${method} ${input}`);
    if (body !== undefined) bodies.push({ call: `${method} ${input}`, body });
    const result = await answer(method, input, body);
    const { status, body: reply } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls, bodies };
}

export const bootWith = (permissions: Permission[]) => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
export const SITE_WRITER: Permission[] = ['site:read', 'site:write'];
export const SITE_READER: Permission[] = ['site:read'];
