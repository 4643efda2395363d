import { useId, useState, type FormEvent } from 'react';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { Field, refusalErrors } from '../shipping/fields';
import { ANNOUNCEMENT_LIMITS as LIMITS, ANNOUNCEMENT_TEXTS as T, COLOUR_THEMES, useAnnouncement, useSaveAnnouncement, type Announcement } from './announcement-api';
import '../commerce/panels.css';
import './announcement.css';
import { Outcome } from '../../../ui/outcome';

/**
 * Settings → Announcement bar (issue 34 item 4): one line above the header of every page, an optional link, in one of
 * the site's colour themes (Design sets their colours; the site shows the bar in them). Save sends the whole bar; a refused field (a link to a
 * page that does not exist) shows its message beside it.
 */
export default function AnnouncementSection({ onSaved }: { onSaved?: () => void } = {}) {
  const query = useAnnouncement();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  return <AnnouncementForm saved={query.data.announcement} {...(onSaved ? { onSaved } : {})} />;
}

/** onSaved: the page editor's Header panel reloads its preview after each save. */
function AnnouncementForm({ saved, onSaved }: { saved: Announcement; onSaved?: () => void }) {
  const mayWrite = useCan('site:write');
  const save = useSaveAnnouncement();
  const [draft, setDraft] = useState<Announcement>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();
  const change = (patch: Partial<Announcement>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setStatus('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    setErrors({});
    save.mutate(draft, {
      onSuccess: (answer) => {
        setDraft(answer.announcement);
        setStatus(T.saved);
        onSaved?.();
      },
      onError: (error) => {
        setErrors(refusalErrors(error));
        setRefusal(failureText(error));
      },
    });
  };

  return (
    <form className="panel announcement-editor" onSubmit={onSubmit} noValidate aria-label="Announcement bar">
      <p className="panel-intro">{T.intro}</p>
      {mayWrite ? null : <p className="panel-notice">{T.readOnly}</p>}
      <div className="panel-check">
        <input id={`${id}-enabled`} type="checkbox" checked={draft.enabled} disabled={!mayWrite} onChange={(event) => change({ enabled: event.target.checked })} />
        <label htmlFor={`${id}-enabled`}>{T.enabled}</label>
      </div>
      <Field label={T.text} help={T.textHint} error={errors.text}>
        {(control) => <input {...control} type="text" value={draft.text} maxLength={LIMITS.textLength} readOnly={!mayWrite} onChange={(event) => change({ text: event.target.value })} />}
      </Field>
      <div className="announcement-editor-link">
        <Field label={T.linkLabel} error={errors.linkLabel}>
          {(control) => <input {...control} type="text" value={draft.linkLabel} maxLength={LIMITS.linkLabelLength} readOnly={!mayWrite} onChange={(event) => change({ linkLabel: event.target.value })} />}
        </Field>
        <Field label={T.linkUrl} help={T.linkHint} error={errors.linkUrl}>
          {(control) => <input {...control} type="text" inputMode="url" value={draft.linkUrl} readOnly={!mayWrite} onChange={(event) => change({ linkUrl: event.target.value })} />}
        </Field>
      </div>
      <Field label={T.colourTheme} error={errors.colourTheme}>
        {(control) => (
          <select {...control} value={draft.colourTheme} disabled={!mayWrite} onChange={(event) => change({ colourTheme: event.target.value as Announcement['colourTheme'] })}>
            {COLOUR_THEMES.map((theme) => (
              <option key={theme.value} value={theme.value}>
                {theme.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mayWrite ? (
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? T.saving : T.save}
          </button>
          <Outcome status={status} refusal={refusal} />
        </div>
      ) : null}
    </form>
  );
}
