import type { Selectable, Transaction } from 'kysely';
import { formatGiftCardCode, giftCardLastFour, todayIn } from '@vitrine/commerce/gift-cards';
import { formatMoney } from '@vitrine/format';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { newId } from '../ids';
import { enqueueMail, renderSiteMail, siteUrlOf, type MailSettings } from '../mail';
import { drawGiftCardCode, giftCardCodeHash, loadGiftCardSecret } from './codes';

type IssuingOrder = Pick<Selectable<OrdersTable>, 'id' | 'purchased_cart_id' | 'email' | 'test_mode' | 'currency'>;
type IssuingItem = Pick<Selectable<OrderItemsTable>, 'id' | 'line_kind' | 'quantity' | 'unit_price_cents'>;

/** One card made for a paid order: what the order's confirmation may say of it (never the code). */
export interface IssuedGiftCard {
  id: string;
  last4: string;
  amountCents: number;
  /** Where the code was mailed: the recipient, or the buyer when there is none. */
  mailedTo: string;
  /** YYYY-MM-DD: the day its mail goes out. */
  sendOn: string;
}

/** Mail with a code goes out at 09:00 UTC on its send date, or at once when that date is today (or already past). */
export const GIFT_CARD_SEND_HOUR_UTC = 9;

export function giftCardMailTime(sendOn: string, today: string, now: Date = new Date()): Date {
  if (sendOn <= today) return now;
  const [year, month, day] = sendOn.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, GIFT_CARD_SEND_HOUR_UTC));
}

/** How many tries a unit gets at a code no card of the website has (80 random bits: a second try never happens). */
const CODE_ATTEMPTS = 5;

/**
 * Issues the cards of a paid order, inside the transaction that records it as paid (orders/paid.ts onOrderPaid):
 * one card per unit of each gift-card line, worth the unit's price, in the order's currency. Each card's code is
 * mailed (template gift-card) to the recipient the buyer named on the gift card page (gift_card_deliveries, by the
 * order's cart) on the chosen date, or to the buyer at once. The code itself is stored nowhere but in that mail:
 * the card keeps its keyed hash and last four characters.
 *
 * Idempotent per order: a card is keyed by (order line, unit index), so running it again issues nothing more and
 * answers the cards already issued.
 */
export async function issueGiftCardsForOrder(
  trx: Transaction<Database>,
  website: Website,
  order: IssuingOrder,
  items: IssuingItem[],
  context: { mail?: MailSettings },
): Promise<IssuedGiftCard[]> {
  const lines = items.filter((item) => item.line_kind === 'gift-card');
  if (lines.length === 0) return [];
  const delivery = await trx.selectFrom('gift_card_deliveries').selectAll().where('cart_id', '=', order.purchased_cart_id).executeTakeFirst();
  const today = todayIn(website.time_zone);
  const sendOn = delivery && delivery.send_on > today ? delivery.send_on : today;
  const mailedTo = delivery?.recipient_email ?? order.email;
  const secret = await loadGiftCardSecret(trx);
  const issued: IssuedGiftCard[] = [];

  for (const line of lines) {
    for (let unit = 0; unit < line.quantity; unit += 1) {
      const existing = await trx
        .selectFrom('gift_cards')
        .select(['id', 'code_last4', 'initial_cents', 'recipient_email', 'purchaser_email', 'send_on'])
        .where('order_item_id', '=', line.id)
        .where('unit_index', '=', unit)
        .executeTakeFirst();
      if (existing) {
        issued.push({
          id: existing.id, last4: existing.code_last4, amountCents: existing.initial_cents,
          mailedTo: existing.recipient_email ?? existing.purchaser_email ?? order.email, sendOn: existing.send_on ?? today,
        });
        continue;
      }
      const card = await insertCard(trx, website, secret, {
        order, line, unit, sendOn,
        recipient: delivery ? { email: delivery.recipient_email, name: delivery.recipient_name, sender: delivery.sender_name, message: delivery.message } : null,
      });
      if (context.mail) {
        const mailId = await mailCode(trx, website, context.mail, { code: card.code, amountCents: line.unit_price_cents, currency: order.currency, to: mailedTo, sendOn, today, testMode: order.test_mode, delivery });
        await trx.updateTable('gift_cards').set({ delivery_mail_id: mailId }).where('id', '=', card.id).execute();
      }
      issued.push({ id: card.id, last4: giftCardLastFour(card.code), amountCents: line.unit_price_cents, mailedTo, sendOn });
    }
  }
  return issued;
}

interface NewCard {
  order: IssuingOrder;
  line: IssuingItem;
  unit: number;
  sendOn: string;
  recipient: { email: string; name: string | null; sender: string | null; message: string | null } | null;
}

/** Inserts one card with a fresh code; a code some card of the website already has is drawn again. */
async function insertCard(trx: Transaction<Database>, website: Website, secret: string, card: NewCard): Promise<{ id: string; code: string }> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = drawGiftCardCode();
    const id = newId();
    const inserted = await trx
      .insertInto('gift_cards')
      .values({
        id,
        website_id: website.id,
        code_hash: giftCardCodeHash(secret, code),
        code_last4: giftCardLastFour(code),
        initial_cents: card.line.unit_price_cents,
        balance_cents: card.line.unit_price_cents,
        currency: card.order.currency,
        order_id: card.order.id,
        order_item_id: card.line.id,
        unit_index: card.unit,
        purchaser_email: card.order.email,
        recipient_email: card.recipient?.email ?? null,
        recipient_name: card.recipient?.name ?? null,
        sender_name: card.recipient?.sender ?? null,
        message: card.recipient?.message ?? null,
        send_on: card.sendOn,
      })
      // Only the code's uniqueness may clash here: the caller looked for this (line, unit) under the order's lock.
      .onConflict((conflict) => conflict.columns(['website_id', 'code_hash']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id, code };
  }
  throw new Error('could not draw an unused gift card code');
}

interface CodeMail {
  code: string;
  amountCents: number;
  currency: string;
  to: string;
  sendOn: string;
  today: string;
  testMode: boolean;
  delivery: { recipient_name: string | null; sender_name: string | null; message: string | null } | undefined;
}

async function mailCode(trx: Transaction<Database>, website: Website, mail: MailSettings, card: CodeMail): Promise<string> {
  const rendered = await renderSiteMail(trx, 'gift-card', website, {
    code: formatGiftCardCode(card.code),
    amount: formatMoney(card.amountCents, card.currency, { locale: website.locale }),
    recipientName: card.delivery?.recipient_name ?? '',
    senderName: card.delivery?.sender_name ?? '',
    message: card.delivery?.message ?? '',
    testMode: card.testMode,
    storeUrl: `${siteUrlOf(mail, website)}/`,
  }, { publicUrl: siteUrlOf(mail, website) });
  return enqueueMail(trx, website, mail.from, {
    kind: 'transactional',
    template: 'gift-card',
    to: card.to,
    ...rendered,
    notBefore: giftCardMailTime(card.sendOn, card.today),
    // Bought: never held back by the website's mails-a-day quota.
    dailyQuota: 'exempt',
  });
}
