import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { compileStylesheet, contrastWarnings, FONT_CATALOG, resolveStyles, type StyleValues, type ThemeManifest } from '@vitrine/design/browser';
import type { Permission } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan } from '../../api/hooks';
import { Link } from '../../app/router';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { LoadFailed, Loading } from '../../ui/states';
import { usePublish, useReset, useRestore, useSaveDraft, useSiteStyles, type SiteStylesJson, type StyleVersionJson } from './design-api';
import { sameValues, withChanges, type StyleChanges } from './design-draft';
import { DESIGN_TEXTS as T } from './design-texts';
import { DesignPreview } from './DesignPreview';
import { SettingControl } from './SettingControl';
import { warningNotes, type WarningNote } from './contrast-notes';
import { VersionsPanel } from './VersionsPanel';
import { useCatalogFontFaces } from './font-faces';
import './design.css';

/** What may change the site's styles (the server checks the same). */
export const DESIGN_WRITE_PERMISSION: Permission = 'site-styles:write';
/** The draft is saved this long after the last change (a slider's drag is one save). */
export const DRAFT_SAVE_DELAY_MS = 600;

/**
 * Design (issue 33) at `/config/design`: the site styles of the website's theme, as a form built from the theme's
 * manifest, beside a live preview of the real site that follows each change at once (compiled in the browser and
 * put into the frame). Changes are a draft, saved in the background, until Publish; Reset goes back to the
 * template's defaults; Versions restores a past publication into the draft.
 */
export default function DesignScreen() {
  const query = useSiteStyles();
  return (
    <>
      <ScreenHeading>{T.title}</ScreenHeading>
      <p className="design-intro">{T.intro}</p>
      <p className="design-template-link">
        <Link to="/config/design/templates">{T.changeTemplate}</Link>
      </p>
      {query.isPending ? <Loading /> : query.isError ? <LoadFailed error={query.error} retry={() => void query.refetch()} /> : <DesignEditor styles={query.data} />}
    </>
  );
}

type SaveState = { kind: 'idle' | 'unsaved' | 'saving' | 'saved' } | { kind: 'refused'; text: string };

