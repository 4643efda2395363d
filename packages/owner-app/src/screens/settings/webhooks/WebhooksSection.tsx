import { useId, useRef, useState } from 'react';
import type { WebhookDeliveryJson, WebhookEndpointJson } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { useBoot } from '../../../api/client';
import { useConfirm } from '../../../ui/confirm';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { EndpointModal, SecretModal } from './EndpointModal';
import { WEBHOOK_DOCS_URL, WEBHOOK_TEXTS, useDeleteEndpoint, useResendDelivery, useRotateSecret, useWebhookDeliveries, useWebhookEndpoints } from './webhooks-api';
import '../commerce/panels.css';
import './webhooks.css';
import { Outcome } from '../../../ui/outcome';

function useWhen() {
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  return (at: number) => formatDateTime(at, { locale, timeZone, dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * Settings → Webhooks (issue 37): the endpoints (URL, description, events, on or off, why the platform switched one
 * off), Add endpoint and Edit (EndpointModal), the secret shown once after adding or rotating, Delete with the
 * confirm modal, and each endpoint's delivery log (the body sent, every attempt's answer and timing) with Resend.
 */
export default function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const { confirm } = useConfirm();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const [editing, setEditing] = useState<WebhookEndpointJson | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  const say = (text: string) => {
    setRefusal('');
    setStatus(text);
  };
  const refuse = (error: Error) => {
    setStatus('');
    setRefusal(failureText(error));
  };

  const onDelete = async (endpoint: WebhookEndpointJson) => {
    say('');
    if (!(await confirm({ title: WEBHOOK_TEXTS.deleteTitle, message: WEBHOOK_TEXTS.deleteMessage(endpoint.url), confirmLabel: WEBHOOK_TEXTS.deleteConfirm, destructive: true }))) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        if (logOf === endpoint.id) setLogOf(null);
        say(WEBHOOK_TEXTS.deleted(endpoint.url));
      },
      onError: refuse,
    });
  };

  const onRotate = async (endpoint: WebhookEndpointJson) => {
    say('');
    if (!(await confirm({ title: WEBHOOK_TEXTS.rotateTitle, message: WEBHOOK_TEXTS.rotateMessage, confirmLabel: WEBHOOK_TEXTS.rotateConfirm }))) return;
    rotate.mutate(endpoint.id, { onSuccess: (reply) => setSecret(reply.secret), onError: refuse });
  };

  return (
    <div className="panel">
      <section className="card panel-card" aria-labelledby={`${id}-about`}>
        <h2 id={`${id}-about`}>About webhooks</h2>
        <p className="panel-intro">{WEBHOOK_TEXTS.intro}</p>
        <p className="panel-intro">{WEBHOOK_TEXTS.signing}</p>
        <ul className="panel-links">
          <li>
            <a href={WEBHOOK_DOCS_URL} target="_blank" rel="noopener">
              {WEBHOOK_TEXTS.learnMore}
              <span className="visually-hidden">{WEBHOOK_TEXTS.learnMoreHidden}</span>
            </a>
          </li>
        </ul>
      </section>

      <section className="card panel-card panel-table-card" aria-labelledby={`${id}-list`}>
        <header>
          <h2 id={`${id}-list`}>{WEBHOOK_TEXTS.listCaption}</h2>
          <button ref={addButton} type="button" className="button button-primary" onClick={() => (say(''), setEditing('new'))}>
            {WEBHOOK_TEXTS.add}
          </button>
        </header>
        <Outcome status={status} refusal={refusal} />
        <ReadStates read={endpoints}>
          {(list) =>
            list.endpoints.length === 0 ? (
              <p className="panel-empty">{WEBHOOK_TEXTS.none}</p>
            ) : (
              <table className="panel-table" aria-labelledby={`${id}-list`}>
                <thead>
                  <tr>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Events</th>
                    <th scope="col">Status</th>
                    <th scope="col">Secret</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.endpoints.map((endpoint) => (
                    <tr key={endpoint.id}>
                      <th scope="row">
                        <span className="panel-mono webhook-url">{endpoint.url}</span>
                        {endpoint.description ? <span className="webhook-description">{endpoint.description}</span> : null}
                      </th>
                      <td data-label="Events">
                        <ul className="panel-scopes">
                          {endpoint.events.map((type) => (
                            <li key={type}>{type}</li>
                          ))}
                        </ul>
                      </td>
                      <td data-label="Status">
                        {endpoint.enabled ? WEBHOOK_TEXTS.on : endpoint.disabledReason ? `${WEBHOOK_TEXTS.switchedOff}: ${endpoint.disabledReason}` : WEBHOOK_TEXTS.off}
                      </td>
                      <td data-label="Secret" className="panel-mono">
                        {endpoint.secretPrefix}
                      </td>
                      <td className="panel-cell-actions webhook-actions">
                        <button type="button" className="button button-secondary button-small" aria-pressed={logOf === endpoint.id} aria-label={WEBHOOK_TEXTS.deliveriesLabel(endpoint.url)} onClick={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}>
                          {WEBHOOK_TEXTS.deliveries}
                        </button>
                        <button type="button" className="button button-secondary button-small" aria-label={WEBHOOK_TEXTS.editLabel(endpoint.url)} onClick={() => (say(''), setEditing(endpoint))}>
                          {WEBHOOK_TEXTS.edit}
                        </button>
                        <button type="button" className="button button-secondary button-small" aria-label={WEBHOOK_TEXTS.rotateLabel(endpoint.url)} disabled={rotate.isPending} onClick={() => void onRotate(endpoint)}>
                          {WEBHOOK_TEXTS.rotate}
                        </button>
                        <button type="button" className="button button-secondary button-small" aria-label={WEBHOOK_TEXTS.deleteLabel(endpoint.url)} disabled={remove.isPending} onClick={() => void onDelete(endpoint)}>
                          {WEBHOOK_TEXTS.delete}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </ReadStates>
      </section>

      {logOf && endpoints.data?.endpoints.some((endpoint) => endpoint.id === logOf) ? (
        <DeliveryLog endpoint={endpoints.data.endpoints.find((endpoint) => endpoint.id === logOf)!} />
      ) : null}

      {editing ? (
        <EndpointModal
          events={endpoints.data?.events ?? []}
          endpoint={editing === 'new' ? undefined : editing}
          returnFocusTo={addButton}
          onClose={(outcome) => {
            const wasNew = editing === 'new';
            setEditing(null);
            if (!outcome) return;
            say(wasNew ? WEBHOOK_TEXTS.created(outcome.endpoint.url) : WEBHOOK_TEXTS.saved(outcome.endpoint.url));
            if (outcome.secret) setSecret(outcome.secret);
          }}
        />
      ) : null}
      {secret ? <SecretModal secret={secret} returnFocusTo={addButton} onClose={() => setSecret(null)} /> : null}
    </div>
  );
}

function answerOf(delivery: WebhookDeliveryJson): string {
  const last = delivery.attemptLog.at(-1);
  if (!last) return '—';
  return last.responseStatus === null ? (last.error ?? WEBHOOK_TEXTS.noAnswer) : String(last.responseStatus);
}

/** One endpoint's deliveries, newest first: event, status, attempts, when; the body and each attempt in a disclosure; Resend. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointJson }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  const when = useWhen();
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  return (
    <section className="card panel-card panel-table-card" aria-labelledby={`${id}-log`}>
      <header>
        <h2 id={`${id}-log`}>{WEBHOOK_TEXTS.deliveriesLabel(endpoint.url)}</h2>
        <button type="button" className="button button-secondary" onClick={() => void deliveries.refetch()}>
          {WEBHOOK_TEXTS.refresh}
        </button>
      </header>
      <Outcome status={status} refusal={refusal} />
      <ReadStates read={deliveries}>
        {(log) =>
          log.deliveries.length === 0 ? (
            <p className="panel-empty">{WEBHOOK_TEXTS.logEmpty}</p>
          ) : (
            <ul className="webhook-log">
              {log.deliveries.map((delivery) => (
                <li key={delivery.id} className="webhook-delivery">
                  <dl className="webhook-facts">
                    <div>
                      <dt>{WEBHOOK_TEXTS.event}</dt>
                      <dd className="panel-mono">{delivery.eventType}</dd>
                    </div>
                    <div>
                      <dt>{WEBHOOK_TEXTS.status}</dt>
                      <dd>
                        <span className={`panel-badge webhook-status-${delivery.status}`}>{WEBHOOK_TEXTS.statusText[delivery.status]}</span>
                      </dd>
                    </div>
                    <div>
                      <dt>{WEBHOOK_TEXTS.attempts}</dt>
                      <dd>{delivery.attempts}</dd>
                    </div>
                    <div>
                      <dt>{WEBHOOK_TEXTS.lastAnswer}</dt>
                      <dd>{answerOf(delivery)}</dd>
                    </div>
                    <div>
                      <dt>{WEBHOOK_TEXTS.createdAt}</dt>
                      <dd>{when(delivery.created)}</dd>
                    </div>
                    {delivery.nextAttemptAt !== null && delivery.attempts > 0 ? (
                      <div>
                        <dt>{WEBHOOK_TEXTS.nextAttempt}</dt>
                        <dd>{when(delivery.nextAttemptAt)}</dd>
                      </div>
                    ) : null}
                  </dl>
                  <details>
                    <summary>
                      {WEBHOOK_TEXTS.details}
                      <span className="visually-hidden"> of {delivery.eventType} {delivery.eventId}</span>
                    </summary>
                    <p className="panel-help">
                      webhook-id: <span className="panel-mono">{delivery.eventId}</span>
                    </p>
                    <h3 className="webhook-subheading">{WEBHOOK_TEXTS.requestBody}</h3>
                    <pre className="webhook-body" tabIndex={0}>{JSON.stringify(JSON.parse(delivery.requestBody), null, 2)}</pre>
                    <ol className="webhook-attempts">
                      {delivery.attemptLog.map((attempt) => (
                        <li key={attempt.attempt}>
                          <p>
                            {WEBHOOK_TEXTS.attemptLine(attempt.attempt, attempt.responseStatus === null ? (attempt.error ?? WEBHOOK_TEXTS.noAnswer) : String(attempt.responseStatus), attempt.durationMs)}
                            {' · '}
                            {when(attempt.at)}
                          </p>
                          {attempt.responseBody ? <pre className="webhook-body">{attempt.responseBody}</pre> : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={WEBHOOK_TEXTS.resendLabel(delivery.eventType, delivery.eventId)}
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(delivery.id, {
                        onSuccess: () => (setRefusal(''), setStatus(WEBHOOK_TEXTS.resent(delivery.eventType))),
                        onError: (error) => (setStatus(''), setRefusal(failureText(error))),
                      })
                    }
                  >
                    {WEBHOOK_TEXTS.resend}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </ReadStates>
    </section>
  );
}
