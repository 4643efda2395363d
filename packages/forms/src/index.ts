/**
 * @vitrine/forms: the one definition of site forms — field kinds and value shapes, payload shaping, per-field
 * validation (browser and server), the max-length counter, every form string, the form summary and the
 * owner's form definition. Pure TypeScript: no DOM, no Node APIs, no I/O.
 */
export * from './fields';
export * from './email';
export * from './limits';
export * from './messages';
export * from './counter';
export * from './shape';
export * from './validate';
export * from './summary';
export * from './definition';
