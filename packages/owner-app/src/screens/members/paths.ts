/** The Members screen's addresses. */
export const MEMBERS_PATH = '/config/members';
export const areaPath = (areaId: string) => `${MEMBERS_PATH}/${encodeURIComponent(areaId)}`;
export const NEW_AREA_PATH = `${MEMBERS_PATH}/new`;
export const PASSWORDS_PATH = `${MEMBERS_PATH}/passwords`;
