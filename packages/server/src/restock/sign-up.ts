import type { Kysely } from 'kysely';
import { isValidEmail, RESTOCK_MESSAGES } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { isCaptchaEnabled, requireCaptchaSolution, type CaptchaSettings } from '../captcha';
import { loadProductItem } from '../catalog';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { subscribeToNewsletter } from '../newsletter';
import { visitorLanguageFor } from '../visitor-language';
import { isVariantSoldOut, variantOf } from './rules';

export const RESTOCK_SIGN_UP_MESSAGES = {
  noProduct: 'This product is no longer available.',
  noVariant: 'This product option is no longer available.',
  inStock: 'This item is in stock: add it to your cart instead.',
  notOffered: 'Back-in-stock notices are not offered for this product.',
} as const;

export interface RestockSignUpInput {
  isJoinMailingList: boolean;
  productId: string;
  variantId: string;
  siteVisitorEmail: string;
  captchaToken?: string;
  language?: string;
}

/**
 * Signs an address up for one sold-out variant: the variant must exist and be sold out (the storefront's
 * rule); one waiting sign-up per address and variant, so a repeat succeeds without a second row; opting
 * in also adds the address to the newsletter list, in the same transaction. When the website has a
 * captcha, a solution is required (checked after the email, the order the box shows its messages in)
 * and used up, so a refused sign-up needs a fresh one (the box resets its challenge on any error).
 */
export async function signUpForRestock(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: RestockSignUpInput,
  captcha: CaptchaSettings,
): Promise<{ signedUp: true; alreadySignedUp: boolean }> {
  const email = input.siteVisitorEmail.trim().toLowerCase();
  if (email === '') throw invalid(RESTOCK_MESSAGES.emailBlank, { siteVisitorEmail: RESTOCK_MESSAGES.emailBlank });
  if (!isValidEmail(email)) throw invalid(RESTOCK_MESSAGES.emailInvalid, { siteVisitorEmail: RESTOCK_MESSAGES.emailInvalid });
  if (isCaptchaEnabled(website)) await requireCaptchaSolution(db, website, captcha, input.captchaToken, 'captchaToken');
  const loaded = await loadProductItem(db, website, input.productId);
  if (!loaded) throw notFound(RESTOCK_SIGN_UP_MESSAGES.noProduct);
  if (!variantOf(loaded, input.variantId)) throw notFound(RESTOCK_SIGN_UP_MESSAGES.noVariant);
  if (!isVariantSoldOut(loaded, input.variantId)) throw conflict(RESTOCK_SIGN_UP_MESSAGES.inStock);
  // The owner switched the box off for this product (its views are empty): the box is not shown, so no sign-ups.
  if (!loaded.item.restockNotificationViews.some((view) => view.variantId === input.variantId)) throw conflict(RESTOCK_SIGN_UP_MESSAGES.notOffered);
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('restock_signups')
      .values({
        id: newId(),
        website_id: website.id,
        product_id: input.productId,
        variant_id: input.variantId,
        email,
        join_mailing_list: input.isJoinMailingList,
        language: input.language ?? null,
      })
      .onConflict((onConflict) => onConflict.columns(['website_id', 'variant_id', 'email']).where('notified_at', 'is', null).doNothing())
      .executeTakeFirst();
    if (input.isJoinMailingList) await subscribeToNewsletter(trx, website.id, email, 'restock', input.language ?? visitorLanguageFor(website).locale);
    return { signedUp: true as const, alreadySignedUp: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0 };
  });
}
