/** Session replay (issue 19): recorded on our own server, replayed in the owner app. */
export { registerSessionReplayRoutes } from './routes';
export { deleteExpiredReplays } from './service';
