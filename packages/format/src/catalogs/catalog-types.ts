import type { EN } from './en';

/** Every catalog has the English one's domains and keys, each a pattern: the compiler checks completeness. */
export type Catalog = { readonly [Domain in keyof typeof EN]: { readonly [Key in keyof (typeof EN)[Domain]]: string } };
export type CatalogDomain = keyof Catalog;
