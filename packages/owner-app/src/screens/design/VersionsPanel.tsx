import { useId, useState } from 'react';
import { useBoot } from '../../api/client';
import { intlLocale } from '../../ui/locale';
import { LoadFailed, Loading } from '../../ui/states';
import { useStyleVersions, type StyleVersionJson } from './design-api';
import { DESIGN_TEXTS as T } from './design-texts';

/** When a version was published, in the website's locale and time zone. */
export function versionDate(version: StyleVersionJson, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(version.publishedAt));
}

/** Every published version, newest first, with who published it; Restore puts one into the draft. */
export function VersionsPanel({ mayWrite, restoring, onRestore }: { mayWrite: boolean; restoring: boolean; onRestore: (version: StyleVersionJson, when: string) => void }) {
  const id = useId();
  const { website, owner } = useBoot();
  // The versions name their publisher by account id: the signed-in owner is named by their email.
  const whoOf = (version: StyleVersionJson) => (version.createdBy === null ? T.someone : version.createdBy === owner.siteUser.id ? owner.siteUser.email : T.anotherContributor);
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const versions = useStyleVersions(cursor);
  return (
    <section className="design-versions card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{T.versions}</h2>
      <p className="design-help">{T.versionsIntro}</p>
      {versions.isPending ? (
        <Loading />
      ) : versions.isError ? (
        <LoadFailed error={versions.error} retry={() => void versions.refetch()} />
      ) : versions.data.versions.length === 0 ? (
        <p>{T.noVersions}</p>
      ) : (
        <ol className="design-version-list">
          {versions.data.versions.map((version) => {
            const when = versionDate(version, website.locale, website.timeZone);
            const who = whoOf(version);
            return (
              <li key={version.id} className="design-version">
                <span>
                  {T.versionLine(when, who)}
                  {version.live ? ' ' : null}
                  {version.live ? <span className="badge design-live">{T.current}</span> : null}
                </span>
                {mayWrite ? (
                  <button type="button" className="button button-secondary" aria-label={T.restoreNamed(when)} disabled={restoring} onClick={() => onRestore(version, when)}>
                    {T.restore}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {versions.data?.nextCursor ? (
        <button type="button" className="button button-plain" onClick={() => setCursors((list) => [...list, versions.data!.nextCursor])}>
          {T.nextPage}
        </button>
      ) : null}
    </section>
  );
}
