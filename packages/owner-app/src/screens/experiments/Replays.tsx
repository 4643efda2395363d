import { useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { Link, setSearch, useLocation } from '../../app/router';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, Loading, LoadFailed } from '../../ui/states';
import { useCreateExperiment, useExperiments, useReplaySessions } from './experiments-api';
import { durationText, missingRecordingExperiments, recordingState, whenText } from './replay-setup';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';

/** `/config/experiments/replays`: how recording is turned on (and a button that does it), then the sessions. */
export function Replays() {
  const canRead = useCan('reports:read');
  return (
    <>
      <p className="experiments-intro muted">{TEXTS.replaysIntro}</p>
      <RecordingSetup />
      {canRead ? <SessionList /> : <p className="experiments-note">{TEXTS.replaysNeedReports}</p>}
    </>
  );
}

function RecordingSetup() {
  const experiments = useExperiments();
  const canWrite = useCan('site:write');
  const create = useCreateExperiment();
  const [announcement, setAnnouncement] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const list = experiments.data?.experiments ?? [];
  const state = experiments.isSuccess ? recordingState(list) : null;
  const missing = missingRecordingExperiments(list);

  const turnOn = async () => {
    setAnnouncement(null);
    try {
      for (const body of missing) await create.mutateAsync(body);
      setAnnouncement({ kind: 'status', text: TEXTS.turnedOn });
    } catch (error) {
      setAnnouncement({ kind: 'alert', text: failureText(error) });
    }
  };

  return (
    <section className="card experiments-recording" aria-labelledby="experiments-recording-title">
      <h2 id="experiments-recording-title">{TEXTS.recordingTitle}</h2>
      <p>{TEXTS.recordingHelp}</p>
      {state === 'on' ? <p className="experiments-recording-state on">{TEXTS.recordingOn}</p> : state === 'partly' ? <p className="experiments-recording-state">{TEXTS.recordingPartly}</p> : null}
      {canWrite && experiments.isSuccess && missing.length > 0 ? (
        <button type="button" className="button button-primary" disabled={create.isPending} onClick={() => void turnOn()}>
          {create.isPending ? TEXTS.turningOn : TEXTS.turnOn}
        </button>
      ) : null}
      <p className={announcement?.kind === 'alert' ? 'experiments-announcement refused' : 'experiments-announcement'} role={announcement?.kind === 'alert' ? 'alert' : 'status'}>
        {announcement?.text ?? ''}
      </p>
    </section>
  );
}

function SessionList() {
  const { pathname, search } = useLocation();
  const cursor = search.get('cursor') ?? '';
  const sessions = useReplaySessions(cursor);
  const locale = useLocale();
  const { timeZone } = useBoot().website;
  const go = (next: string) => setSearch(pathname, new URLSearchParams(next ? { cursor: next } : {}));
  const rows = sessions.data?.sessions ?? [];
  if (sessions.isPending) return <Loading />;
  if (sessions.isError) return <LoadFailed error={sessions.error} retry={() => void sessions.refetch()} />;
  if (rows.length === 0) return <Empty title={TEXTS.noReplays} />;
  return (
    <div className="card experiments-card" aria-busy={sessions.isFetching}>
      <table className="data-table experiments-replays stacks-on-phone">
        <caption>{TEXTS.replaysCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXTS.started}</th>
            <th scope="col" className="numeric">{TEXTS.duration}</th>
            <th scope="col">{TEXTS.firstPage}</th>
            <th scope="col">{TEXTS.device}</th>
            <th scope="col">{TEXTS.browser}</th>
            <th scope="col" className="numeric">{TEXTS.events}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((session) => {
            const when = whenText(session.startedAt, locale, timeZone);
            return (
              <tr key={session.id}>
                <th scope="row">
                  <Link to={`/config/experiments/replays/${encodeURIComponent(session.id)}`} aria-label={TEXTS.playNamed(when)}>
                    <time dateTime={session.startedAt}>{when}</time>
                  </Link>
                </th>
                <td data-label={TEXTS.duration} className="numeric">{durationText(session.durationMs)}</td>
                <td data-label={TEXTS.firstPage} className="path">{session.firstPath}</td>
                <td data-label={TEXTS.device}>{session.device}</td>
                <td data-label={TEXTS.browser}>{session.browser}</td>
                <td data-label={TEXTS.events} className="numeric">{session.eventCount.toLocaleString(locale)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {cursor || sessions.data?.nextCursor ? (
        <nav className="experiments-pages" aria-label={TEXTS.pages}>
          {cursor ? <button type="button" className="button button-secondary" onClick={() => go('')}>{TEXTS.firstPageButton}</button> : null}
          {sessions.data?.nextCursor ? <button type="button" className="button button-secondary" onClick={() => go(sessions.data!.nextCursor!)}>{TEXTS.nextPage}</button> : null}
        </nav>
      ) : null}
    </div>
  );
}
