import { useId, useRef, useState, type FormEvent } from 'react';
import type { DomainCheck, DomainJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { DOMAIN_TEXTS, looksLikeDomain, useAddDomain, useDomains, useMakePrimary, useRemoveDomain, useVerifyDomain } from './domains-api';
import '../commerce/panels.css';
import './domains.css';
import { Outcome } from '../../../ui/outcome';

type Message = { kind: 'status' | 'refusal'; text: string } | null;

/**
 * Settings → Domains (issue 32): add a domain, the TXT record that proves it (or the address the platform reads when
 * the domain points here), Verify now, Make primary, Remove with a confirm. The platform subdomain is listed first:
 * it is primary while no domain is, and can be made primary again.
 */
export default function DomainsSection() {
  const domains = useDomains();
  const [message, setMessage] = useState<Message>(null);
  const id = useId();
  return (
    <div className="panel">
      <ReadStates read={domains}>
        {(reply) =>
          reply.subdomain === null ? (
            <section className="card panel-card" aria-labelledby={`${id}-one-site`}>
              <h2 id={`${id}-one-site`}>{DOMAIN_TEXTS.listTitle}</h2>
              <p className="panel-intro">{DOMAIN_TEXTS.oneSite}</p>
            </section>
          ) : (
            <>
              <AddForm count={reply.domains.length} limit={reply.limit} onAdded={() => setMessage(null)} />
              <section className="card panel-card" aria-labelledby={`${id}-list`}>
                <h2 id={`${id}-list`}>{DOMAIN_TEXTS.listTitle}</h2>
                <Outcome status={message?.kind === 'status' ? message.text : ''} refusal={message?.kind === 'refusal' ? message.text : ''} />
                <ul className="domain-list" aria-labelledby={`${id}-list`}>
                  <PlatformAddress subdomain={reply.subdomain} primary={reply.primaryHost === reply.subdomain} onMessage={setMessage} />
                  {reply.domains.map((domain) => (
                    <DomainItem key={domain.host} domain={domain} subdomain={reply.subdomain!} onMessage={setMessage} />
                  ))}
                </ul>
              </section>
            </>
          )
        }
      </ReadStates>
    </div>
  );
}

function AddForm({ count, limit, onAdded }: { count: number; limit: number; onAdded: () => void }) {
  const add = useAddDomain();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    if (!looksLikeDomain(domain)) {
      setError(DOMAIN_TEXTS.domainInvalid);
      field.current?.focus();
      return;
    }
    setError('');
    add.mutate(domain.trim(), {
      onSuccess: ({ domain: added }) => {
        setDomain('');
        setStatus(DOMAIN_TEXTS.added(added.host));
        onAdded();
      },
      onError: (failure) => {
        setError(isOwnerApiError(failure) && failure.errors?.domain ? failure.errors.domain : failureText(failure));
        field.current?.focus();
      },
    });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{DOMAIN_TEXTS.addTitle}</h2>
      <p className="panel-intro">{DOMAIN_TEXTS.intro}</p>
      <form className="panel-invite" onSubmit={onSubmit} noValidate>
        <div className="panel-field panel-invite-email">
          <label htmlFor={`${id}-domain`}>{DOMAIN_TEXTS.domain}</label>
          <input
            ref={field}
            id={`${id}-domain`}
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={domain}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help ${id}-error`}
            onChange={(event) => {
              setDomain(event.target.value);
              setStatus('');
            }}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? DOMAIN_TEXTS.adding : DOMAIN_TEXTS.add}
        </button>
      </form>
      <p id={`${id}-help`} className="panel-help">
        {DOMAIN_TEXTS.domainHelp} {DOMAIN_TEXTS.limit(count, limit)}
      </p>
      <p role="status" className="panel-status">
        {status}
      </p>
      <p id={`${id}-error`} role="alert" className="panel-error">
        {error}
      </p>
    </section>
  );
}

function PlatformAddress({ subdomain, primary, onMessage }: { subdomain: string; primary: boolean; onMessage: (message: Message) => void }) {
  const makePrimary = useMakePrimary();
  const id = useId();
  const onMakePrimary = () => {
    onMessage(null);
    makePrimary.mutate(subdomain, {
      onSuccess: () => onMessage({ kind: 'status', text: DOMAIN_TEXTS.madePrimary(subdomain) }),
      onError: (error) => onMessage({ kind: 'refusal', text: failureText(error) }),
    });
  };
  return (
    <li className="domain-item" aria-labelledby={`${id}-host`}>
      <div className="domain-head">
        <h3 id={`${id}-host`} className="panel-mono">
          {subdomain}
        </h3>
        <span className="panel-badge panel-badge-first">{DOMAIN_TEXTS.platformAddress}</span>
        {primary ? <span className="panel-badge domain-badge-primary">{DOMAIN_TEXTS.primary}</span> : null}
      </div>
      {primary ? <p className="panel-help">{DOMAIN_TEXTS.primaryHelp}</p> : null}
      {primary ? null : (
        <div className="panel-actions">
          <button type="button" className="button button-secondary button-small" aria-label={DOMAIN_TEXTS.makePrimaryOf(subdomain)} disabled={makePrimary.isPending} onClick={onMakePrimary}>
            {DOMAIN_TEXTS.makePrimary}
          </button>
        </div>
      )}
    </li>
  );
}

function DomainItem({ domain, subdomain, onMessage }: { domain: DomainJson; subdomain: string; onMessage: (message: Message) => void }) {
  const verify = useVerifyDomain();
  const makePrimary = useMakePrimary();
  const remove = useRemoveDomain();
  const { confirm } = useConfirm();
  const [checks, setChecks] = useState<DomainCheck[]>([]);
  const id = useId();
  const { host } = domain;
  const verified = domain.status === 'verified';

  const onVerify = () => {
    onMessage(null);
    verify.mutate(host, {
      onSuccess: (answer) => {
        setChecks(answer.verified ? [] : answer.checks);
        onMessage({ kind: 'status', text: answer.verified ? DOMAIN_TEXTS.verified(host) : DOMAIN_TEXTS.notVerified(host) });
      },
      onError: (error) => {
        setChecks([]);
        onMessage({ kind: 'refusal', text: failureText(error) });
      },
    });
  };

  const onMakePrimary = () => {
    onMessage(null);
    makePrimary.mutate(host, {
      onSuccess: () => onMessage({ kind: 'status', text: DOMAIN_TEXTS.madePrimary(host) }),
      onError: (error) => onMessage({ kind: 'refusal', text: failureText(error) }),
    });
  };

  const onRemove = async () => {
    onMessage(null);
    const yes = await confirm({
      title: DOMAIN_TEXTS.removeTitle,
      message: DOMAIN_TEXTS.removeMessage(host, domain.primary ? subdomain : null),
      confirmLabel: DOMAIN_TEXTS.remove,
      destructive: true,
    });
    if (!yes) return;
    remove.mutate(host, {
      onSuccess: () => onMessage({ kind: 'status', text: DOMAIN_TEXTS.removed(host) }),
      onError: (error) => onMessage({ kind: 'refusal', text: failureText(error) }),
    });
  };

  return (
    <li className="domain-item" aria-labelledby={`${id}-host`}>
      <div className="domain-head">
        <h3 id={`${id}-host`} className="panel-mono">
          {host}
        </h3>
        <span className={`panel-badge panel-badge-first${verified ? '' : ' panel-badge-pending'}`}>{DOMAIN_TEXTS.status[domain.status]}</span>
        {domain.primary ? <span className="panel-badge domain-badge-primary">{DOMAIN_TEXTS.primary}</span> : null}
      </div>
      {domain.primary ? <p className="panel-help">{DOMAIN_TEXTS.primaryHelp}</p> : null}
      {verified ? null : (
        <div className="domain-proof">
          {domain.status === 'taken' ? <p className="panel-help">{DOMAIN_TEXTS.takenHelp}</p> : null}
          <p id={`${id}-record`}>{DOMAIN_TEXTS.recordIntro}</p>
          <dl className="domain-record" aria-labelledby={`${id}-record`}>
            <div>
              <dt>{DOMAIN_TEXTS.recordType}</dt>
              <dd className="panel-mono">{domain.txtRecord.type}</dd>
            </div>
            <div>
              <dt>{DOMAIN_TEXTS.recordName}</dt>
              <dd className="panel-mono">{domain.txtRecord.name}</dd>
            </div>
            <div>
              <dt>{DOMAIN_TEXTS.recordValue}</dt>
              <dd className="panel-mono">{domain.txtRecord.value}</dd>
            </div>
          </dl>
          <p className="panel-help">{DOMAIN_TEXTS.pointInstead(subdomain, domain.httpToken.url)}</p>
          {checks.length > 0 ? (
            <ul className="domain-checks" aria-label={DOMAIN_TEXTS.checksOf(host)}>
              {checks.map((check) => (
                <li key={check.method}>{check.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <div className="panel-actions">
        {verified ? null : (
          <button type="button" className="button button-primary button-small" aria-label={DOMAIN_TEXTS.verifyOf(host)} disabled={verify.isPending} onClick={onVerify}>
            {verify.isPending ? DOMAIN_TEXTS.verifying : DOMAIN_TEXTS.verify}
          </button>
        )}
        {verified && !domain.primary ? (
          <button type="button" className="button button-secondary button-small" aria-label={DOMAIN_TEXTS.makePrimaryOf(host)} disabled={makePrimary.isPending} onClick={onMakePrimary}>
            {DOMAIN_TEXTS.makePrimary}
          </button>
        ) : null}
        <button type="button" className="button button-secondary button-small" aria-label={DOMAIN_TEXTS.removeOf(host)} disabled={remove.isPending} onClick={() => void onRemove()}>
          {DOMAIN_TEXTS.remove}
        </button>
      </div>
    </li>
  );
}
