import { formatDateTime } from '@vitrine/format/dates';
import { useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, setSearch, useLocation, useSubPath } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { EDITOR_MESSAGES, failureText } from '../../ui/messages';
import { Empty, ReadStates } from '../../ui/states';
import { useRestockGroups, useRestockSignUps, useSendAllRestock, useSendOneRestock, type RestockGroup } from './restock-api';
import { RESTOCK_TEXTS } from './texts';
import './restock.css';

/**
 * Restock (storefront spec §3's listings and sends): `/config/restock` lists the groups of waiting sign-ups
 * (one per product and variant) with their count and stock, and sends the notices, one variant or every
 * selected one, each behind the confirm modal saying how many people will be mailed; what each send did
 * stays on its row. `/config/restock/<productId>/<variantId>` lists one variant's sign-ups.
 */
export default function RestockScreen() {
  const sub = useSubPath();
  if (sub.length === 2) return <SignUps productId={sub[0]!} variantId={sub[1]!} />;
  if (sub.length > 0) {
    return (
      <>
        <ScreenHeading>{RESTOCK_TEXTS.title}</ScreenHeading>
        <Empty title={EDITOR_MESSAGES.unableToLocateContent}>
          <Link to="/config/restock">{RESTOCK_TEXTS.back}</Link>
        </Empty>
      </>
    );
  }
  return <Groups />;
}

const keyOf = (group: { productId: string; variantId: string }) => `${group.productId}/${group.variantId}`;
export const groupName = (group: Pick<RestockGroup, 'productTitle' | 'variantLabel'>) =>
  group.variantLabel ? `${group.productTitle} ${group.variantLabel}` : group.productTitle;
const signUpsPath = (group: RestockGroup) =>
  `/config/restock/${encodeURIComponent(group.productId)}/${encodeURIComponent(group.variantId)}?name=${encodeURIComponent(groupName(group))}`;

/** What a send did to one group: kept on its row (also after the group left the list, its people all mailed). */
export interface RowResult {
  group: RestockGroup;
  kind: 'sent' | 'refused';
  text: string;
  /** The key of the row shown just before it when it was sent (null: it was the first). */
  before?: string | null;
}

/**
 * The rows to show: the server's groups in its order, and each group sent from this page that the refetched list
 * no longer holds (nobody left waiting) kept, with 0 waiting, right after the group it followed, so rows do not jump.
 */
export function rowsInPlace(listed: readonly RestockGroup[], results: ReadonlyMap<string, RowResult>): RestockGroup[] {
  const listedKeys = new Set(listed.map(keyOf));
  const rows = [...listed];
  for (const result of results.values()) {
    const key = keyOf(result.group);
    if (listedKeys.has(key)) continue;
    const gone = { ...result.group, count: 0 };
    const before = result.before ? rows.findIndex((row) => keyOf(row) === result.before) : -1;
    if (before >= 0 || result.before === null) rows.splice(before + 1, 0, gone);
    else rows.push(gone);
  }
  return rows;
}

function usePageCursor(): [string, (cursor: string) => void] {
  const { pathname, search } = useLocation();
  const cursor = search.get('cursor') ?? '';
  return [
    cursor,
    (next) => {
      const params = new URLSearchParams(search);
      if (next) params.set('cursor', next);
      else params.delete('cursor');
      setSearch(pathname, params);
    },
  ];
}

function Pager({ cursor, nextCursor, onPage }: { cursor: string; nextCursor: string | null | undefined; onPage: (cursor: string) => void }) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav className="restock-pages" aria-label={RESTOCK_TEXTS.pages}>
      {cursor ? <button type="button" className="button button-secondary" onClick={() => onPage('')}>{RESTOCK_TEXTS.firstPage}</button> : null}
      {nextCursor ? <button type="button" className="button button-secondary" onClick={() => onPage(nextCursor)}>{RESTOCK_TEXTS.nextPage}</button> : null}
    </nav>
  );
}