function DesignEditor({ styles }: { styles: SiteStylesJson }) {
  const id = useId();
  const mayWrite = useCan(DESIGN_WRITE_PERMISSION);
  const manifest: ThemeManifest = styles.manifest;
  const [draft, setDraft] = useState<StyleValues>(styles.draft);
  /** What the server holds as the draft (the last answer). */
  const [savedDraft, setSavedDraft] = useState<StyleValues>(styles.draft);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'refused'; text: string } | null>(null);
  const [groupId, setGroupId] = useState(manifest.settings[0]?.id ?? '');
  // On a phone the panels come first and the preview waits behind its toggle.
  const [previewShown, setPreviewShown] = useState(() => typeof window === 'undefined' || window.innerWidth > 900);
  const saveDraft = useSaveDraft();
  const publish = usePublish();
  const reset = useReset();
  const restore = useRestore();
  const { confirm } = useConfirm();
  useCatalogFontFaces();

  const resolved = useMemo(() => resolveStyles(manifest, draft), [manifest, draft]);
  const css = useMemo(() => compileStylesheet(manifest, draft, FONT_CATALOG).css, [manifest, draft]);
  const notes = useMemo(() => warningNotes(manifest, contrastWarnings(manifest, resolved)), [manifest, resolved]);
  const dirty = !sameValues(draft, savedDraft);
  const publishedSame = sameValues(savedDraft, styles.published) && styles.publishedVersionId !== null;

  // The background save: the latest draft, DRAFT_SAVE_DELAY_MS after the last change.
  const latest = useRef(draft);
  latest.current = draft;
  useEffect(() => {
    if (!mayWrite || !dirty) return;
    setSave({ kind: 'unsaved' });
    const timer = window.setTimeout(() => void saveNow(), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, dirty, mayWrite]);

  async function saveNow(): Promise<boolean> {
    const values = latest.current;
    setSave({ kind: 'saving' });
    try {
      const answer = await saveDraft.mutateAsync(values);
      setSavedDraft(answer.draft);
      setErrors({});
      // A change made while the call was out stays the draft; the next save sends it.
      setSave(sameValues(latest.current, values) ? { kind: 'saved' } : { kind: 'unsaved' });
      return true;
    } catch (error) {
      setErrors(isOwnerApiError(error) ? fieldErrors(error.errors) : {});
      setSave({ kind: 'refused', text: isOwnerApiError(error) && error.status === 400 ? T.fixFirst : failureText(error) });
      return false;
    }
  }

  const change = (changes: StyleChanges) => {
    setDraft((current) => withChanges(manifest, current, changes));
    setOutcome(null);
  };

  /** A new draft from the server (reset, restore): the form and the preview take it. */
  const adopt = (answer: SiteStylesJson) => {
    setDraft(answer.draft);
    setSavedDraft(answer.draft);
    setErrors({});
    setSave({ kind: 'idle' });
  };

  const onPublish = async () => {
    setOutcome(null);
    if (dirty && !(await saveNow())) return;
    publish.mutate(undefined, {
      onSuccess: (answer) => {
        setSavedDraft(answer.draft);
        setSave({ kind: 'idle' });
        setOutcome({ kind: 'done', text: T.published });
      },
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  const onReset = async () => {
    const yes = await confirm({ title: T.resetTitle, message: T.resetMessage, confirmLabel: T.resetConfirm, destructive: true });
    if (!yes) return;
    reset.mutate(undefined, {
      onSuccess: (answer) => {
        adopt(answer);
        setOutcome({ kind: 'done', text: T.resetDone });
      },
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  const onRestore = (version: StyleVersionJson, when: string) => {
    restore.mutate(version.id, {
      onSuccess: (answer) => {
        adopt(answer);
        setOutcome({ kind: 'done', text: T.restored(when) });
      },
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  const group = manifest.settings.find((each) => each.id === groupId) ?? manifest.settings[0];
  const notesOf = (settingId: string) => notes.filter((note) => note.settingId === settingId);

  return (
    <div className="design-screen">
      <div className="design-panel">
        {mayWrite ? (
          <div className="design-actions card">
            <div className="design-action-buttons">
              <button type="button" className="button button-primary" disabled={publish.isPending || save.kind === 'saving' || (publishedSame && !dirty)} onClick={() => void onPublish()}>
                {publish.isPending ? T.publishing : T.publish}
              </button>
              <button type="button" className="button button-secondary" disabled={reset.isPending} onClick={() => void onReset()}>
                {T.reset}
              </button>
              <button type="button" className="button button-plain design-preview-toggle" aria-expanded={previewShown} aria-controls={`${id}-preview`} onClick={() => setPreviewShown((shown) => !shown)}>
                {previewShown ? T.hidePreview : T.showPreview}
              </button>
            </div>
            <p role="status" className="design-save-state">
              {save.kind === 'unsaved' ? T.unsaved : save.kind === 'saving' ? T.saving : save.kind === 'saved' ? T.saved : ''}
              {save.kind === 'idle' && !dirty ? (publishedSame ? T.publishedAlready : T.draftDiffers) : ''}
            </p>
            {save.kind === 'refused' ? (
              <p role="alert" className="error-message">
                {save.text}
              </p>
            ) : null}
            {outcome ? (
              <p role={outcome.kind === 'refused' ? 'alert' : 'status'} className={outcome.kind === 'refused' ? 'error-message' : 'design-outcome'}>
                {outcome.text}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="design-notice">{T.readOnly}</p>
        )}

        <nav className="design-groups" aria-label={T.styles}>
          {manifest.settings.map((each) => (
            <button key={each.id} type="button" className="design-group-button" aria-pressed={each.id === group?.id} onClick={() => setGroupId(each.id)}>
              {each.label}
              {notes.some((note) => each.settings.some((setting) => setting.id === note.settingId)) ? <span className="design-group-warning"> ({T.contrastSummary(notes.filter((note) => each.settings.some((setting) => setting.id === note.settingId)).length)})</span> : null}
            </button>
          ))}
        </nav>

        {group ? (
          <fieldset className="design-group card" disabled={!mayWrite}>
            <legend className="design-group-legend">
              <h2>{group.label}</h2>
            </legend>
            {group.settings.map((setting) => (
              <SettingControl key={setting.id} setting={setting} value={resolved[setting.id] as string | number | boolean} values={resolved} onChange={change} error={errors[setting.id]}>
                {notesOf(setting.id).map((note) => (
                  <ContrastNote key={note.key} note={note} mayWrite={mayWrite} onUse={(colour) => change({ [note.settingId]: colour })} />
                ))}
              </SettingControl>
            ))}
          </fieldset>
        ) : null}

        <VersionsPanel mayWrite={mayWrite} restoring={restore.isPending} onRestore={onRestore} />
      </div>
      <div id={`${id}-preview`} className="design-preview-column" hidden={!previewShown}>
        <DesignPreview css={css} />
      </div>
    </div>
  );
}

/** A failing pair's line under the colour it concerns, with the nearest passing colour to use instead. */
function ContrastNote({ note, mayWrite, onUse }: { note: WarningNote; mayWrite: boolean; onUse: (colour: string) => void }) {
  return (
    <div className="design-contrast" role="note">
      <p>{note.text}</p>
      {mayWrite ? (
        <button type="button" className="button button-secondary design-use-colour" aria-label={T.useColourNamed(note.suggestion, note.settingLabel)} onClick={() => onUse(note.suggestion)}>
          <span className="design-swatch" style={{ background: note.suggestion }} aria-hidden="true" />
          {T.useColour(note.suggestion)}
        </button>
      ) : null}
    </div>
  );
}

/** The server's field errors (a list of {field, message}, or a map) by setting id. */
function fieldErrors(errors: unknown): Record<string, string> {
  if (Array.isArray(errors)) return Object.fromEntries(errors.filter((each) => each && typeof each.field === 'string').map((each) => [each.field, String(each.message)]));
  if (errors && typeof errors === 'object') return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.replace(/^values\./, ''), String(message)]));
  return {};
}
