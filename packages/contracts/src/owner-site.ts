/** Site settings at the platform's paths: commerce preferences, navigation, header and footer, multilingual, website status, maps places (issue 12). */
export const OWNER_SITE_CONTRACTS = [] as const;
