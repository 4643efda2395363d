import { useQueryClient } from '@tanstack/react-query';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useBoot, useOwnerClient } from '../../api/client';
import { useConfirm } from '../../ui/confirm';
import { SeoFields, type SeoFieldsLayout } from '../../ui/SeoFields';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed } from '../../ui/states';
import { whenText } from '../forms/format';
import { contentKeys, keyOf, routesOf, send, useRevisions, type ContentTarget } from './content-api';
import type { ContentItem, ContentPage } from './content-types';
import { PAGES_TEXTS as T } from './texts';

type Content = ContentPage | ContentItem;

/** A labelled input bound to a draft object, its server error beside it (aria-describedby). */
export function TextInput({ label, value, onChange, error, readOnly, maxLength, multiline, hint, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; error?: string; readOnly: boolean; maxLength?: number; multiline?: boolean; hint?: ReactNode; type?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, value, readOnly, maxLength, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, onChange: (event: { target: { value: string } }) => onChange(event.target.value) };
  return (
    <div className="pages-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} {...common} />}
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Saves a part of a page or an item (PUT with the version): the answer becomes its cached value, the tree
 * refetches, a 400's errors come back by field, a 409 says it changed elsewhere.
 */
export function useSaveFields(target: ContentTarget, content: Content, version: { current: number } | null) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const routes = routesOf(target);
  const [state, setState] = useState<{ saving: boolean; errors: Record<string, string>; message: { kind: 'status' | 'alert'; text: string } | null }>({ saving: false, errors: {}, message: null });
  const saveFields = async (fields: Record<string, unknown>, done: string): Promise<Content | null> => {
    setState({ saving: true, errors: {}, message: null });
    try {
      const current = version?.current ?? (queryClient.getQueryData<Content>(keyOf(target, content.id))?.version ?? content.version);
      const reply = await send<Content>(client, routes.patch, { params: { [routes.param]: content.id }, body: { version: current, ...fields } });
      if (version) version.current = reply.version;
      queryClient.setQueryData(keyOf(target, content.id), (old: Content | undefined) => (old ? { ...reply, draftBody: old.draftBody ?? reply.draftBody } : reply));
      void queryClient.invalidateQueries({ queryKey: contentKeys.tree() });
      void queryClient.invalidateQueries({ queryKey: ['content', 'items'] });
      setState({ saving: false, errors: {}, message: { kind: 'status', text: done } });
      return reply;
    } catch (error) {
      const errors = isOwnerApiError(error) ? error.errors : {};
      setState({ saving: false, errors, message: { kind: 'alert', text: failureText(error) } });
      return null;
    }
  };
  return { ...state, saveFields };
}

/** The SEO fields in the site editor's field style (the same component as products' and stores'). */
const SEO_LAYOUT: SeoFieldsLayout = { field: 'pages-field', hint: 'field-hint' };

/** Page settings and SEO: navigation title, URL slug (with the full URL), description, SEO title and description. */
export function SeoPanel({ target, content, readOnly }: { target: ContentTarget; content: Content; readOnly: boolean }) {
  const page = target === 'page' ? (content as ContentPage) : null;
  const [draft, setDraft] = useState({ navigationTitle: page?.navigationTitle ?? '', urlId: content.urlId, description: page?.description ?? '', seoTitle: content.seoTitle, seoDescription: content.seoDescription });
  const { saving, errors, message, saveFields } = useSaveFields(target, content, null);
  const set = (key: keyof typeof draft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, unknown> = { urlId: draft.urlId, seoTitle: draft.seoTitle, seoDescription: draft.seoDescription };
    if (page) Object.assign(fields, { navigationTitle: draft.navigationTitle, description: draft.description });
    void saveFields(fields, T.settingsSaved);
  };
  return (
    <details className="card pages-panel">
      <summary>
        <h2>{T.seo}</h2>
      </summary>
      <form onSubmit={submit} className="pages-panel-body">
        {page ? <TextInput label={T.navigationTitle} value={draft.navigationTitle} onChange={set('navigationTitle')} error={errors.navigationTitle} readOnly={readOnly} maxLength={200} hint={`Empty: the title, “${content.title}”.`} /> : null}
        <TextInput label={T.urlSlug} value={draft.urlId} onChange={set('urlId')} error={errors.urlId} readOnly={readOnly} maxLength={100} hint={`${T.fullUrl}: ${content.fullUrl}`} />
        {page ? <TextInput label={T.description} value={draft.description} onChange={set('description')} error={errors.description} readOnly={readOnly} maxLength={5000} multiline /> : null}
        <SeoFields
          value={draft}
          onChange={(change) => setDraft((old) => ({ ...old, ...change }))}
          ownTitle={content.title}
          ownDescription={page ? T.seoDescriptionOwnPage : T.seoDescriptionOwnItem}
          errors={{ seoTitle: errors.seoTitle, seoDescription: errors.seoDescription }}
          readOnly={readOnly}
          layout={SEO_LAYOUT}
        />
        {!readOnly ? (
          <button type="submit" className="button button-secondary" disabled={saving}>
            {T.saveSettings}
          </button>
        ) : null}
        {message ? (
          <p className={message.kind === 'alert' ? 'field-error' : 'pages-muted'} role={message.kind === 'alert' ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
      </form>
    </details>
  );
}

/** The revisions (a snapshot each time it was published, scheduled, unpublished or restored), newest first; Restore makes one the draft. */
export function RevisionsPanel({ target, content, readOnly, onRestored }: { target: ContentTarget; content: Content; readOnly: boolean; onRestored: (next: Content) => void }) {
  const [open, setOpen] = useState(false);
  const revisions = useRevisions(target, content.id, open);
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const { confirm } = useConfirm();
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const routes = routesOf(target);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const restore = async (revisionId: string) => {
    const ok = await confirm({ title: T.restoreTitle, message: T.restoreMessage, confirmLabel: T.restore });
    if (!ok) return;
    try {
      const current = queryClient.getQueryData<Content>(keyOf(target, content.id))?.version ?? content.version;
      const reply = await send<Content>(client, routes.restore, { params: { [routes.param]: content.id, revisionId }, body: { version: current } });
      queryClient.setQueryData(keyOf(target, content.id), reply);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      onRestored(reply);
      setMessage({ kind: 'status', text: T.restored });
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  return (
    <details className="card pages-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>{T.revisions}</h2>
      </summary>
      <div className="pages-panel-body">
        {revisions.isPending && open ? <Loading /> : null}
        {revisions.isError ? <LoadFailed error={revisions.error} retry={() => void revisions.refetch()} /> : null}
        {revisions.data && revisions.data.revisions.length === 0 ? <p className="pages-muted">{T.noRevisions}</p> : null}
        {revisions.data && revisions.data.revisions.length > 0 ? (
          <ul className="pages-revisions">
            {revisions.data.revisions.map((revision) => (
              <li key={revision.id}>
                <span>
                  <strong>{T.reasons[revision.reason]}</strong> · {whenText(revision.createdAt, locale, timeZone)}
                  <br />
                  <span className="pages-muted">
                    {revision.createdBy?.email ?? T.someone} · “{revision.title}”
                  </span>
                </span>
                {!readOnly ? (
                  <button type="button" className="button button-secondary" onClick={() => void restore(revision.id)} aria-label={`${T.restore} ${T.reasons[revision.reason].toLowerCase()} ${whenText(revision.createdAt, locale, timeZone)}`}>
                    {T.restore}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {message ? (
          <p className={message.kind === 'alert' ? 'field-error' : 'pages-muted'} role={message.kind === 'alert' ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
      </div>
    </details>
  );
}
