import { useId, useState, type FormEvent } from 'react';
import type { SiteImportJson } from '@vitrine/contracts';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { isImportUnderWay, MAX_WXR_BYTES, SITE_IMPORT_TEXTS as T, useSiteImports, useStartWxrImport } from './site-imports-api';
import '../commerce/panels.css';
import '../site-archives/site-archives.css';
import './site-imports.css';
import { Outcome } from '../../../ui/outcome';
import { JobProgress } from '../site-archives/JobProgress';

/**
 * Settings → Import (issue 37 item 5; admins, `site-archives:manage`): send a WordPress or Squarespace export
 * (.xml); the server checks it at once (its refusal is shown as it words it), then a background job imports it. A
 * progress bar follows the job (the list is polled while one is under way), then the report: what was created, what
 * was skipped as already here, and the pictures that could not be fetched.
 */
export default function SiteImportsSection() {
  const imports = useSiteImports();
  return (
    <div className="panel">
      <StartCard underWay={imports.data?.imports.find(isImportUnderWay)} />
      <ReadStates read={imports}>{(list) => <LastReport entry={list.imports.find((entry) => !isImportUnderWay(entry))} />}</ReadStates>
    </div>
  );
}

function StartCard({ underWay }: { underWay: SiteImportJson | undefined }) {
  const start = useStartWxrImport();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    // The server says the same; the file is not sent for nothing.
    if (!file || file.size === 0) return setRefusal(T.pickFile);
    if (file.size > MAX_WXR_BYTES) return setRefusal(T.tooLarge);
    start.mutate(file, { onSuccess: () => setStatus(T.started), onError: (error) => setRefusal(failureText(error)) });
  };
  return (
    <section className="card panel-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{T.heading}</h2>
      <p className="panel-intro">{T.intro}</p>
      <form className="panel-actions" onSubmit={onSubmit} noValidate>
        <div className="panel-field">
          <label htmlFor={`${id}-file`}>{T.fileLabel}</label>
          <input id={`${id}-file`} type="file" accept=".xml,application/xml,text/xml" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </div>
        <button type="submit" className="button button-primary" disabled={start.isPending || underWay !== undefined}>
          {start.isPending ? T.starting : T.start}
        </button>
      </form>
      {underWay ? (
        <JobProgress label={T.progressLabel} done={underWay.stepsDone} total={underWay.stepsTotal} text={T.progressText(underWay.stepsDone, underWay.stepsTotal)} />
      ) : null}
      <Outcome status={status} refusal={refusal} />
    </section>
  );
}

function LastReport({ entry }: { entry: SiteImportJson | undefined }) {
  const id = useId();
  if (!entry) return <p className="panel-empty">{T.none}</p>;
  return (
    <section className="card panel-card" aria-labelledby={`${id}-report`}>
      <h2 id={`${id}-report`}>{T.reportHeading(entry.siteTitle)}</h2>
      {entry.status === 'failed' ? <p>{T.failed(entry.failure ?? '')}</p> : null}
      {entry.report ? (
        <>
          <p>{T.created(entry.report.created)}</p>
          {entry.report.skipped.length > 0 ? (
            <>
              <h3 className="import-report-heading">{T.skippedHeading}</h3>
              <ul className="import-report-list" aria-label={T.skippedHeading}>
                {entry.report.skipped.map((skipped) => (
                  <li key={`${skipped.kind}-${skipped.slug}`}>
                    {skipped.title} (/{skipped.slug}): {skipped.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {entry.report.failedPictures.length > 0 ? (
            <>
              <h3 className="import-report-heading">{T.failedPicturesHeading}</h3>
              <ul className="import-report-list" aria-label={T.failedPicturesHeading}>
                {entry.report.failedPictures.map((picture) => (
                  <li key={picture.url}>
                    <a href={picture.url}>{picture.url}</a>: {picture.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
