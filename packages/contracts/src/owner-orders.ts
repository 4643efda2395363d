/** Order management, API keys and the product feed (issue 12). */
export const OWNER_ORDER_CONTRACTS = [] as const;
