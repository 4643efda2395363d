import { formatDate, formatMoney, subscriptionPriceWording, subscriptionTerms } from '@vitrine/format';
import type { Selectable } from 'kysely';
import type { SubscriptionsTable, Website } from '../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** A subscription as the shopper's pages and the owner see it: the format library's wording, never our own. */
export interface SubscriptionView {
  id: string;
  productName: string;
  sku: string;
  quantity: number;
  email: string;
  status: SubscriptionRow['status'];
  statusLabel: string;
  /** '$18.00 every month', '$25.00 every 2 weeks for 6 months' (platform §5, subscriptionPriceWording). */
  wording: string;
  /** subscriptionTerms: the structured period and total, for clients that word them otherwise. */
  terms: ReturnType<typeof subscriptionTerms>;
  unitPriceCents: number;
  currency: string;
  cyclesBilled: number;
  /** 0 = indefinite. */
  totalCycles: number;
  /** 'Cycle 2 of 6', or 'Cycle 2' for an indefinite plan. */
  cyclesLabel: string;
  /** Milliseconds; null once cancelled or completed. */
  nextRenewalAt: number | null;
  /** The date in the website's time zone and locale, or ''. */
  nextRenewalLabel: string;
  created: number;
  cancelledAt: number | null;
  cancelledBy: SubscriptionRow['cancelled_by'];
  /** Cancelling means anything: active or past due. */
  cancellable: boolean;
  testMode: boolean;
}

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionRow['status'], string> = {
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const isCancellable = (status: SubscriptionRow['status']) => status === 'active' || status === 'past_due';

export function subscriptionView(row: SubscriptionRow, website: Website): SubscriptionView {
  const price = formatMoney(Number(row.unit_price_cents) * row.quantity, row.currency.trim(), { locale: website.locale });
  const plan = row.plan;
  return {
    id: row.id,
    productName: row.product_name,
    sku: row.sku,
    quantity: row.quantity,
    email: row.email,
    status: row.status,
    statusLabel: SUBSCRIPTION_STATUS_LABELS[row.status],
    wording: subscriptionPriceWording({ price, billingPeriod: plan.billingPeriod, numBillingCycles: plan.numBillingCycles }),
    terms: subscriptionTerms(plan.billingPeriod, plan.numBillingCycles),
    unitPriceCents: Number(row.unit_price_cents),
    currency: row.currency.trim(),
    cyclesBilled: row.cycles_billed,
    totalCycles: row.total_cycles,
    cyclesLabel: row.total_cycles > 0 ? `Cycle ${row.cycles_billed} of ${row.total_cycles}` : `Cycle ${row.cycles_billed}`,
    nextRenewalAt: row.next_renewal_at ? row.next_renewal_at.getTime() : null,
    nextRenewalLabel: row.next_renewal_at ? renewalDateLabel(row.next_renewal_at, website) : '',
    created: row.created_at.getTime(),
    cancelledAt: row.cancelled_at ? row.cancelled_at.getTime() : null,
    cancelledBy: row.cancelled_by,
    cancellable: isCancellable(row.status),
    testMode: row.test_mode,
  };
}

/** A renewal date as the shopper reads it, in the website's time zone and locale ('March 31, 2026'). */
export function renewalDateLabel(date: Date, website: Website): string {
  return formatDate(date, { locale: website.locale, timeZone: website.time_zone });
}
