/** Catalog management: products, stock, inventory, stores and categories, CSV import and export (issue 12). */
export const OWNER_CATALOG_CONTRACTS = [] as const;
