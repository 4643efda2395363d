import type { Catalog } from '@vitrine/format/catalogs';

/**
 * The catalog domains an island reads, in the visitor's language, as the server hands them over (only these
 * domains, and only for a language other than English). Absent, the island reads the English constants it
 * bundles anyway, so an English page's props and the storefront's JavaScript stay as they were. Type-only: the
 * catalogs themselves never enter the bundle.
 */
export type IslandMessages<Domain extends keyof Catalog> = Partial<Pick<Catalog, Domain>>;
