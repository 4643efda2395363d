import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';

/**
 * Design → Themes (issue 33 item 7): an admin uploads a theme zip (packages/theme/README.md, "Writing a theme"),
 * available to that website only, and picks the theme the site renders with (null: the platform's default). The
 * upload is the raw zip as the request body (like a product's file), checked as `npm run theme -- check` checks:
 * a refused archive is a 400 whose errors name each file (and line) at fault.
 */

const tags = ['owner', 'themes'];

export const THEME_UPLOAD_LIMITS = {
  /** The archive: 10 MB (templates, styles, pictures and fonts; the platform's islands bring the JavaScript). */
  archiveBytes: 10 * 1024 * 1024,
  /** Themes a website keeps installed. */
  themesPerWebsite: 20,
} as const;

export const THEME_MESSAGES = {
  emptyFile: 'The theme archive is empty.',
  tooLarge: 'The theme archive is larger than 10 MB.',
  interrupted: 'The upload was interrupted; nothing was saved. Please try again.',
  refused: 'The theme was refused: fix the files listed and upload it again.',
  tooMany: `A website keeps at most ${THEME_UPLOAD_LIMITS.themesPerWebsite} themes: delete one first.`,
  themeId: 'No such theme on this website.',
} as const;

export const InstalledThemeSchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  version: Type.String(),
  byteSize: Type.Integer(),
  uploaded: Type.String(),
});
export type InstalledThemeJson = Static<typeof InstalledThemeSchema>;

export const ThemesReplySchema = ResponseObject({
  themes: Type.Array(InstalledThemeSchema),
  /** The theme the site renders with; null: the platform's default theme. */
  activeThemeId: Type.Union([Type.String(), Type.Null()]),
});
export type ThemesReply = Static<typeof ThemesReplySchema>;

export const getThemesContract = defineContract({
  operationId: 'getThemes',
  method: 'GET',
  url: '/api/owner/themes',
  summary: "The themes uploaded to this website, newest first, and the one the site renders with (null: the default theme).",
  tags,
  access: 'themes:manage',
  schema: { response: { 200: ThemesReplySchema, ...ERROR_RESPONSES } },
});

export const uploadThemeContract = defineContract({
  operationId: 'uploadTheme',
  method: 'POST',
  url: '/api/owner/themes',
  summary:
    'Installs a theme: the raw zip as the body (at most 10 MB; theme.json, templates/*.html, partials/**/*.block, assets/ CSS, PNG/JPEG/WebP/GIF pictures and WOFF/WOFF2 fonts only). Checked like `npm run theme -- check`; a refused archive is 400 with every problem (file:line) in errors. The site keeps its current theme until one is chosen.',
  tags,
  access: 'themes:manage',
  schema: { response: { 200: ThemesReplySchema, ...ERROR_RESPONSES } },
});

export const ChooseThemeBodySchema = RequestBody({
  themeId: Type.Union([Text({ minLength: 1, maxLength: 64 }), Type.Null()], { [MESSAGE_KEYWORD]: THEME_MESSAGES.themeId }),
});
export type ChooseThemeBody = Static<typeof ChooseThemeBodySchema>;

export const chooseThemeContract = defineContract({
  operationId: 'chooseTheme',
  method: 'PUT',
  url: '/api/owner/themes/active',
  summary: "Chooses the theme the site renders with from the next request: one of this website's themes, or null for the default theme.",
  tags,
  access: 'themes:manage',
  schema: { body: ChooseThemeBodySchema, response: { 200: ThemesReplySchema, ...ERROR_RESPONSES } },
});

const ThemeParamsSchema = RequestParams({ themeId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: THEME_MESSAGES.themeId }) });

export const deleteThemeContract = defineContract({
  operationId: 'deleteTheme',
  method: 'DELETE',
  url: '/api/owner/themes/:themeId',
  summary: 'Removes an uploaded theme; a site rendering with it goes back to the default theme.',
  tags,
  access: 'themes:manage',
  schema: { params: ThemeParamsSchema, response: { 200: ThemesReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_THEME_CONTRACTS = [getThemesContract, uploadThemeContract, chooseThemeContract, deleteThemeContract] as const;
