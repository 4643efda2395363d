import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ContributorInvitationJson, ContributorJson, ContributorRole } from '@vitrine/contracts';
import { formatDate } from '@vitrine/format/dates';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useBoot } from '../../../api/client';
import { useConfirm } from '../../../ui/confirm';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { CONTRIBUTOR_TEXTS, looksLikeEmail, useCancelInvitation, useChangeRole, useContributors, useInviteContributor, useRemoveContributor } from './contributors-api';
import { INVITE_ROLES, ROLE_CHOICES, roleLabel } from './roles';
import '../commerce/panels.css';
import { Outcome } from '../../../ui/outcome';

type Message = { kind: 'status' | 'refusal'; text: string } | null;

/** Settings → Contributors: who works on the site (role select per row, remove), pending invitations (cancel), and the invite form. */
export default function ContributorsSection() {
  const contributors = useContributors();
  const [message, setMessage] = useState<Message>(null);
  const id = useId();
  return (
    <div className="panel">
      <InviteForm onMessage={setMessage} />
      <section className="card panel-card panel-table-card" aria-labelledby={`${id}-list`}>
        <header>
          <h2 id={`${id}-list`}>{CONTRIBUTOR_TEXTS.listTitle}</h2>
        </header>
        <Outcome status={message?.kind === 'status' ? message.text : ''} refusal={message?.kind === 'refusal' ? message.text : ''} />
        <ReadStates read={contributors}>
          {(team) => (
            <ContributorTable people={team.contributors} invitations={team.invitations} labelledBy={`${id}-list`} onMessage={setMessage} />
          )}
        </ReadStates>
      </section>
    </div>
  );
}

