/** The restock domain: back-in-stock sign-ups and their notices (table restock_signups). */
export { registerRestockRoutes } from './routes';
export { signUpForRestock, RESTOCK_SIGN_UP_MESSAGES } from './sign-up';
export { listRestockGroups, listRestockSignUps, sendAllRestockNotices, sendRestockNotices, RESTOCK_PAGE_SIZE, RESTOCK_SEND_MESSAGES } from './owner-service';
export { createRestockAutoSender, findRestockedGroups, isRestockAutoSendOn, restockAutoSendIntervalFromEnv, RestockAutoSender, DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS, type RestockAutoSendOptions } from './auto-send';
export { seedDemoRestockSignUps, DEMO_RESTOCK_SIGN_UPS } from './demo';
export { removeRestockSignUpsOfProduct } from './deleted-product';
