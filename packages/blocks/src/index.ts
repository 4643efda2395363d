/** @vitrine/blocks: the content blocks' shared rules — types, the body shape, schemas, defaults and checks. */
export * from './block-types';
export * from './body';
export * from './schema';
export * from './messages';
export * from './url';
export * from './images';
export * from './gallery';
export * from './definitions';
export * from './check-settings';
export * from './check-body';
export * from './chart-dataset';
export * from './url-id';
export * from './calendar';
export * from './comments';
export * from './section-presets';
