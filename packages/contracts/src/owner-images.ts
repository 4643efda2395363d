/** Images: upload, resize, asset fields (issue 12). */
export const OWNER_IMAGE_CONTRACTS = [] as const;
