/**
 * @vitrine/design: a theme's settings schema (theme.json), style values, their compilation into a
 * per-website stylesheet, the font catalog and the contrast rules. Pure and browser-safe.
 */
export * from './manifest';
export * from './values';
export * from './compile';
export * from './fonts';
export * from './contrast';
export * from './warnings';
