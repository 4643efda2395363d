// Themes (issue 33 item 7): `npm run theme -- check | dev | pack` (cli.ts), uploads per website (service.ts, routes.ts,
// migration 045) and the registry that resolves each website's theme per request (registry.ts).
export { checkTheme, formatProblem, REQUIRED_TEMPLATES, type ThemeProblem } from './check';
export { readThemeArchive, packThemeFiles, ThemeArchiveError, THEME_UNPACKED_MAX_BYTES } from './archive';
export { disallowedThemeFile, readThemeFolder, type ThemeFiles } from './files';
export { ThemeRegistry, UPLOADED_THEME_ASSET_PREFIX, COMPILED_THEME_CAP } from './registry';
export { registerThemeAssetRoutes, registerThemeRoutes } from './routes';
export { LocalDiskThemeStore, ObjectThemeStore, type ThemeArchiveStore } from './store';
export { runThemeCommand, checkThemeFolder, type StartThemeDevServer } from './cli';
export { ThemeDevSession } from './dev';
export { registerThemeDevRoutes } from './dev-routes';
