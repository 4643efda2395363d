/** The restock domain: back-in-stock sign-ups and their notices (table restock_signups). */
export { registerRestockRoutes } from './routes';
export { signUpForRestock, RESTOCK_SIGN_UP_MESSAGES } from './sign-up';
export { listRestockGroups, listRestockSignUps, sendAllRestockNotices, sendRestockNotices, RESTOCK_PAGE_SIZE, RESTOCK_SEND_MESSAGES } from './owner-service';
