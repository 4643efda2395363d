import { formatDate } from '@vitrine/format/dates';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useBoot } from '../../api/client';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../ui/states';
import { usePageTree } from '../pages/content-api';
import { pagePath } from '../pages/paths';
import { useClearPageLock, usePageLocks, useSetPageLock, type PageLock } from './members-api';
import { sitePagesOf } from './site-pages';
import { MEMBER_TEXTS as T } from './texts';

/** The password-protected pages (lock screen, page type 103): the list, a form to set or change one's password, and Remove. */
export function PagePasswords({ mayWrite }: { mayWrite: boolean }) {
  const locks = usePageLocks(true);
  const tree = usePageTree();
  const setLock = useSetPageLock();
  const clearLock = useClearPageLock();
  const { confirm } = useConfirm();
  const [pageId, setPageId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ page?: string; password?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const boot = useBoot();
  const locale = useLocale();
  const ids = { page: useId(), password: useId(), heading: useId() };
  const passwordInput = useRef<HTMLInputElement>(null);
  const rows = locks.data?.pageLocks ?? [];
  const pages = sitePagesOf(tree.data);
  const titleOf = (id: string) => rows.find((lock) => lock.pageId === id)?.title ?? pages.find((page) => page.id === id)?.title ?? id;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!pageId) found.page = T.pageRequired;
    if (password.length < 4 || password.length > 200) found.password = T.passwordTooShort;
    setErrors(found);
    if (found.page) return document.getElementById(ids.page)?.focus();
    if (found.password) return passwordInput.current?.focus();
    try {
      await setLock.mutateAsync({ pageId, password });
      setOutcome({ kind: 'done', text: T.locked(titleOf(pageId)) });
      setPassword('');
      setPageId('');
    } catch (error) {
      if (isOwnerApiError(error) && error.errors.password) setErrors({ password: error.errors.password });
      setOutcome({ kind: 'refused', text: failureText(error) });
    }
  };

  const change = (lock: PageLock) => {
    setPageId(lock.pageId);
    setPassword('');
    passwordInput.current?.focus();
  };

  const askToRemove = async (lock: PageLock) => {
    const yes = await confirm({ title: T.removeTitle(lock.title), message: T.removeMessage, confirmLabel: T.removePassword, cancelLabel: T.keepPassword, destructive: true });
    if (!yes) return;
    clearLock.mutate(lock.pageId, {
      onSuccess: () => setOutcome({ kind: 'done', text: T.unlocked(lock.title) }),
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  return (
    <>
      <p className="muted members-intro">{T.passwordsIntro}</p>
      <OutcomeLine outcome={outcome} className="members-outcome" />
      {mayWrite ? (
        <form className="card members-form members-lock-form" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
          <h2 id={ids.heading}>{T.lockHeading}</h2>
          <div className="members-lock-fields">
            <div className="field members-field">
              <label htmlFor={ids.page}>{T.lockPage}</label>
              <select id={ids.page} value={pageId} aria-invalid={errors.page ? true : undefined} aria-describedby={errors.page ? `${ids.page}-error` : undefined} onChange={(event) => setPageId(event.target.value)}>
                <option value="">{T.choosePage}</option>
                {pages.map((page) => (
                  <option key={page.id} value={page.id}>
                    {page.title} ({page.fullUrl})
                  </option>
                ))}
              </select>
              {errors.page ? <p id={`${ids.page}-error`} className="field-error">{errors.page}</p> : null}
            </div>
            <div className="field members-field">
              <label htmlFor={ids.password}>{T.password}</label>
              <input
                ref={passwordInput}
                id={ids.password}
                type="password"
                autoComplete="new-password"
                value={password}
                maxLength={200}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={`${ids.password}-help${errors.password ? ` ${ids.password}-error` : ''}`}
                onChange={(event) => setPassword(event.target.value)}
              />
              <p id={`${ids.password}-help`} className="muted members-help">{T.passwordHelp}</p>
              {errors.password ? <p id={`${ids.password}-error`} className="field-error">{errors.password}</p> : null}
            </div>
            <button type="submit" className="button button-primary" disabled={setLock.isPending}>
              {T.setPassword}
            </button>
          </div>
        </form>
      ) : null}
      <ReadStates read={locks} isEmpty={rows.length === 0} empty={<Empty title={T.noLocks} />}>
        {() => (
          <div className="card members-card">
            <table className="data-table members-table stacks-on-phone">
              <caption className="visually-hidden">{T.locksCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.page}</th>
                  <th scope="col">{T.address}</th>
                  <th scope="col">{T.updated}</th>
                  {mayWrite ? (
                    <th scope="col">
                      <span className="visually-hidden">{T.actions}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((lock) => (
                  <tr key={lock.pageId}>
                    <th scope="row">
                      <Link to={pagePath(lock.pageId)}>{lock.title}</Link>
                    </th>
                    <td data-label={T.address} className="path">{lock.url}</td>
                    <td data-label={T.updated}>{formatDate(lock.updated, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium' })}</td>
                    {mayWrite ? (
                      <td className="members-row-actions">
                        <button type="button" className="button button-secondary" aria-label={T.changeNamed(lock.title)} onClick={() => change(lock)}>
                          {T.changePassword}
                        </button>
                        <button type="button" className="button button-secondary" aria-label={T.removeNamed(lock.title)} disabled={clearLock.isPending} onClick={() => void askToRemove(lock)}>
                          {T.removePassword}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ReadStates>
    </>
  );
}
