import { useQuery } from '@tanstack/react-query';
import type {
  createPublishableKeyContract, getHeadlessSettingsContract, HeadlessSettingsJson, PublishableKeyJson, revokePublishableKeyContract, saveAllowedOriginsContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Headless API's calls (type-only imports of the contracts: no TypeBox in the bundle). */
export const HEADLESS_ROUTES = {
  getSettings: callRoute<typeof getHeadlessSettingsContract>('GET', '/api/owner/headless'),
  createKey: callRoute<typeof createPublishableKeyContract>('POST', '/api/owner/headless/keys'),
  revokeKey: callRoute<typeof revokePublishableKeyContract>('DELETE', '/api/owner/headless/keys/:keyId'),
  saveOrigins: callRoute<typeof saveAllowedOriginsContract>('PUT', '/api/owner/headless/origins'),
} as const;

export const headlessKeys = { all: ['headless'] as const };

export function useHeadlessSettings() {
  const client = useOwnerClient();
  return useQuery<HeadlessSettingsJson>({
    queryKey: headlessKeys.all,
    queryFn: () => client.call(HEADLESS_ROUTES.getSettings) as Promise<HeadlessSettingsJson>,
  });
}

export function useCreatePublishableKey() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { key: PublishableKeyJson }>({
    mutationFn: (name) => client.call(HEADLESS_ROUTES.createKey, { body: { name } }) as Promise<{ key: PublishableKeyJson }>,
    invalidates: [headlessKeys.all],
  });
}

export function useRevokePublishableKey() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { revoked: true }>({
    mutationFn: (keyId) => client.call(HEADLESS_ROUTES.revokeKey, { params: { keyId } }) as Promise<{ revoked: true }>,
    invalidates: [headlessKeys.all],
  });
}

export function useSaveAllowedOrigins() {
  const client = useOwnerClient();
  return useOwnerMutation<string[], HeadlessSettingsJson>({
    mutationFn: (origins) => client.call(HEADLESS_ROUTES.saveOrigins, { body: { origins } }) as Promise<HeadlessSettingsJson>,
    invalidates: [headlessKeys.all],
  });
}

/** The origins field: one origin a line, blank lines dropped. */
export function originLines(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

/** The server names a bad origin by its index (`origins.2`): the owner reads its line. */
export function originErrorLines(errors: Record<string, string> | undefined, lines: readonly string[]): string[] {
  return Object.entries(errors ?? {}).flatMap(([field, message]) => {
    const index = /^origins\.(\d+)$/.exec(field)?.[1];
    if (index === undefined) return [message];
    return [HEADLESS_TEXTS.lineError(Number(index) + 1, lines[Number(index)] ?? '', message)];
  });
}

export const HEADLESS_TEXTS = {
  intro:
    'Let another frontend (your own shop site, a mobile app) read this website’s products, collections, pages and posts from /api/headless/v1. It reads only what your storefront shows: never drafts, archived products or exact stock counts.',
  keysTitle: 'Publishable keys',
  keysHelp: 'A publishable key is safe to put in a website’s code: it only reads what your pages already show. Send it in the X-Vitrine-Publishable-Key header.',
  none: 'No publishable keys yet.',
  name: 'Key name',
  nameHelp: 'What the key is for (100 characters at most).',
  nameMissing: 'Give the key a name.',
  create: 'Create key',
  creating: 'Creating…',
  created: (name: string) => `Key “${name}” created.`,
  keyLabel: (name: string) => `Publishable key ${name}`,
  copy: 'Copy',
  copyLabel: (name: string) => `Copy key ${name}`,
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke key ${name}`,
  revokeTitle: 'Revoke this publishable key?',
  revokeMessage: (name: string) => `Frontends using “${name}” can no longer read the API. This cannot be undone.`,
  revokeConfirm: 'Revoke key',
  revoked: (name: string) => `Key “${name}” revoked.`,
  originsTitle: 'Allowed origins',
  origins: 'Origins',
  originsHelp: 'The sites whose pages may call the API from a browser, one a line, such as https://shop.example.com (no path). Programs on a server need none. Any origin (*) is not allowed.',
  wildcard: 'Any origin (*) is not allowed: list each site that may read the API.',
  save: 'Save origins',
  saving: 'Saving…',
  saved: 'Saved.',
  lineError: (line: number, origin: string, message: string) => `Line ${line} (${origin}): ${message}`,
} as const;
