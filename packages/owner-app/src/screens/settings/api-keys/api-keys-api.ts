import { useQuery } from '@tanstack/react-query';
import type { ApiKeyJson, createApiKeyContract, CreatedApiKeyReply, deleteApiKeyContract, listApiKeysContract, Permission } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The API keys panel's calls (type-only imports of the contracts). */
export const API_KEY_ROUTES = {
  listKeys: callRoute<typeof listApiKeysContract>('GET', '/api/owner/api-keys'),
  createKey: callRoute<typeof createApiKeyContract>('POST', '/api/owner/api-keys'),
  deleteKey: callRoute<typeof deleteApiKeyContract>('DELETE', '/api/owner/api-keys/:keyId'),
} as const;

export const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys() {
  const client = useOwnerClient();
  return useQuery<{ apiKeys: ApiKeyJson[] }>({
    queryKey: apiKeyKeys.all,
    queryFn: () => client.call(API_KEY_ROUTES.listKeys) as Promise<{ apiKeys: ApiKeyJson[] }>,
  });
}

export function useCreateApiKey() {
  const client = useOwnerClient();
  return useOwnerMutation<{ name: string; scopes: Permission[] }, CreatedApiKeyReply>({
    mutationFn: (body) => client.call(API_KEY_ROUTES.createKey, { body }) as Promise<CreatedApiKeyReply>,
    invalidates: [apiKeyKeys.all],
  });
}

export function useDeleteApiKey() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { deleted: true }>({
    mutationFn: (keyId) => client.call(API_KEY_ROUTES.deleteKey, { params: { keyId } }) as Promise<{ deleted: true }>,
    invalidates: [apiKeyKeys.all],
  });
}

/** Where "Learn more" points: the owner API's description, every call with its permission (`x-permission`). */
export const API_DOCS_URL = '/api/openapi.json';

export const API_KEY_TEXTS = {
  intro: 'A key lets another program (a warehouse sync, a reporting sheet) call the owner API for this website, with the permissions you choose.',
  learnMore: 'Learn more',
  learnMoreHidden: ' about the owner API (its description, opens in a new tab)',
  termsOfUse: 'Terms of use',
  createKey: 'Create key',
  listCaption: 'Your keys',
  none: 'No API keys yet. Create one for each program that calls the API, so you can delete one without stopping the others.',
  never: 'Never',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete key ${name}`,
  deleteTitle: 'Delete this API key?',
  deleteMessage: (name: string, prefix: string) => `Programs using “${name}” (${prefix}) are refused from now on. This cannot be undone.`,
  deleteConfirm: 'Delete key',
  deleted: (name: string) => `Key “${name}” deleted.`,
  created: (name: string) => `Key “${name}” created.`,
  // The creation modal
  modalTitle: 'Create an API key',
  step: (step: number) => `Step ${step} of 2`,
  name: 'Name',
  nameHelp: 'What the key is for, so you know which one to delete later (100 characters at most).',
  nameMissing: 'Give the key a name.',
  nameTooLong: 'A name is 100 characters at most.',
  scopes: 'Permissions',
  scopesHelp: 'Give only what the program needs. You can give only permissions your role has.',
  scopesMissing: 'Choose at least one permission.',
  next: 'Next',
  creating: 'Creating…',
  cancel: 'Cancel',
  secretTitle: 'Copy your key',
  secret: 'API key',
  secretNotice: 'This is the only time the key is shown. Copy it now and keep it somewhere safe, like a password manager.',
  secretUse: 'Send it in the Authorization header of each call: Authorization: Bearer followed by the key.',
  copy: 'Copy',
  copyLabel: 'Copy the API key',
  complete: 'Complete',
  termsHeading: 'Terms of use',
} as const;

/**
 * The terms of use for API keys, as the panel shows them (and the owner app's README repeats): short, and each
 * line something the server does.
 */
export const API_KEY_TERMS: readonly string[] = [
  'A key acts for this website with the permissions it was given, never more than its creator’s role. Whatever a program does with it is done in your name and recorded as “API key vk_…”.',
  'Keep a key secret, like a password. Send it only in the Authorization header, over HTTPS, and never with cookies (a call with both is refused). It is shown once; we keep only a hash of it.',
  'A key may make 300 calls a minute. Past that, calls are refused for a moment (429).',
  'Delete a key you no longer use, or that may have leaked: calls made with it are refused at once.',
];
