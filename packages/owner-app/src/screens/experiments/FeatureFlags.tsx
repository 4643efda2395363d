import { NAMED_FEATURE_FLAGS } from '@vitrine/experiments';
import { useState, type FormEvent } from 'react';
import { useCan } from '../../api/hooks';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed } from '../../ui/states';
import { useFeatureFlags, useSaveFeatureFlags, type FeatureFlag } from './experiments-api';
import { EXPERIMENT_TEXTS as TEXTS, FLAG_DESCRIPTIONS, flagLabel } from './texts';

const NAMED_CODES: readonly number[] = Object.values(NAMED_FEATURE_FLAGS);

/** The flags the owner switched but has not saved: code → wanted state, only where it differs from the server's. */
export function changedFlags(flags: readonly FeatureFlag[], wanted: ReadonlyMap<number, boolean>): Array<{ code: number; enabled: boolean }> {
  return flags.filter((flag) => wanted.has(flag.code) && wanted.get(flag.code) !== flag.enabled).map((flag) => ({ code: flag.code, enabled: wanted.get(flag.code)! }));
}

/** `/config/experiments/flags`: the 70 platform flags, the named ones first with what they gate; switches and Save. */
export function FeatureFlags() {
  const flags = useFeatureFlags();
  if (flags.isPending) return <Loading />;
  if (flags.isError) return <LoadFailed error={flags.error} retry={() => void flags.refetch()} />;
  return <FlagsForm flags={flags.data.flags} />;
}

function FlagsForm({ flags }: { flags: FeatureFlag[] }) {
  const canWrite = useCan('site:write');
  const save = useSaveFeatureFlags();
  const [wanted, setWanted] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [announcement, setAnnouncement] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const changes = changedFlags(flags, wanted);
  const named = NAMED_CODES.map((code) => flags.find((flag) => flag.code === code)).filter((flag): flag is FeatureFlag => flag !== undefined);
  const others = flags.filter((flag) => !NAMED_CODES.includes(flag.code));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (changes.length === 0) {
      setAnnouncement({ kind: 'status', text: TEXTS.flagsUnchanged });
      return;
    }
    setAnnouncement(null);
    try {
      await save.mutateAsync(changes);
      setWanted(new Map());
      setAnnouncement({ kind: 'status', text: TEXTS.flagsSaved });
    } catch (error) {
      setAnnouncement({ kind: 'alert', text: failureText(error) });
    }
  };

  const rowsOf = (list: FeatureFlag[]) =>
    list.map((flag) => {
      const on = wanted.get(flag.code) ?? flag.enabled;
      const label = `${flagLabel(flag.code)} (${flag.code})`;
      const changed = on !== flag.enabled;
      return (
        <tr key={flag.code} className={changed ? 'experiments-changed' : undefined}>
          <th scope="row">
            <label className="experiments-switch">
              <input
                type="checkbox"
                role="switch"
                checked={on}
                disabled={!canWrite}
                onChange={(event) => {
                  const next = new Map(wanted);
                  next.set(flag.code, event.target.checked);
                  setWanted(next);
                  setAnnouncement(null);
                }}
              />
              <span>{label}</span>
            </label>
          </th>
          <td data-label={TEXTS.gates}>{FLAG_DESCRIPTIONS[flag.code]?.gates ?? TEXTS.noFeatureYet}</td>
          <td data-label={TEXTS.state} className="experiments-flag-state">
            <span>
              {on ? TEXTS.on : TEXTS.off}
              {changed ? <span className="experiments-badge changed">{TEXTS.changedMark}</span> : flag.isDefault ? <span className="muted"> · {TEXTS.defaultMark}</span> : null}
            </span>
          </td>
        </tr>
      );
    });

  const table = (caption: string, list: FeatureFlag[]) => (
    <table className="data-table experiments-flags stacks-on-phone">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{TEXTS.flag}</th>
          <th scope="col">{TEXTS.gates}</th>
          <th scope="col">{TEXTS.state}</th>
        </tr>
      </thead>
      <tbody>{rowsOf(list)}</tbody>
    </table>
  );

  return (
    <form className="experiments-flags-form" onSubmit={(event) => void onSubmit(event)} aria-label={TEXTS.flagsCaption}>
      <p className="experiments-intro muted">{TEXTS.flagsIntro}</p>
      {canWrite ? null : <p className="experiments-note">{TEXTS.flagsReadOnly}</p>}
      <div className="card experiments-card">{table(TEXTS.namedFlags, named)}</div>
      <details className="card experiments-card experiments-other-flags">
        <summary>{TEXTS.otherFlagsSummary(others.length)}</summary>
        {table(TEXTS.otherFlags, others)}
      </details>
      <div className="experiments-form-actions">
        {canWrite ? (
          <>
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? TEXTS.saving : TEXTS.saveFlags}
            </button>
            {changes.length > 0 ? (
              <button type="button" className="button button-secondary" onClick={() => setWanted(new Map())}>
                {TEXTS.discard}
              </button>
            ) : null}
            <span className="muted">{changes.length > 0 ? TEXTS.unsaved(changes.length) : ''}</span>
          </>
        ) : null}
        <p className={announcement?.kind === 'alert' ? 'experiments-announcement refused' : 'experiments-announcement'} role={announcement?.kind === 'alert' ? 'alert' : 'status'}>
          {announcement?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
