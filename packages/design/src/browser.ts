/**
 * @vitrine/design without TypeBox: everything but the manifest's schemas and validateManifest, for browser bundles
 * (the owner app's Design screen compiles and checks the draft as the owner types; its bundle keeps TypeBox out).
 */
export * from './settings';
export * from './values';
export * from './compile';
export * from './fonts';
export * from './contrast';
export * from './warnings';
