import { useId, useRef, useState, type MouseEvent } from 'react';
import type { ApiKeyJson } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { useBoot } from '../../../api/client';
import { useOwner } from '../../../api/hooks';
import { useConfirm } from '../../../ui/confirm';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { trackPanelEvent } from '../../../ui/track';
import { API_DOCS_URL, API_KEY_TERMS, API_KEY_TEXTS, useApiKeys, useDeleteApiKey } from './api-keys-api';
import { CreateKeyModal } from './CreateKeyModal';
import '../commerce/panels.css';
import { Outcome } from '../../../ui/outcome';

/**
 * Settings → API keys (platform §2's 'api-keys' panel): the keys (name, prefix, scopes, made, last used), "Learn
 * more" and "Terms of use", Create key (the creation modal) and Delete with the confirm modal.
 */
export default function ApiKeysSection() {
  const keys = useApiKeys();
  const permissions = useOwner().data?.permissions ?? [];
  const { confirm } = useConfirm();
  const remove = useDeleteApiKey();
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const termsHeading = useRef<HTMLHeadingElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  const openCreate = () => {
    trackPanelEvent('api-keys', 'create-key');
    setStatus('');
    setRefusal('');
    setCreating(true);
  };

  const onDelete = async (key: ApiKeyJson) => {
    trackPanelEvent('api-keys', 'delete-key');
    setStatus('');
    setRefusal('');
    const yes = await confirm({ title: API_KEY_TEXTS.deleteTitle, message: API_KEY_TEXTS.deleteMessage(key.name, key.prefix), confirmLabel: API_KEY_TEXTS.deleteConfirm, destructive: true });
    if (!yes) return;
    trackPanelEvent('api-keys', 'delete-key-confirm');
    remove.mutate(key.id, { onSuccess: () => setStatus(API_KEY_TEXTS.deleted(key.name)), onError: (error) => setRefusal(failureText(error)) });
  };

  const onTerms = (event: MouseEvent<HTMLAnchorElement>) => {
    trackPanelEvent('api-keys', 'terms-of-use');
    event.preventDefault();
    termsHeading.current?.scrollIntoView({ block: 'start' });
    termsHeading.current?.focus();
  };

  return (
    <div className="panel">
      <section className="card panel-card" aria-labelledby={`${id}-about`}>
        <h2 id={`${id}-about`}>About API keys</h2>
        <p className="panel-intro">{API_KEY_TEXTS.intro}</p>
        <ul className="panel-links">
          <li>
            <a href={API_DOCS_URL} target="_blank" rel="noopener" onClick={() => trackPanelEvent('api-keys', 'learn-more')}>
              {API_KEY_TEXTS.learnMore}
              <span className="visually-hidden">{API_KEY_TEXTS.learnMoreHidden}</span>
            </a>
          </li>
          <li>
            <a href={`#${id}-terms`} onClick={onTerms}>
              {API_KEY_TEXTS.termsOfUse}
            </a>
          </li>
        </ul>
      </section>

      <section className="card panel-card panel-table-card" aria-labelledby={`${id}-list`}>
        <header>
          <h2 id={`${id}-list`}>{API_KEY_TEXTS.listCaption}</h2>
          <button ref={createButton} type="button" className="button button-primary" onClick={openCreate}>
            {API_KEY_TEXTS.createKey}
          </button>
        </header>
        <Outcome status={status} refusal={refusal} />
        <ReadStates read={keys}>
          {(keyList) => (
            <KeyTable keys={keyList.apiKeys} onDelete={(key) => void onDelete(key)} busy={remove.isPending} labelledBy={`${id}-list`} />
          )}
        </ReadStates>
      </section>

      <section className="card panel-card" aria-labelledby={`${id}-terms`}>
        <h2 id={`${id}-terms`} ref={termsHeading} tabIndex={-1}>
          {API_KEY_TEXTS.termsHeading}
        </h2>
        <ul className="panel-terms">
          {API_KEY_TERMS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      {creating ? (
        <CreateKeyModal
          permissions={permissions}
          returnFocusTo={createButton}
          onClose={(created) => {
            setCreating(false);
            if (created) setStatus(API_KEY_TEXTS.created(created.name));
          }}
        />
      ) : null}
    </div>
  );
}

function KeyTable({ keys, onDelete, busy, labelledBy }: { keys: ApiKeyJson[]; onDelete: (key: ApiKeyJson) => void; busy: boolean; labelledBy: string }) {
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const when = (at: number) => formatDateTime(at, { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  if (keys.length === 0) return <p className="panel-empty">{API_KEY_TEXTS.none}</p>;
  return (
    <table className="panel-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Key</th>
          <th scope="col">Permissions</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id}>
            <th scope="row">{key.name}</th>
            <td data-label="Key" className="panel-mono">
              {key.prefix}
            </td>
            <td data-label="Permissions">
              <ul className="panel-scopes">
                {key.scopes.map((scope) => (
                  <li key={scope}>{scope}</li>
                ))}
              </ul>
            </td>
            <td data-label="Created">{when(key.created)}</td>
            <td data-label="Last used">{key.lastUsed === null ? API_KEY_TEXTS.never : when(key.lastUsed)}</td>
            <td className="panel-cell-actions">
              <button type="button" className="button button-secondary button-small" aria-label={API_KEY_TEXTS.deleteLabel(key.name)} disabled={busy} onClick={() => onDelete(key)}>
                {API_KEY_TEXTS.delete}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
