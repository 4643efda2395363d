import type { RestockSignUpBody, RestockSignUpReply } from '@vitrine/contracts';
import { requestJson } from './http';

/** The restock box's call (storefront spec §4): a sold-out variant, an address, the opt-in and the captcha. */
export function signUpForRestock(body: RestockSignUpBody) {
  return requestJson<RestockSignUpReply>('POST', '/api/site-users/account/notifications/restock', body);
}
