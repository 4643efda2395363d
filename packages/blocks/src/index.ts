/** @vitrine/blocks: the content blocks' shared rules — types, the body shape, schemas, defaults and checks. */
export * from './block-types';
export * from './body';
