import { formatDate } from '@vitrine/format/dates';
import { formatMoney } from '@vitrine/format/money';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, setSearch, useLocation } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, ReadStates } from '../../ui/states';
import { useDisableGiftCard, useGiftCards, type GiftCard } from './gift-cards-api';
import { GIFT_CARD_TEXTS } from './texts';
import './gift-cards.css';

/** Money of a card, in its own currency and the owner's locale. */
function moneyOf(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, { locale });
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A send date (YYYY-MM-DD, the store's calendar) as a date in words, never shifted by a time zone. */
export function sendDateText(sendOn: string, locale: string): string {
  return formatDate(`${sendOn}T12:00:00Z`, { locale, timeZone: 'UTC', dateStyle: 'medium' });
}

/**
 * Gift cards (`/config/gift-cards`): the cards newest first with the last four of their code, balance of initial,
 * who they were sent to and when, their status, the order that bought them; searched by last four or email, paged by
 * the server's cursor (both in the address). With orders:write, Disable goes through the destructive confirm.
 */
export default function GiftCardsScreen() {
  const { pathname, search } = useLocation();
  const q = search.get('q') ?? '';
  const cursor = search.get('cursor') ?? '';
  const cards = useGiftCards(q, cursor);
  const canDisable = useCan('orders:write');
  const disable = useDisableGiftCard();
  const { confirm } = useConfirm();
  const locale = useLocale();
  const searchId = useId();
  const [typed, setTyped] = useState(q);
  const [announcement, setAnnouncement] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  useEffect(() => setTyped(q), [q]);

  const go = (next: { q?: string; cursor?: string }) => {
    const params = new URLSearchParams();
    const query = next.q ?? q;
    if (query) params.set('q', query);
    if (next.cursor) params.set('cursor', next.cursor);
    setSearch(pathname, params);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.trim(), cursor: '' });
  };

  const disableCard = async (card: GiftCard) => {
    const balance = moneyOf(card.balanceCents, card.currency, locale);
    const confirmed = await confirm({
      title: GIFT_CARD_TEXTS.confirmTitle(card.last4),
      message: GIFT_CARD_TEXTS.confirmMessage(balance),
      confirmLabel: GIFT_CARD_TEXTS.confirmLabel,
      destructive: true,
    });
    if (!confirmed) return;
    setAnnouncement(null);
    try {
      await disable.mutateAsync(card.id);
      setAnnouncement({ kind: 'status', text: GIFT_CARD_TEXTS.disabled(card.last4) });
    } catch (error) {
      setAnnouncement({ kind: 'alert', text: failureText(error) });
    }
  };

  const rows = cards.data?.giftCards ?? [];
  return (
    <section className="gift-cards">
      <ScreenHeading>{GIFT_CARD_TEXTS.title}</ScreenHeading>
      <p className="gift-cards-intro muted">{GIFT_CARD_TEXTS.intro}</p>
      <form className="gift-cards-search" role="search" aria-label={GIFT_CARD_TEXTS.search} onSubmit={submitSearch}>
        <label htmlFor={searchId}>{GIFT_CARD_TEXTS.search}</label>
        <div className="gift-cards-search-row">
          <input id={searchId} type="search" value={typed} aria-describedby={`${searchId}-hint`} onChange={(event) => setTyped(event.target.value)} />
          <button type="submit" className="button button-secondary">{GIFT_CARD_TEXTS.searchButton}</button>
          {q ? (
            <button type="button" className="button button-secondary" onClick={() => go({ q: '', cursor: '' })}>
              {GIFT_CARD_TEXTS.clear}
            </button>
          ) : null}
        </div>
        <p id={`${searchId}-hint`} className="muted gift-cards-hint">{GIFT_CARD_TEXTS.searchHint}</p>
      </form>
      <p className={announcement?.kind === 'alert' ? 'gift-cards-announcement refused' : 'gift-cards-announcement'} role={announcement?.kind === 'alert' ? 'alert' : 'status'}>
        {announcement?.text ?? ''}
      </p>
      <ReadStates read={cards} isEmpty={rows.length === 0} empty={<Empty title={q ? GIFT_CARD_TEXTS.noMatch(q) : GIFT_CARD_TEXTS.none}>{q ? null : <p className="muted">{GIFT_CARD_TEXTS.noneHelp}</p>}</Empty>}>
        {() => (
          <div className="card gift-cards-card" aria-busy={cards.isFetching}>
            <table className="data-table gift-cards-table stacks-on-phone">
              <caption className="visually-hidden">{GIFT_CARD_TEXTS.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{GIFT_CARD_TEXTS.code}</th>
                  <th scope="col" className="numeric">{GIFT_CARD_TEXTS.balance}</th>
                  <th scope="col">{GIFT_CARD_TEXTS.recipient}</th>
                  <th scope="col">{GIFT_CARD_TEXTS.sendOn}</th>
                  <th scope="col">{GIFT_CARD_TEXTS.status}</th>
                  <th scope="col">{GIFT_CARD_TEXTS.order}</th>
                  {canDisable ? <th scope="col"><span className="visually-hidden">{GIFT_CARD_TEXTS.actions}</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((card) => (
                  <tr key={card.id}>
                    <th scope="row" data-label={GIFT_CARD_TEXTS.code} className="gift-cards-code">
                      <span aria-label={GIFT_CARD_TEXTS.codeLabel(card.last4)}>{GIFT_CARD_TEXTS.codeEnding(card.last4)}</span>
                    </th>
                    <td data-label={GIFT_CARD_TEXTS.balance} className="numeric">
                      {GIFT_CARD_TEXTS.balanceOf(moneyOf(card.balanceCents, card.currency, locale), moneyOf(card.initialCents, card.currency, locale))}
                    </td>
                    <td data-label={GIFT_CARD_TEXTS.recipient}>
                      {card.recipientEmail ? (
                        <span className="gift-cards-person">
                          {card.recipientName ? <span>{card.recipientName}</span> : null}
                          <span className="gift-cards-email">{card.recipientEmail}</span>
                        </span>
                      ) : (
                        <span className="gift-cards-person">
                          <span>{GIFT_CARD_TEXTS.buyer}</span>
                          {card.purchaserEmail ? <span className="gift-cards-email">{card.purchaserEmail}</span> : null}
                        </span>
                      )}
                    </td>
                    <td data-label={GIFT_CARD_TEXTS.sendOn}>{card.sendOn ? <time dateTime={card.sendOn}>{sendDateText(card.sendOn, locale)}</time> : '—'}</td>
                    <td data-label={GIFT_CARD_TEXTS.status}>
                      <span className={`gift-cards-badge ${card.status}`}>{GIFT_CARD_TEXTS.statuses[card.status]}</span>
                    </td>
                    <td data-label={GIFT_CARD_TEXTS.order}>
                      {card.orderId ? <Link to={`/config/orders/${encodeURIComponent(card.orderId)}`}>{card.orderNumber ? `#${card.orderNumber}` : card.orderId}</Link> : '—'}
                    </td>
                    {canDisable ? (
                      <td className="gift-cards-action">
                        {card.status === 'disabled' ? null : (
                          <button type="button" className="button button-secondary" disabled={disable.isPending} aria-label={GIFT_CARD_TEXTS.disableCard(card.last4)} onClick={() => void disableCard(card)}>
                            {GIFT_CARD_TEXTS.disable}
                          </button>
                        )}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            {cursor || cards.data?.nextCursor ? (
              <nav className="gift-cards-pages" aria-label={GIFT_CARD_TEXTS.pages}>
                {cursor ? <button type="button" className="button button-secondary" onClick={() => go({ cursor: '' })}>{GIFT_CARD_TEXTS.firstPage}</button> : null}
                {cards.data?.nextCursor ? <button type="button" className="button button-secondary" onClick={() => go({ cursor: cards.data!.nextCursor! })}>{GIFT_CARD_TEXTS.nextPage}</button> : null}
              </nav>
            ) : null}
          </div>
        )}
      </ReadStates>
    </section>
  );
}
