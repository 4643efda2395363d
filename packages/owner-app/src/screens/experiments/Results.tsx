import { EVENT_SCHEMA_NAMES } from '@vitrine/tracking/event-names';
import { useId, useState } from 'react';
import { useCan } from '../../api/hooks';
import { navigate } from '../../app/router';
import { useLocale } from '../../ui/locale';
import { Empty, Loading, LoadFailed, ReadStates } from '../../ui/states';
import { useExperimentResults, useExperiments, type Experiment } from './experiments-api';
import { differenceText, pValueText, rateText, verdictText } from './results-format';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';

/** `/config/experiments/results[/<id>]`: choose an A/B test, then its table per variant over a range and an event. */
export function Results({ experimentId }: { experimentId: string }) {
  const canRead = useCan('reports:read');
  const experiments = useExperiments();
  const chooserId = useId();
  if (!canRead) return <p className="experiments-note">{TEXTS.resultsNeedReports}</p>;
  if (experiments.isPending) return <Loading />;
  if (experiments.isError) return <LoadFailed error={experiments.error} retry={() => void experiments.refetch()} />;
  const tests = experiments.data.experiments.filter((each) => each.experimentType === 'AB_TEST');
  if (tests.length === 0) {
    return (
      <Empty title={TEXTS.noTests}>
        <p className="muted">{TEXTS.noTestsHelp}</p>
      </Empty>
    );
  }
  const chosen = tests.find((each) => each.id === experimentId) ?? tests[0]!;
  return (
    <>
      <p className="experiments-intro muted">{TEXTS.resultsIntro}</p>
      <div className="field experiments-chooser">
        <label htmlFor={chooserId}>{TEXTS.chooseTest}</label>
        <select id={chooserId} value={chosen.id} onChange={(event) => navigate(`/config/experiments/results/${encodeURIComponent(event.target.value)}`, { replace: true, focus: false })}>
          {tests.map((test) => (
            <option key={test.id} value={test.id}>{test.name}</option>
          ))}
        </select>
      </div>
      <ResultsOf key={chosen.id} experiment={chosen} />
    </>
  );
}

function ResultsOf({ experiment }: { experiment: Experiment }) {
  const locale = useLocale();
  const id = useId();
  const [range, setRange] = useState({ from: '', to: '' });
  const [conversionEvent, setConversionEvent] = useState(experiment.conversionEvent);
  const results = useExperimentResults(experiment.id, range, conversionEvent);
  const rows = results.data?.variants ?? [];
  const control = rows[0];
  return (
    <>
      <div className="card experiments-controls">
        <div className="field">
          <label htmlFor={`${id}-from`}>{TEXTS.from}</label>
          <input id={`${id}-from`} type="date" value={range.from || results.data?.from || ''} onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{TEXTS.to}</label>
          <input id={`${id}-to`} type="date" value={range.to || results.data?.to || ''} onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-event`}>{TEXTS.conversionEvent}</label>
          <select id={`${id}-event`} value={conversionEvent} onChange={(event) => setConversionEvent(event.target.value)}>
            {EVENT_SCHEMA_NAMES.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </div>
      </div>
      <ReadStates read={results}>
        {(report) => (
          <div className="card experiments-card" aria-busy={results.isFetching}>
            <table className="data-table experiments-results stacks-on-phone">
              <caption>{TEXTS.resultsCaption(report.name, report.conversionEvent)}</caption>
              <thead>
                <tr>
                  <th scope="col">{TEXTS.variant}</th>
                  <th scope="col" className="numeric">{TEXTS.exposures}</th>
                  <th scope="col" className="numeric">{TEXTS.conversions}</th>
                  <th scope="col" className="numeric">{TEXTS.rate}</th>
                  <th scope="col" className="numeric">{TEXTS.difference}</th>
                  <th scope="col" className="numeric">{TEXTS.pValue}</th>
                  <th scope="col">{TEXTS.verdict}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.variant}>
                    <th scope="row">{row.variant}</th>
                    <td data-label={TEXTS.exposures} className="numeric">{row.exposures.toLocaleString(locale)}</td>
                    <td data-label={TEXTS.conversions} className="numeric">{row.conversions.toLocaleString(locale)}</td>
                    <td data-label={TEXTS.rate} className="numeric">{rateText(row, locale)}</td>
                    <td data-label={TEXTS.difference} className="numeric">{row.difference ? differenceText(row.difference, locale) : '—'}</td>
                    <td data-label={TEXTS.pValue} className="numeric">{row.difference ? pValueText(row.difference.pValue) : '—'}</td>
                    <td data-label={TEXTS.verdict}>
                      <span className={`experiments-verdict ${row.difference ? (row.difference.significant && row.enoughData && control?.enoughData ? 'significant' : 'pending') : 'control'}`}>{verdictText(row, control)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="experiments-footnote muted">{TEXTS.methodNote}</p>
          </div>
        )}
      </ReadStates>
    </>
  );
}