function InviteForm({ onMessage }: { onMessage: (message: Message) => void }) {
  const invite = useInviteContributor();
  const { confirm } = useConfirm();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ContributorRole>(10);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const emailField = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    onMessage(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setError(CONTRIBUTOR_TEXTS.emailInvalid);
      emailField.current?.focus();
      return;
    }
    setError('');
    const yes = await confirm({ title: CONTRIBUTOR_TEXTS.confirmInviteTitle, message: CONTRIBUTOR_TEXTS.confirmInvite(address, roleLabel(role)), confirmLabel: CONTRIBUTOR_TEXTS.send });
    if (!yes) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          setStatus(CONTRIBUTOR_TEXTS.invited(address.toLowerCase()));
          setEmail('');
        },
        onError: (failure) => setError(isOwnerApiError(failure) && failure.errors?.email ? failure.errors.email : failureText(failure)),
      },
    );
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{CONTRIBUTOR_TEXTS.inviteTitle}</h2>
      <p className="panel-intro">{CONTRIBUTOR_TEXTS.intro}</p>
      <form className="panel-invite" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="panel-field panel-invite-email">
          <label htmlFor={`${id}-email`}>{CONTRIBUTOR_TEXTS.email}</label>
          <input
            ref={emailField}
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-email-help ${id}-error`}
            onChange={(event) => {
              setEmail(event.target.value);
              setStatus('');
            }}
          />
        </div>
        <div className="panel-field">
          <label htmlFor={`${id}-role`}>{CONTRIBUTOR_TEXTS.role}</label>
          <select id={`${id}-role`} value={role} aria-describedby={`${id}-role-help`} onChange={(event) => setRole(Number(event.target.value) as ContributorRole)}>
            {INVITE_ROLES.map((choice) => (
              <option key={choice.role} value={choice.role}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {invite.isPending ? CONTRIBUTOR_TEXTS.sending : CONTRIBUTOR_TEXTS.send}
        </button>
      </form>
      <p id={`${id}-email-help`} className="panel-help">
        {CONTRIBUTOR_TEXTS.emailHelp}
      </p>
      <p id={`${id}-role-help`} className="panel-help">
        {roleLabel(role)}: {ROLE_CHOICES.find((choice) => choice.role === role)?.summary}
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

function ContributorTable({ people, invitations, labelledBy, onMessage }: { people: ContributorJson[]; invitations: ContributorInvitationJson[]; labelledBy: string; onMessage: (message: Message) => void }) {
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const day = (at: number) => formatDate(at, { locale, timeZone, dateStyle: 'medium' });
  return (
    <table className="panel-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Since</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => (
          <ContributorRow key={person.siteUserId} person={person} since={day(person.since)} onMessage={onMessage} />
        ))}
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.invitationId} invitation={invitation} invited={day(invitation.invited)} expires={day(invitation.expires)} onMessage={onMessage} />
        ))}
      </tbody>
    </table>
  );
}

function ContributorRow({ person, since, onMessage }: { person: ContributorJson; since: string; onMessage: (message: Message) => void }) {
  const change = useChangeRole();
  const remove = useRemoveContributor();
  const { confirm } = useConfirm();
  const [role, setRole] = useState<ContributorRole>(person.role);
  const id = useId();
  useEffect(() => setRole(person.role), [person.role]);

  const onSave = () => {
    onMessage(null);
    change.mutate(
      { siteUserId: person.siteUserId, role },
      {
        onSuccess: () => onMessage({ kind: 'status', text: CONTRIBUTOR_TEXTS.roleSaved(person.email, roleLabel(role)) }),
        onError: (error) => {
          setRole(person.role);
          onMessage({ kind: 'refusal', text: failureText(error) });
        },
      },
    );
  };

  const onRemove = async () => {
    onMessage(null);
    const yes = await confirm({ title: CONTRIBUTOR_TEXTS.removeTitle, message: CONTRIBUTOR_TEXTS.removeMessage(person.email), confirmLabel: CONTRIBUTOR_TEXTS.removeConfirm, destructive: true });
    if (!yes) return;
    remove.mutate(person.siteUserId, {
      onSuccess: () => onMessage({ kind: 'status', text: CONTRIBUTOR_TEXTS.removed(person.email) }),
      onError: (error) => onMessage({ kind: 'refusal', text: failureText(error) }),
    });
  };

  return (
    <tr>
      <th scope="row" className="panel-email">
        {person.email}
        {person.you ? <span className="panel-badge">{CONTRIBUTOR_TEXTS.you}</span> : null}
      </th>
      <td data-label="Role">
        {person.you ? (
          <span title={CONTRIBUTOR_TEXTS.yourRole}>{roleLabel(person.role)}</span>
        ) : (
          <span className="panel-role">
            <label htmlFor={id} className="visually-hidden">
              {CONTRIBUTOR_TEXTS.roleOf(person.email)}
            </label>
            <select id={id} value={role} onChange={(event) => setRole(Number(event.target.value) as ContributorRole)}>
              {ROLE_CHOICES.map((choice) => (
                <option key={choice.role} value={choice.role}>
                  {choice.label}
                </option>
              ))}
            </select>
            {role !== person.role ? (
              <button type="button" className="button button-primary button-small" aria-label={CONTRIBUTOR_TEXTS.saveRoleOf(person.email)} disabled={change.isPending} onClick={onSave}>
                {CONTRIBUTOR_TEXTS.saveRole}
              </button>
            ) : null}
          </span>
        )}
      </td>
      <td data-label="Status">{CONTRIBUTOR_TEXTS.accepted}</td>
      <td data-label="Since">{since}</td>
      <td className="panel-cell-actions">
        {person.you ? null : (
          <button type="button" className="button button-secondary button-small" aria-label={CONTRIBUTOR_TEXTS.removeOf(person.email)} disabled={remove.isPending} onClick={() => void onRemove()}>
            {CONTRIBUTOR_TEXTS.remove}
          </button>
        )}
      </td>
    </tr>
  );
}

function InvitationRow({ invitation, invited, expires, onMessage }: { invitation: ContributorInvitationJson; invited: string; expires: string; onMessage: (message: Message) => void }) {
  const cancel = useCancelInvitation();
  const { confirm } = useConfirm();
  const onCancel = async () => {
    onMessage(null);
    const yes = await confirm({
      title: CONTRIBUTOR_TEXTS.cancelTitle,
      message: CONTRIBUTOR_TEXTS.cancelMessage(invitation.email),
      confirmLabel: CONTRIBUTOR_TEXTS.cancelConfirm,
      cancelLabel: CONTRIBUTOR_TEXTS.keepInvitation,
      destructive: true,
    });
    if (!yes) return;
    cancel.mutate(invitation.invitationId, {
      onSuccess: () => onMessage({ kind: 'status', text: CONTRIBUTOR_TEXTS.cancelled(invitation.email) }),
      onError: (error) => onMessage({ kind: 'refusal', text: failureText(error) }),
    });
  };
  return (
    <tr>
      <th scope="row" className="panel-email">
        {invitation.email}
      </th>
      <td data-label="Role">{roleLabel(invitation.role)}</td>
      <td data-label="Status">
        <span>
          <span className="panel-badge panel-badge-pending panel-badge-first">{CONTRIBUTOR_TEXTS.invitedStatus}</span> <span className="panel-help">{CONTRIBUTOR_TEXTS.expires(expires)}</span>
        </span>
      </td>
      <td data-label="Since">{invited}</td>
      <td className="panel-cell-actions">
        <button type="button" className="button button-secondary button-small" aria-label={CONTRIBUTOR_TEXTS.cancelInviteOf(invitation.email)} disabled={cancel.isPending} onClick={() => void onCancel()}>
          {CONTRIBUTOR_TEXTS.cancelInvite}
        </button>
      </td>
    </tr>
  );
}
