import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { collectPageErrors, newShopper } from './support/browser';
import { fillCheckout, openCheckout, PORTLAND } from './support/checkout';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { addToCart, openProduct } from './support/shop';

// The manual payment method (issue 38 item 6): the owner has bank transfer on (with instructions); a shopper buys a
// sticker pack choosing "Bank transfer", lands on the order page awaiting payment with the instructions; the owner
// opens the order, sees until when its items are held, marks it paid after the confirmation; the shopper's order page
// then says it is confirmed. The order page and the owner's order at 1280 and 390 px.

const INSTRUCTIONS = 'Pay to IBAN DE89 3704 0044 0532 0130 00 (Vitrine Demo Ltd).\nUse your order number as the reference.';
let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
    // The owner's settings, as the Commerce preferences panel saves them (its form is covered by the owner app's tests).
    const settings = JSON.stringify({ manualPaymentEnabled: true, manualPaymentLabel: 'Bank transfer', manualPaymentInstructions: INSTRUCTIONS });
    await sql`UPDATE websites SET settings = settings || ${settings}::jsonb`.execute(db);
  },
});

describe('paying by bank transfer', () => {
  test('the shopper sees the instructions; the owner marks the order paid; the order is confirmed', async () => {
    const shopper = shop.page;
    await shopper.setViewportSize({ width: 1280, height: 800 });
    await openProduct(shopper, 'sticker-pack');
    await addToCart(shopper);
    await openCheckout(shopper);
    await fillCheckout(shopper, { email: 'transfer@example.com', address: PORTLAND, shippingOption: 'Standard' });
    const methods = shopper.getByRole('group', { name: 'Payment method' });
    await methods.getByRole('radio', { name: 'Bank transfer' }).check();
    await shopper.getByText('You get the payment instructions when you place the order.', { exact: false }).waitFor();
    await methods.scrollIntoViewIfNeeded();
    await saveAtBothWidths(shopper, 'manual-payment-checkout');
    await shopper.getByRole('button', { name: 'Place order' }).click();
    await shopper.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
    const orderId = new URL(shopper.url()).searchParams.get('orderId')!;
    const instructions = shopper.getByRole('region', { name: 'Awaiting payment: Bank transfer' });
    await expect(instructions.locator('.payment-instructions-text').innerText()).resolves.toBe(INSTRUCTIONS);
    expect(await shopper.getByText('Your order is confirmed.').count()).toBe(0);
    await saveAtBothWidths(shopper, 'manual-payment-order-page');

    // The owner opens the order: awaiting payment by bank transfer, held until a date; marks it paid.
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const owner = await context.newPage();
    const ownerErrors = collectPageErrors(owner);
    await owner.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(owner, setupToken);
    await owner.goto(`/config/orders/${orderId}`);
    await owner.getByText(/Awaiting payment by Bank transfer: its items are held until /).waitFor();
    await owner.getByText('Use your order number as the reference.', { exact: false }).waitFor();
    await saveAtBothWidths(owner, 'manual-payment-owner-order');
    await owner.getByRole('button', { name: 'Mark as paid' }).click();
    const dialog = owner.getByRole('alertdialog', { name: 'Mark this order as paid?' });
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await owner.getByText('Order marked as paid. The customer has been emailed.').waitFor();
    await owner.getByRole('button', { name: 'Mark as fulfilled' }).waitFor();
    await owner.getByText('Marked as paid (Bank transfer).', { exact: false }).waitFor();
    expect(ownerErrors).toEqual([]);
    await context.close();

    // The shopper's order page now says it is confirmed, without the instructions.
    await shopper.reload();
    await shopper.getByText('Your order is confirmed.', { exact: false }).waitFor();
    expect(await shopper.getByRole('region', { name: 'Awaiting payment: Bank transfer' }).count()).toBe(0);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });
});
