import { useQuery } from '@tanstack/react-query';
import type { chooseThemeContract, deleteThemeContract, getThemesContract, ThemesReply } from '@vitrine/contracts';
import { callRoute, type OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import { uploadHeaders } from '../products/editor/upload';

/** Design → Themes' calls (type-only imports of the contracts); the upload is the raw zip as the body. */
export const THEME_ROUTES = {
  themes: callRoute<typeof getThemesContract>('GET', '/api/owner/themes'),
  choose: callRoute<typeof chooseThemeContract>('PUT', '/api/owner/themes/active'),
  remove: callRoute<typeof deleteThemeContract>('DELETE', '/api/owner/themes/:themeId'),
} as const;

export const UPLOAD_THEME_PATH = '/api/owner/themes';
/** The server's limit (THEME_UPLOAD_LIMITS.archiveBytes): 10 MB. */
export const MAX_THEME_BYTES = 10 * 1024 * 1024;

export const themeKeys = { themes: ['themes'] as const };

export function useThemes() {
  const client = useOwnerClient();
  return useQuery<ThemesReply>({ queryKey: themeKeys.themes, queryFn: () => client.call(THEME_ROUTES.themes) as Promise<ThemesReply> });
}

export function useChooseTheme() {
  const client = useOwnerClient();
  return useOwnerMutation<string | null, ThemesReply>({
    mutationFn: (themeId) => client.call(THEME_ROUTES.choose, { body: { themeId } }) as Promise<ThemesReply>,
    invalidates: [themeKeys.themes],
  });
}

export function useDeleteTheme() {
  const client = useOwnerClient();
  return useOwnerMutation<string, ThemesReply>({
    mutationFn: (themeId) => client.call(THEME_ROUTES.remove, { params: { themeId } }) as Promise<ThemesReply>,
    invalidates: [themeKeys.themes],
  });
}

/** A refused upload: the server's message and each problem (`file:line: message`). */
export class ThemeUploadError extends Error {
  constructor(message: string, readonly problems: string[]) {
    super(message);
    this.name = 'ThemeUploadError';
  }
}

/** Sends a theme zip as the raw body; resolves with the themes, or rejects with the server's reasons. */
export async function uploadTheme(client: OwnerBrowserClient, file: File, fetcher: typeof fetch = fetch): Promise<ThemesReply> {
  if (file.size > MAX_THEME_BYTES) throw new ThemeUploadError(THEME_TEXTS.tooLarge, []);
  const headers = { ...(await uploadHeaders(client)), 'content-type': 'application/zip' };
  const response = await fetcher(UPLOAD_THEME_PATH, { method: 'POST', headers, body: file, credentials: 'same-origin' });
  const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> } & Partial<ThemesReply>;
  if (response.ok) return body as ThemesReply;
  throw new ThemeUploadError(body.message ?? THEME_TEXTS.uploadFailed, Object.values(body.errors ?? {}));
}

export const THEME_TEXTS = {
  intro: 'Upload a theme made with `npm run theme -- pack`: a zip of at most 10 MB with templates, styles, pictures and fonts (no JavaScript). Only this website can use it.',
  installed: 'Theme the site uses',
  defaultTheme: 'Default theme',
  defaultThemeNote: 'The theme every site starts with',
  use: 'Use this theme',
  using: 'Saving…',
  chosen: (name: string) => `The site now uses ${name}.`,
  uploadLabel: 'Theme zip',
  upload: 'Upload theme',
  uploading: 'Uploading…',
  uploaded: (name: string) => `${name} installed. Choose it above to use it.`,
  tooLarge: 'This theme is larger than 10 MB.',
  uploadFailed: 'The theme could not be uploaded.',
  pickFile: 'Choose a .zip file first.',
  remove: (name: string) => `Remove ${name}`,
  removed: 'Theme removed.',
  version: (version: string) => `version ${version}`,
} as const;
