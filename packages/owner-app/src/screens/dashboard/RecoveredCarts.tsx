import { useId } from 'react';
import { ABANDONED_CART_TEXTS as TEXTS, useAbandonedCartSummary } from '../settings/abandoned-carts/abandoned-carts-api';
import { Link } from '../../app/router';

/** The dashboard's card of abandoned-cart recovery (all time): reminders sent, and the orders and revenue they brought back. */
export function RecoveredCarts({ locale, enabled }: { locale: string; enabled: boolean }) {
  const summary = useAbandonedCartSummary(enabled);
  const id = useId();
  // A card beside the dashboard's own figures: while it loads, or when it cannot, the dashboard shows without it
  // (the figures' own load failure is the one the owner is told about).
  if (!enabled || summary.isPending || summary.isError || typeof summary.data?.recoveredOrders !== 'number') return null;
  const { remindersSent, recoveredOrders, recoveredRevenue } = summary.data;
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: recoveredRevenue.currency }).format(Number(recoveredRevenue.value));
  return (
    <section className="card section recovered-carts" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TEXTS.cardTitle}</h2>
      <p className="muted">{TEXTS.cardNote}</p>
      <dl className="recovered-figures">
        <div><dt>{TEXTS.recoveredOrders}</dt><dd>{count(recoveredOrders)}</dd></div>
        <div><dt>{TEXTS.recoveredRevenue}</dt><dd>{money}</dd></div>
        <div><dt>{TEXTS.remindersSent}</dt><dd>{count(remindersSent)}</dd></div>
      </dl>
      <p className="muted"><Link to="/config/settings/abandoned-carts">{TEXTS.title}</Link></p>
    </section>
  );
}
