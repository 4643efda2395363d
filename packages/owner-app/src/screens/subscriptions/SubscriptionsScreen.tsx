import { formatDate } from '@vitrine/format/dates';
import { useId, useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../ui/states';
import { SUBSCRIPTION_STATUSES_IN_ORDER, useCancelSubscription, useSubscriptionList, type OwnerSubscription } from './subscriptions-api';
import { useSubscriptionAddress } from './subscriptions-state';
import { SUBSCRIPTION_STATUS_WORDS, SUBSCRIPTION_TEXTS } from './texts';
import './subscriptions.css';

/**
 * The Subscriptions screen (`/config/subscriptions`): every subscription, newest first — customer, product, the
 * format library's wording (from the server), status, next renewal in the website's zone, cycles billed — with a
 * status filter and the server's cursor pages in the address, and Cancel (through the confirm modal) for roles
 * that change orders.
 */
export default function SubscriptionsScreen() {
  const mayRead = useCan('orders:read');
  const mayCancel = useCan('orders:write');
  const [address, setAddress] = useSubscriptionAddress();
  const list = useSubscriptionList(address, { enabled: mayRead });
  const cancel = useCancelSubscription();
  const { confirm } = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const boot = useBoot();
  const locale = useLocale();
  const filterId = useId();

  if (!mayRead) {
    return (
      <>
        <ScreenHeading>{SUBSCRIPTION_TEXTS.title}</ScreenHeading>
        <Empty title={SUBSCRIPTION_TEXTS.notAllowed}>
          <p>{SUBSCRIPTION_TEXTS.notAllowedHelp}</p>
        </Empty>
      </>
    );
  }

  const day = (ms: number | null) => (ms === null ? SUBSCRIPTION_TEXTS.none : formatDate(ms, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium' }));
  const statusWords = address.status ? SUBSCRIPTION_STATUS_WORDS[address.status] : '';
  const rows = list.data?.subscriptions ?? [];

  const askToCancel = async (subscription: OwnerSubscription) => {
    const yes = await confirm({
      title: SUBSCRIPTION_TEXTS.cancelTitle,
      message: SUBSCRIPTION_TEXTS.cancelMessage(subscription.productName, subscription.email),
      confirmLabel: SUBSCRIPTION_TEXTS.cancel,
      cancelLabel: SUBSCRIPTION_TEXTS.keep,
      destructive: true,
    });
    if (!yes) return;
    cancel.mutate(subscription.id, {
      onSuccess: (reply) =>
        setOutcome({
          kind: 'done',
          text: (reply.changed ? SUBSCRIPTION_TEXTS.cancelled : SUBSCRIPTION_TEXTS.alreadyCancelled)(subscription.productName, subscription.email),
        }),
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  return (
    <>
      <ScreenHeading>{SUBSCRIPTION_TEXTS.title}</ScreenHeading>
      <p className="subscriptions-intro muted">{SUBSCRIPTION_TEXTS.intro}</p>
      <div className="subscriptions-controls card">
        <div className="field">
          <label htmlFor={filterId}>{SUBSCRIPTION_TEXTS.status}</label>
          <select id={filterId} value={address.status} onChange={(event) => setAddress({ status: event.target.value as typeof address.status, cursor: '' })}>
            <option value="">{SUBSCRIPTION_TEXTS.allStatuses}</option>
            {SUBSCRIPTION_STATUSES_IN_ORDER.map((status) => (
              <option key={status} value={status}>{SUBSCRIPTION_STATUS_WORDS[status]}</option>
            ))}
          </select>
        </div>
      </div>
      <OutcomeLine outcome={outcome} className="subscriptions-outcome" />
      <ReadStates
        read={list}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={address.status ? SUBSCRIPTION_TEXTS.noneWithStatus(statusWords) : SUBSCRIPTION_TEXTS.noSubscriptions}>
            {address.status ? null : <p className="muted">{SUBSCRIPTION_TEXTS.noSubscriptionsHelp}</p>}
          </Empty>
        }
      >
        {() => (
          <div className="card subscriptions-card" aria-busy={list.isFetching}>
            <table className="data-table subscriptions-table stacks-on-phone">
              <caption className="visually-hidden">{SUBSCRIPTION_TEXTS.caption(statusWords)}</caption>
              <thead>
                <tr>
                  <th scope="col">{SUBSCRIPTION_TEXTS.customer}</th>
                  <th scope="col">{SUBSCRIPTION_TEXTS.product}</th>
                  <th scope="col">{SUBSCRIPTION_TEXTS.price}</th>
                  <th scope="col">{SUBSCRIPTION_TEXTS.status}</th>
                  <th scope="col">{SUBSCRIPTION_TEXTS.nextRenewal}</th>
                  <th scope="col">{SUBSCRIPTION_TEXTS.cycles}</th>
                  {mayCancel ? <th scope="col"><span className="visually-hidden">{SUBSCRIPTION_TEXTS.actions}</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((subscription) => (
                  <tr key={subscription.id}>
                    <th scope="row" className="subscriptions-email">{subscription.email}</th>
                    <td data-label={SUBSCRIPTION_TEXTS.product}>
                      <Link to={`/config/orders/${encodeURIComponent(subscription.firstOrderId)}`}>{subscription.productName}</Link>
                      {subscription.quantity > 1 ? ` × ${subscription.quantity}` : ''}
                    </td>
                    <td data-label={SUBSCRIPTION_TEXTS.price}>{subscription.wording}</td>
                    <td data-label={SUBSCRIPTION_TEXTS.status}>
                      <span className="subscription-badges">
                        <span className={`subscription-badge subscription-${subscription.status}`}>{SUBSCRIPTION_STATUS_WORDS[subscription.status]}</span>
                        {subscription.testMode ? <span className="subscription-badge subscription-test">{SUBSCRIPTION_TEXTS.test}</span> : null}
                      </span>
                    </td>
                    <td data-label={SUBSCRIPTION_TEXTS.nextRenewal}>{day(subscription.nextRenewalAt)}</td>
                    <td data-label={SUBSCRIPTION_TEXTS.cycles}>{subscription.cyclesLabel}</td>
                    {mayCancel ? (
                      <td>
                        {subscription.cancellable ? (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-label={SUBSCRIPTION_TEXTS.cancelNamed(subscription.productName, subscription.email)}
                            disabled={cancel.isPending}
                            onClick={() => void askToCancel(subscription)}
                          >
                            {SUBSCRIPTION_TEXTS.cancel}
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            {address.cursor || list.data?.nextCursor ? (
              <nav className="subscriptions-pages" aria-label={SUBSCRIPTION_TEXTS.pages}>
                {address.cursor ? (
                  <button type="button" className="button button-secondary" onClick={() => setAddress({ status: address.status, cursor: '' })}>
                    {SUBSCRIPTION_TEXTS.firstPage}
                  </button>
                ) : null}
                {list.data?.nextCursor ? (
                  <button type="button" className="button button-secondary" onClick={() => setAddress({ status: address.status, cursor: list.data!.nextCursor! })}>
                    {SUBSCRIPTION_TEXTS.nextPage}
                  </button>
                ) : null}
              </nav>
            ) : null}
          </div>
        )}
      </ReadStates>
    </>
  );
}
