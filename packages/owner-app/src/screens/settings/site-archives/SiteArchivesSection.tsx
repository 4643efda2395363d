import { useId, useRef, useState, type FormEvent } from 'react';
import type { SiteArchiveJson } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { useBoot, useOwnerClient } from '../../../api/client';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { sizeText } from '../../courses/video-upload';
import {
  ImportError, isUnderWay, SITE_ARCHIVE_TEXTS as T, uploadSiteArchive, useArchiveLink, useForgetEverything, useSiteArchives, useStartExport,
} from './site-archives-api';
import '../commerce/panels.css';
import './site-archives.css';
import { Outcome } from '../../../ui/outcome';
import { JobProgress } from './JobProgress';

/** Where a download goes: the signed link answers with the archive as an attachment, so the page stays. */
export const downloadTo = { assign: (url: string) => window.location.assign(url) };

/**
 * Settings → Export and import (issue 37 item 4; admins, `site-archives:manage`): start an export with or without
 * personal data, a progress bar that follows the job (the list is polled while one is under way), the newest
 * exports with their size and a Download (a signed link asked at the click), and the import of an archive file with
 * its upload progress, into this website only when it is new (the server's refusal is shown as it words it).
 */
export default function SiteArchivesSection() {
  const archives = useSiteArchives();
  return (
    <div className="panel">
      <ExportCard underWay={archives.data?.archives.find(isUnderWay)} />
      <ArchiveList archives={archives} />
      <ImportCard canImport={archives.data?.canImport} />
    </div>
  );
}

function ExportCard({ underWay }: { underWay: SiteArchiveJson | undefined }) {
  const start = useStartExport();
  const [includePersonalData, setIncludePersonalData] = useState(false);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  const onStart = () => {
    setStatus('');
    setRefusal('');
    start.mutate(includePersonalData, { onSuccess: () => setStatus(T.started), onError: (error) => setRefusal(failureText(error)) });
  };
  return (
    <section className="card panel-card" aria-labelledby={`${id}-export`}>
      <h2 id={`${id}-export`}>{T.exportHeading}</h2>
      <p className="panel-intro">{T.exportIntro}</p>
      <div className="panel-check">
        <input id={`${id}-personal`} type="checkbox" checked={includePersonalData} aria-describedby={`${id}-personal-help`} onChange={(event) => setIncludePersonalData(event.target.checked)} />
        <label htmlFor={`${id}-personal`}>{T.personalData}</label>
        <p id={`${id}-personal-help`} className="panel-help">
          {T.personalDataHelp}
        </p>
      </div>
      <div>
        <button type="button" className="button button-primary" disabled={start.isPending || underWay !== undefined} onClick={onStart}>
          {start.isPending ? T.starting : T.start}
        </button>
      </div>
      {underWay ? (
        <JobProgress label={T.progressLabel} done={underWay.stepsDone} total={underWay.stepsTotal} text={T.progressText(underWay.stepsDone, underWay.stepsTotal)} />
      ) : null}
      <Outcome status={status} refusal={refusal} />
    </section>
  );
}

function ArchiveList({ archives }: { archives: ReturnType<typeof useSiteArchives> }) {
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const linkOf = useArchiveLink();
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  const when = (iso: string) => formatDateTime(Date.parse(iso), { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const download = async (archive: SiteArchiveJson) => {
    setStatus('');
    setRefusal('');
    try {
      const link = await linkOf(archive.id);
      setStatus(T.downloading);
      downloadTo.assign(link.url);
    } catch (error) {
      setRefusal(failureText(error));
    }
  };
  return (
    <section className="card panel-card panel-table-card" aria-labelledby={`${id}-list`}>
      <header>
        <h2 id={`${id}-list`}>{T.listHeading}</h2>
      </header>
      <Outcome status={status} refusal={refusal} />
      <ReadStates read={archives}>
        {(list) =>
          list.archives.length === 0 ? (
            <p className="panel-empty">{T.listEmpty}</p>
          ) : (
            <table className="panel-table" aria-labelledby={`${id}-list`}>
              <thead>
                <tr>
                  <th scope="col">{T.created}</th>
                  <th scope="col">{T.contents}</th>
                  <th scope="col">{T.status}</th>
                  <th scope="col">{T.size}</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.archives.map((archive) => (
                  <tr key={archive.id}>
                    <th scope="row">{when(archive.createdAt)}</th>
                    <td data-label={T.contents}>{archive.includePersonalData ? T.withPersonalData : T.withoutPersonalData}</td>
                    <td data-label={T.status}>
                      {T.statusText[archive.status]}
                      {archive.failure ? `: ${archive.failure}` : ''}
                    </td>
                    <td data-label={T.size}>{archive.byteSize === null ? '—' : sizeText(archive.byteSize, locale)}</td>
                    <td className="panel-cell-actions">
                      {archive.status === 'ready' ? (
                        <button type="button" className="button button-secondary button-small" aria-label={T.downloadLabel(when(archive.createdAt))} onClick={() => void download(archive)}>
                          {T.download}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ReadStates>
    </section>
  );
}

function ImportCard({ canImport }: { canImport: boolean | undefined }) {
  const client = useOwnerClient();
  const forgetEverything = useForgetEverything();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();
  const busy = sent !== null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    setProblems([]);
    const file = input.current?.files?.[0];
    if (!file) {
      setRefusal(T.pickFile);
      input.current?.focus();
      return;
    }
    setSent(0);
    try {
      const reply = await uploadSiteArchive(client, file, { onProgress: (done, total) => setSent(total > 0 ? Math.round((done / total) * 100) : 0) });
      setStatus(T.imported(reply));
      if (input.current) input.current.value = '';
      await forgetEverything();
    } catch (error) {
      setRefusal(error instanceof ImportError ? error.message : failureText(error));
      setProblems(error instanceof ImportError ? error.problems : []);
    } finally {
      setSent(null);
    }
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-import`}>
      <h2 id={`${id}-import`}>{T.importHeading}</h2>
      <p className="panel-intro">{T.importIntro}</p>
      {canImport === false ? <p className="panel-notice">{T.importNotNew}</p> : null}
      <form className="archive-import" onSubmit={(event) => void send(event)}>
        <div className="panel-field">
          <label htmlFor={`${id}-file`}>{T.fileLabel}</label>
          <input ref={input} id={`${id}-file`} type="file" accept=".tar.gz,.tgz,application/gzip" disabled={busy} />
        </div>
        <div>
          <button type="submit" className="button button-secondary" disabled={busy}>
            {busy ? T.importing : T.import}
          </button>
        </div>
        {busy ? (
          <JobProgress label={T.uploadLabel} done={sent} total={100} text={T.uploadText(sent)} />
        ) : null}
      </form>
      <p role="status" className="panel-status">
        {status}
      </p>
      <div role="alert" className="panel-error">
        {refusal}
        {problems.length > 0 ? (
          <ul className="archive-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
