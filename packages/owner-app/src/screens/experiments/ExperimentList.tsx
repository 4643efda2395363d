import { useState } from 'react';
import { useCan } from '../../api/hooks';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { Empty, ReadStates } from '../../ui/states';
import { useDeleteExperiment, useExperiments, type Experiment } from './experiments-api';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';

/** A toggle's variants as its roll-out; an A/B test's as 'name weight' pairs, the control first. */
export function variantsText(experiment: Experiment): string {
  if (experiment.experimentType === 'FEATURE_TOGGLE') {
    const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
    const on = experiment.variants.find((variant) => variant.name === 'true')?.weight ?? 0;
    return TEXTS.rolloutOf(String(total > 0 ? Math.round((on / total) * 1000) / 10 : 0));
  }
  return experiment.variants.map((variant) => TEXTS.weightOf(variant.name, variant.weight)).join(' · ');
}

/** The experiments, the website's own then the platform's, with what each is and does; New, Edit, Results, Delete. */
export function ExperimentList() {
  const experiments = useExperiments();
  const canWrite = useCan('site:write');
  const canReadResults = useCan('reports:read');
  const remove = useDeleteExperiment();
  const { confirm } = useConfirm();
  const [announcement, setAnnouncement] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);

  const deleteExperiment = async (experiment: Experiment) => {
    const confirmed = await confirm({ title: TEXTS.confirmDeleteTitle(experiment.name), message: TEXTS.confirmDeleteMessage, confirmLabel: TEXTS.confirmDeleteLabel, destructive: true });
    if (!confirmed) return;
    setAnnouncement(null);
    try {
      await remove.mutateAsync(experiment.id);
      setAnnouncement({ kind: 'status', text: TEXTS.deleted(experiment.name) });
    } catch (error) {
      setAnnouncement({ kind: 'alert', text: failureText(error) });
    }
  };

  const rows = experiments.data?.experiments ?? [];
  const hasPlatformRows = rows.some((row) => row.scope === 'platform');
  return (
    <>
      <div className="experiments-toolbar">
        <p className="experiments-intro muted">{TEXTS.intro}</p>
        {canWrite ? (
          <Link to="/config/experiments/new" className="button button-primary">
            {TEXTS.newExperiment}
          </Link>
        ) : null}
      </div>
      {canWrite ? null : <p className="experiments-note">{TEXTS.readOnly}</p>}
      <p className={announcement?.kind === 'alert' ? 'experiments-announcement refused' : 'experiments-announcement'} role={announcement?.kind === 'alert' ? 'alert' : 'status'}>
        {announcement?.text ?? ''}
      </p>
      <ReadStates
        read={experiments}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={TEXTS.none}>
            <p className="muted">{TEXTS.noneHelp}</p>
          </Empty>
        }
      >
        {() => (
          <div className="card experiments-card">
            <table className="data-table experiments-table stacks-on-phone">
              <caption className="visually-hidden">{TEXTS.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{TEXTS.name}</th>
                  <th scope="col">{TEXTS.type}</th>
                  <th scope="col">{TEXTS.status}</th>
                  <th scope="col">{TEXTS.variants}</th>
                  <th scope="col">{TEXTS.segment}</th>
                  <th scope="col">
                    <span className="visually-hidden">{TEXTS.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((experiment) => {
                  const editable = canWrite && experiment.scope === 'website';
                  return (
                    <tr key={experiment.id}>
                      <th scope="row" className="experiments-name">
                        <Link to={`/config/experiments/${encodeURIComponent(experiment.id)}`}>{experiment.name}</Link>
                        {experiment.scope === 'platform' ? <span className="experiments-badge platform">{TEXTS.platformBadge}</span> : null}
                      </th>
                      <td data-label={TEXTS.type}>{TEXTS.types[experiment.experimentType]}</td>
                      <td data-label={TEXTS.status}>
                        <span className={`experiments-badge ${experiment.status}`}>{TEXTS.statuses[experiment.status]}</span>
                      </td>
                      <td data-label={TEXTS.variants}>{variantsText(experiment)}</td>
                      <td data-label={TEXTS.segment}>{experiment.segment?.name ?? TEXTS.everyone}</td>
                      <td className="experiments-actions">
                        <Link to={`/config/experiments/${encodeURIComponent(experiment.id)}`} className="button button-secondary" aria-label={editable ? TEXTS.editNamed(experiment.name) : TEXTS.viewNamed(experiment.name)}>
                          {editable ? TEXTS.edit : TEXTS.view}
                        </Link>
                        {experiment.experimentType === 'AB_TEST' && canReadResults ? (
                          <Link to={`/config/experiments/results/${encodeURIComponent(experiment.id)}`} className="button button-secondary" aria-label={TEXTS.resultsOf(experiment.name)}>
                            {TEXTS.results}
                          </Link>
                        ) : null}
                        {editable ? (
                          <button type="button" className="button button-secondary" disabled={remove.isPending} aria-label={TEXTS.deleteNamed(experiment.name)} onClick={() => void deleteExperiment(experiment)}>
                            {TEXTS.delete}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {hasPlatformRows ? <p className="experiments-footnote muted">{`${TEXTS.platformBadge}: ${TEXTS.platformNote}`}</p> : null}
          </div>
        )}
      </ReadStates>
    </>
  );
}