function Groups() {
  const [cursor, setCursor] = usePageCursor();
  const groups = useRestockGroups(cursor);
  const canSend = useCan('orders:write');
  const { confirm } = useConfirm();
  const sendOne = useSendOneRestock();
  const sendAll = useSendAllRestock();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [results, setResults] = useState<ReadonlyMap<string, RowResult>>(new Map());
  const [announcement, setAnnouncement] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const busy = sendOne.isPending || sendAll.isPending;

  const listed = groups.data?.signUpGroups ?? [];
  const rows = rowsInPlace(listed, results);
  const selectable = listed.filter((group) => group.count > 0);
  const chosen = selectable.filter((group) => selected.has(keyOf(group)));

  const record = (entries: RowResult[]) =>
    setResults((previous) => {
      const next = new Map(previous);
      for (const entry of entries) {
        const index = rows.findIndex((row) => keyOf(row) === keyOf(entry.group));
        next.set(keyOf(entry.group), { ...entry, before: index > 0 ? keyOf(rows[index - 1]!) : index === 0 ? null : undefined });
      }
      return next;
    });

  const sendGroup = async (group: RestockGroup) => {
    const name = groupName(group);
    const confirmed = await confirm({
      title: RESTOCK_TEXTS.confirmOneTitle,
      message: (
        <>
          <p>{RESTOCK_TEXTS.confirmOne(name, group.count)}</p>
          {group.inStock ? null : <p>{RESTOCK_TEXTS.confirmSoldOut}</p>}
        </>
      ),
      confirmLabel: RESTOCK_TEXTS.confirmLabel,
    });
    if (!confirmed) return;
    setAnnouncement(null);
    try {
      const reply = await sendOne.mutateAsync({ productId: group.productId, variantId: group.variantId });
      record([{ group, kind: 'sent', text: RESTOCK_TEXTS.notified(reply.notified) }]);
      setAnnouncement({ kind: 'status', text: `${name}: ${RESTOCK_TEXTS.summary(reply.notified, 0)}` });
    } catch (error) {
      record([{ group, kind: 'refused', text: failureText(error) }]);
      setAnnouncement({ kind: 'alert', text: `${name}: ${failureText(error)}` });
    }
  };

  const sendSelected = async () => {
    const list = chosen;
    if (list.length === 0) return;
    const total = list.reduce((sum, group) => sum + group.count, 0);
    const confirmed = await confirm({
      title: RESTOCK_TEXTS.confirmAllTitle(total),
      message: RESTOCK_TEXTS.confirmAll(total, list.length),
      confirmLabel: RESTOCK_TEXTS.confirmLabel,
    });
    if (!confirmed) return;
    setAnnouncement(null);
    try {
      const reply = await sendAll.mutateAsync(list.map(({ productId, variantId }) => ({ productId, variantId })));
      const byKey = new Map(list.map((group) => [keyOf(group), group]));
      const entries: RowResult[] = [];
      for (const result of reply.results) {
        const group = byKey.get(keyOf(result));
        if (!group) continue;
        entries.push(result.message ? { group, kind: 'refused', text: result.message } : { group, kind: 'sent', text: RESTOCK_TEXTS.notified(result.notified) });
      }
      record(entries);
      setSelected(new Set());
      const notified = reply.results.reduce((sum, result) => sum + (result.message ? 0 : result.notified), 0);
      const refused = reply.results.filter((result) => result.message).length;
      setAnnouncement({ kind: refused ? 'alert' : 'status', text: RESTOCK_TEXTS.summary(notified, refused) });
    } catch (error) {
      setAnnouncement({ kind: 'alert', text: failureText(error) });
    }
  };

  const toggle = (group: RestockGroup, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(keyOf(group));
      else next.delete(keyOf(group));
      return next;
    });
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  return (
    <section className="restock">
      <ScreenHeading>{RESTOCK_TEXTS.title}</ScreenHeading>
      <p className="restock-intro muted">{RESTOCK_TEXTS.intro}</p>
      <p className={announcement?.kind === 'alert' ? 'restock-announcement refused' : 'restock-announcement'} role={announcement?.kind === 'alert' ? 'alert' : 'status'}>
        {announcement?.text ?? ''}
      </p>
      <ReadStates
        read={groups}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={RESTOCK_TEXTS.none}>
            <p className="muted">{RESTOCK_TEXTS.noneHelp}</p>
          </Empty>
        }
      >
        {() => (
          <div className="card restock-card" aria-busy={groups.isFetching}>
            {canSend ? (
              <div className="restock-toolbar">
                <span className="restock-selected" aria-live="polite">{RESTOCK_TEXTS.selected(chosen.length)}</span>
                <button type="button" className="button button-primary" disabled={chosen.length === 0 || busy} onClick={() => void sendSelected()}>
                  {sendAll.isPending ? RESTOCK_TEXTS.sending : RESTOCK_TEXTS.sendSelected}
                </button>
              </div>
            ) : null}
            <table className="data-table restock-table stacks-on-phone">
              <caption className="visually-hidden">{RESTOCK_TEXTS.caption}</caption>
              <thead>
                <tr>
                  {canSend ? (
                    <th scope="col" className="restock-check">
                      <input
                        type="checkbox"
                        aria-label={RESTOCK_TEXTS.selectAll}
                        checked={allChosen}
                        disabled={selectable.length === 0}
                        onChange={(event) => setSelected(event.target.checked ? new Set(selectable.map(keyOf)) : new Set())}
                      />
                    </th>
                  ) : null}
                  <th scope="col">{RESTOCK_TEXTS.product}</th>
                  <th scope="col">{RESTOCK_TEXTS.sku}</th>
                  <th scope="col" className="numeric">{RESTOCK_TEXTS.waiting}</th>
                  <th scope="col">{RESTOCK_TEXTS.stock}</th>
                  {canSend ? <th scope="col"><span className="visually-hidden">{RESTOCK_TEXTS.result}</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((group) => {
                  const key = keyOf(group);
                  const name = groupName(group);
                  const result = results.get(key);
                  return (
                    <tr key={key}>
                      {canSend ? (
                        <td className="restock-check">
                          {group.count > 0 ? (
                            <input type="checkbox" aria-label={RESTOCK_TEXTS.select(name)} checked={selected.has(key)} onChange={(event) => toggle(group, event.target.checked)} />
                          ) : null}
                        </td>
                      ) : null}
                      <th scope="row" data-label={RESTOCK_TEXTS.product}>
                        <Link to={signUpsPath(group)} className="restock-product" aria-label={RESTOCK_TEXTS.signUpsOf(name)}>
                          <span className="restock-product-title">{group.productTitle}</span>{' '}
                          {group.variantLabel ? <span className="restock-variant">{group.variantLabel}</span> : null}
                        </Link>
                      </th>
                      <td data-label={RESTOCK_TEXTS.sku} className="restock-sku">{group.sku}</td>
                      <td data-label={RESTOCK_TEXTS.waiting} className="numeric">{group.count}</td>
                      <td data-label={RESTOCK_TEXTS.stock}>
                        <span className={group.inStock ? 'restock-badge in-stock' : 'restock-badge sold-out'}>{group.inStock ? RESTOCK_TEXTS.inStock : RESTOCK_TEXTS.soldOut}</span>
                      </td>
                      {canSend ? (
                        <td className="restock-action" data-label={RESTOCK_TEXTS.result}>
                          <div className="restock-action-inner">
                            {result ? <span className={`restock-result ${result.kind}`}>{result.text}</span> : null}
                            {group.count > 0 ? (
                              <button type="button" className="button button-secondary" disabled={busy} aria-label={RESTOCK_TEXTS.sendTo(name)} onClick={() => void sendGroup(group)}>
                                {RESTOCK_TEXTS.send}
                              </button>
                            ) : null}
                          </div>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pager
              cursor={cursor}
              nextCursor={groups.data?.nextPageCursor}
              onPage={(next) => {
                setSelected(new Set());
                setCursor(next);
              }}
            />
          </div>
        )}
      </ReadStates>
    </section>
  );
}

function SignUps({ productId, variantId }: { productId: string; variantId: string }) {
  const { search } = useLocation();
  const [cursor, setCursor] = usePageCursor();
  const signUps = useRestockSignUps(productId, variantId, cursor);
  const boot = useBoot();
  const locale = useLocale();
  const name = (search.get('name') ?? '').trim();
  const rows = signUps.data?.signUps ?? [];
  const when = (iso: string) => formatDateTime(iso, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="restock">
      <p className="restock-back">
        <Link to="/config/restock">
          <span aria-hidden="true">← </span>
          {RESTOCK_TEXTS.back}
        </Link>
      </p>
      <ScreenHeading>{name ? RESTOCK_TEXTS.signUpsOf(name) : RESTOCK_TEXTS.signUpsTitle}</ScreenHeading>
      <ReadStates
        read={signUps}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={RESTOCK_TEXTS.noSignUps}>
            <p className="muted">{RESTOCK_TEXTS.noSignUpsHelp}</p>
          </Empty>
        }
      >
        {() => (
          <div className="card restock-card" aria-busy={signUps.isFetching}>
            <table className="data-table restock-table restock-sign-ups stacks-on-phone">
              <caption className="visually-hidden">{name ? RESTOCK_TEXTS.signUpsCaption(name) : RESTOCK_TEXTS.signUpsCaptionPlain}</caption>
              <thead>
                <tr>
                  <th scope="col">{RESTOCK_TEXTS.email}</th>
                  <th scope="col">{RESTOCK_TEXTS.joined}</th>
                  <th scope="col">{RESTOCK_TEXTS.date}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((signUp) => (
                  <tr key={signUp.id}>
                    <th scope="row" data-label={RESTOCK_TEXTS.email} className="restock-email">{signUp.email}</th>
                    <td data-label={RESTOCK_TEXTS.joined}>{signUp.isJoinMailingList ? RESTOCK_TEXTS.yes : RESTOCK_TEXTS.no}</td>
                    <td data-label={RESTOCK_TEXTS.date}>
                      <time dateTime={signUp.createdAt}>{when(signUp.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager cursor={cursor} nextCursor={signUps.data?.nextPageCursor} onPage={setCursor} />
          </div>
        )}
      </ReadStates>
    </section>
  );
}
