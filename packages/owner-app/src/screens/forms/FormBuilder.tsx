import type { OwnerFormJson } from '@vitrine/contracts';
import type { FormBuilderSectionName } from '@vitrine/forms/definition';
import { FIELD_KINDS, type FieldDefinition, type FieldKind } from '@vitrine/forms/fields';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, setSearch, useLocation } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed } from '../../ui/states';
import {
  addField,
  buildSave,
  draftOf,
  fieldErrorsById,
  fieldName,
  isDirty,
  KIND_LABELS,
  moveField,
  moveFieldBy,
  newField,
  propertiesOf,
  removeField,
  replaceField,
  sectionBody,
  sectionErrors,
  SECTION_NAMES,
  type BuilderDraft,
} from './builder-state';
import { FieldEditor } from './FieldEditor';
import { FormPreview } from './FormPreview';
import { useForm, useReorderFields, useSaveSection, type SaveReply } from './forms-api';
import { FORMS_HREF, submissionsHref } from './paths';
import { FORM_TEXTS } from './texts';

/** The section shown, from the address (`?section=storage`); build by default. */
export function readSection(search: URLSearchParams): FormBuilderSectionName {
  const asked = search.get('section');
  return SECTION_NAMES.find((name) => name === asked) ?? 'build';
}

/** `/config/forms/<formId>`: the form builder. */
export function FormBuilder({ formId }: { formId: string }) {
  const query = useForm(formId);
  if (query.isPending || query.isError) {
    return (
      <section className="forms">
        <Link to={FORMS_HREF} className="forms-back" current={false}>
          ← {FORM_TEXTS.backToForms}
        </Link>
        <ScreenHeading>{FORM_TEXTS.builder}</ScreenHeading>
        {query.isPending ? <Loading /> : <LoadFailed error={query.error} retry={() => void query.refetch()} />}
      </section>
    );
  }
  return <Builder form={query.data.form} />;
}

type Outcome = { section: FormBuilderSectionName; ok: boolean; text: string } | null;

function Builder({ form }: { form: OwnerFormJson }) {
  const mayWrite = useCan('forms:write') && form.deletedAt === null;
  const saved = useMemo(() => draftOf(form), [form]);
  const [draft, setDraft] = useState<BuilderDraft>(saved);
  const { pathname, search } = useLocation();
  const section = readSection(search);
  const saveSection = useSaveSection(form.id);
  const reorder = useReorderFields(form.id);
  const [errors, setErrors] = useState<Partial<Record<FormBuilderSectionName, Record<string, string>>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();
  const pending = saveSection.isPending || reorder.isPending;

  const showSection = (next: FormBuilderSectionName) => {
    const params = new URLSearchParams(search);
    if (next === 'build') params.delete('section');
    else params.set('section', next);
    setSearch(pathname, params);
  };

  const save = async (which: FormBuilderSectionName) => {
    setOutcome(null);
    const found = sectionErrors(which, saved, draft);
    if (Object.keys(found).length > 0) {
      setErrors((now) => ({ ...now, [which]: found }));
      setOutcome({ section: which, ok: false, text: FORM_TEXTS.fixErrors });
      return;
    }
    try {
      let reply: SaveReply;
      if (which === 'build') {
        const plan = buildSave(saved, draft);
        if (plan.kind === 'none') return;
        reply = plan.kind === 'order' ? await reorder.mutateAsync(plan.body) : await saveSection.mutateAsync({ section: which, body: plan.body });
      } else {
        reply = await saveSection.mutateAsync({ section: which, body: sectionBody(which, saved, draft) });
      }
      const fresh = draftOf(reply.form);
      setDraft((now) => {
        const next: Record<string, unknown> = { ...now };
        for (const property of propertiesOf(which)) next[property] = fresh[property];
        return next as unknown as BuilderDraft;
      });
      setErrors((now) => ({ ...now, [which]: {} }));
      setOutcome({ section: which, ok: true, text: FORM_TEXTS.saved });
    } catch (error) {
      if (isOwnerApiError(error) && Object.keys(error.errors).length > 0) setErrors((now) => ({ ...now, [which]: { ...error.errors } }));
      setOutcome({ section: which, ok: false, text: failureText(error) });
    }
  };

  const discard = (which: FormBuilderSectionName) => {
    setDraft((now) => {
      const next: Record<string, unknown> = { ...now };
      for (const property of propertiesOf(which)) next[property] = saved[property];
      return next as unknown as BuilderDraft;
    });
    setErrors((now) => ({ ...now, [which]: {} }));
    setOutcome(null);
  };

  const update = (patch: Partial<BuilderDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const sectionErrorsNow = errors[section] ?? {};
  const saveBar = (
    <div className="forms-save-bar">
      {mayWrite ? (
        <>
          <button type="button" className="button button-primary" disabled={pending || !isDirty(section, saved, draft)} onClick={() => void save(section)}>
            {pending ? FORM_TEXTS.saving : FORM_TEXTS.save}
          </button>
          {isDirty(section, saved, draft) ? (
            <button type="button" className="button button-secondary" onClick={() => discard(section)} disabled={pending}>
              {FORM_TEXTS.discard}
            </button>
          ) : null}
        </>
      ) : null}
      <div role="status" className="forms-save-status">
        {outcome && outcome.section === section ? <p className={`forms-outcome ${outcome.ok ? 'done' : 'refused'}`}>{outcome.text}</p> : null}
      </div>
    </div>
  );

  let panel: ReactNode;
  switch (section) {
    case 'build':
      panel = <BuildSection draft={draft} update={update} errors={sectionErrorsNow} mayWrite={mayWrite} />;
      break;
    case 'storage':
      panel = (
        <fieldset className="forms-choice-group" disabled={!mayWrite}>
          <legend>{FORM_TEXTS.storage}</legend>
          {(
            [
              ['keep', FORM_TEXTS.storageKeep, FORM_TEXTS.storageKeepHint],
              ['keep-and-email', FORM_TEXTS.storageEmail, FORM_TEXTS.storageEmailHint],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="forms-radio">
              <input type="radio" name={`${id}-storage`} value={value} checked={draft.storage === value} onChange={() => update({ storage: value })} />
              <span>
                <span className="forms-radio-label">{label}</span>
                <span className="field-hint">{hint}</span>
              </span>
            </label>
          ))}
          {sectionErrorsNow.storage ? <p className="field-error">{sectionErrorsNow.storage}</p> : null}
        </fieldset>
      );
      break;
    case 'advanced':
      panel = (
        <fieldset className="forms-plain-fieldset" disabled={!mayWrite}>
          <legend className="visually-hidden">{FORM_TEXTS.sectionLabels.advanced}</legend>
          <TextControl label={FORM_TEXTS.submissionMessage} hint={FORM_TEXTS.submissionMessageHint} value={draft.submissionMessage} onChange={(value) => update({ submissionMessage: value })} error={sectionErrorsNow.submissionMessage} multiline />
          <TextControl label={FORM_TEXTS.submissionHTML} hint={FORM_TEXTS.submissionHTMLHint} value={draft.submissionHTML} onChange={(value) => update({ submissionHTML: value })} error={sectionErrorsNow.submissionHTML} multiline code />
          <TextControl label={FORM_TEXTS.successRedirect} hint={FORM_TEXTS.successRedirectHint} value={draft.successRedirect} onChange={(value) => update({ successRedirect: value })} error={sectionErrorsNow.successRedirect} />
        </fieldset>
      );
      break;
    case 'captcha':
      panel = (
        <fieldset className="forms-plain-fieldset" disabled={!mayWrite}>
          <legend className="visually-hidden">{FORM_TEXTS.sectionLabels.captcha}</legend>
          <label className="forms-radio">
            <input type="checkbox" checked={draft.captcha.enabled} onChange={(event) => update({ captcha: { enabled: event.target.checked } })} aria-describedby={`${id}-captcha-hint`} />
            <span>
              <span className="forms-radio-label">{FORM_TEXTS.captcha}</span>
              <span id={`${id}-captcha-hint`} className="field-hint">{FORM_TEXTS.captchaHint}</span>
            </span>
          </label>
          {sectionErrorsNow.captcha || sectionErrorsNow['captcha.enabled'] ? <p className="field-error">{sectionErrorsNow.captcha ?? sectionErrorsNow['captcha.enabled']}</p> : null}
        </fieldset>
      );
      break;
    case 'disclaimer':
      panel = (
        <fieldset className="forms-plain-fieldset" disabled={!mayWrite}>
          <legend className="visually-hidden">{FORM_TEXTS.sectionLabels.disclaimer}</legend>
          <TextControl label={FORM_TEXTS.disclaimer} hint={FORM_TEXTS.disclaimerHint} value={draft.disclaimerMessage} onChange={(value) => update({ disclaimerMessage: value })} error={sectionErrorsNow.disclaimerMessage} multiline />
        </fieldset>
      );
      break;
  }

  return (
    <section className="forms forms-builder-screen">
      <Link to={FORMS_HREF} className="forms-back" current={false}>
        ← {FORM_TEXTS.backToForms}
      </Link>
      <ScreenHeading
        actions={
          <Link to={submissionsHref(form.id)} className="button button-secondary" current={false}>
            {FORM_TEXTS.submissions} ({form.submissionCount})
          </Link>
        }
      >
        {saved.name}
      </ScreenHeading>
      <p className="forms-pages">
        {form.pages.length > 0 ? (
          <>
            {FORM_TEXTS.pagesShowing}{' '}
            {form.pages.map((page, index) => (
              <span key={page.id}>
                {index > 0 ? ', ' : ''}
                <a href={page.path}>{page.title}</a> <span className="forms-muted">({page.path})</span>
              </span>
            ))}
          </>
        ) : (
          FORM_TEXTS.notShown
        )}
      </p>
      {form.deletedAt !== null ? <p className="forms-note">{FORM_TEXTS.deletedForm}</p> : !mayWrite ? <p className="forms-note">{FORM_TEXTS.readOnly}</p> : null}
      <div className="forms-builder">
        <div className="forms-builder-main card">
          <SectionTabs id={id} current={section} onSelect={showSection} dirty={(name) => isDirty(name, saved, draft)} />
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${section}`} className="forms-panel" tabIndex={0}>
            <h2 className="forms-panel-title">
              {SECTION_NAMES.indexOf(section) + 1}. {FORM_TEXTS.sectionLabels[section]}
            </h2>
            {panel}
            {saveBar}
          </div>
        </div>
        <section className="forms-preview card" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`} className="forms-preview-title">{FORM_TEXTS.preview}</h2>
          <p className="field-hint">{FORM_TEXTS.previewNote}</p>
          <div className="form-preview-page">
            <FormPreview draft={draft} kind={form.kind} />
          </div>
        </section>
      </div>
    </section>
  );
}

/** The five sections as tabs (arrow keys, Home and End move between them; the address keeps the one shown). */
function SectionTabs({ id, current, onSelect, dirty }: { id: string; current: FormBuilderSectionName; onSelect: (name: FormBuilderSectionName) => void; dirty: (name: FormBuilderSectionName) => boolean }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = SECTION_NAMES.indexOf(current);
    const to =
      event.key === 'ArrowRight' ? (at + 1) % SECTION_NAMES.length
      : event.key === 'ArrowLeft' ? (at - 1 + SECTION_NAMES.length) % SECTION_NAMES.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? SECTION_NAMES.length - 1
      : -1;
    if (to < 0) return;
    event.preventDefault();
    onSelect(SECTION_NAMES[to]!);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={FORM_TEXTS.sections} className="forms-tabs" onKeyDown={onKeyDown}>
      {SECTION_NAMES.map((name, index) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`${id}-tab-${name}`}
          aria-selected={name === current}
          aria-controls={`${id}-panel`}
          tabIndex={name === current ? 0 : -1}
          className="forms-tab"
          onClick={() => onSelect(name)}
        >
          <span className="forms-tab-number" aria-hidden="true">{index + 1}</span>
          {FORM_TEXTS.sectionLabels[name]}
          {dirty(name) ? (
            <span className="forms-tab-dirty">
              <span aria-hidden="true"> •</span>
              <span className="visually-hidden"> ({FORM_TEXTS.unsaved})</span>
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

function TextControl({ label, hint, value, onChange, error, multiline = false, code = false }: { label: string; hint?: string; value: string; onChange: (value: string) => void; error?: string; multiline?: boolean; code?: boolean }) {
  const id = useId();
  const describedBy = [error ? `${id}-e` : '', hint ? `${id}-h` : ''].filter(Boolean).join(' ') || undefined;
  const props = { id, value, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
  return (
    <div className="forms-control">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...props} rows={code ? 6 : 3} className={code ? 'forms-code' : undefined} spellCheck={code ? false : undefined} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? <span id={`${id}-h`} className="field-hint">{hint}</span> : null}
      {error ? <span id={`${id}-e`} className="field-error">{error}</span> : null}
    </div>
  );
}

/** Section 1, build: the form's name and its fields (add, edit, delete, reorder by drag or Move up / Move down). */
function BuildSection({ draft, update, errors, mayWrite }: { draft: BuilderDraft; update: (patch: Partial<BuilderDraft>) => void; errors: Record<string, string>; mayWrite: boolean }) {
  const id = useId();
  const { confirm } = useConfirm();
  const [kind, setKind] = useState<FieldKind>('text');
  const [open, setOpen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<{ fieldId: string; control: 'up' | 'down' | 'edit' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fields = draft.fields;
  const byField = useMemo(() => fieldErrorsById(fields, errors), [fields, errors]);

  // After a move the moved row's button keeps the focus (React may have moved its node); at an end, the other direction's.
  useEffect(() => {
    if (!focusAfter || !listRef.current) return;
    const row = [...listRef.current.querySelectorAll<HTMLElement>('[data-field-row]')].find((each) => each.dataset.fieldRow === focusAfter.fieldId);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${focusAfter.control}"]`);
    const fallback = row?.querySelector<HTMLButtonElement>(`[data-control="${focusAfter.control === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : fallback && !fallback.disabled ? fallback : row?.querySelector<HTMLButtonElement>('[data-control="edit"]'))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const setFields = (next: FieldDefinition[]) => update({ fields: next });
  const announceMove = (next: readonly FieldDefinition[], fieldId: string) => {
    const at = next.findIndex((each) => each.id === fieldId);
    const field = next[at];
    if (field) setAnnouncement(FORM_TEXTS.moved(fieldName(field), at + 1, next.length));
  };
  const move = (field: FieldDefinition, by: -1 | 1) => {
    const next = moveFieldBy(fields, field.id, by);
    setFields(next);
    announceMove(next, field.id);
    setFocusAfter({ fieldId: field.id, control: by < 0 ? 'up' : 'down' });
  };
  const add = () => {
    const field = newField(kind, fields.map((each) => each.id));
    setFields(addField(fields, field));
    setOpen(field.id);
    setAnnouncement(FORM_TEXTS.added(fieldName(field)));
  };
  const remove = async (field: FieldDefinition) => {
    const name = fieldName(field);
    if (!(await confirm({ title: FORM_TEXTS.deleteFieldTitle(name), message: FORM_TEXTS.deleteFieldMessage, confirmLabel: FORM_TEXTS.delete, destructive: true }))) return;
    setFields(removeField(fields, field.id));
    if (open === field.id) setOpen(null);
    setAnnouncement(FORM_TEXTS.removed(name));
  };

  const onDragStart = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', fields[index]?.id ?? '');
    setDragFrom(index);
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropAt !== index) setDropAt(index);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragFrom !== null && dragFrom !== index) {
      const moved = fields[dragFrom]!;
      const next = moveField(fields, dragFrom, index);
      setFields(next);
      announceMove(next, moved.id);
    }
    setDragFrom(null);
    setDropAt(null);
  };
  const onDragEnd = () => {
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <div className="forms-build">
      <div className="forms-control">
        <label htmlFor={`${id}-name`}>{FORM_TEXTS.formName}</label>
        <input
          id={`${id}-name`}
          type="text"
          value={draft.name}
          disabled={!mayWrite}
          onChange={(event) => update({ name: event.target.value })}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-e` : undefined}
        />
        {errors.name ? <span id={`${id}-name-e`} className="field-error">{errors.name}</span> : null}
      </div>

      {mayWrite ? (
        <div className="forms-add">
          <div className="forms-control">
            <label htmlFor={`${id}-kind`}>{FORM_TEXTS.fieldKind}</label>
            <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as FieldKind)}>
              {FIELD_KINDS.map((each) => (
                <option key={each} value={each}>
                  {KIND_LABELS[each]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button-secondary" onClick={add}>
            {FORM_TEXTS.addField}
          </button>
        </div>
      ) : null}

      <p role="status" className="visually-hidden">{announcement}</p>
      {errors.fields || errors.fieldIds ? <p className="field-error">{errors.fields ?? errors.fieldIds}</p> : null}

      {fields.length === 0 ? (
        <p className="forms-muted">{FORM_TEXTS.noFields}</p>
      ) : (
        <ol ref={listRef} className="forms-field-list" aria-label={FORM_TEXTS.fieldList}>
          {fields.map((field, index) => {
            const name = fieldName(field);
            const fieldErrors = byField[field.id] ?? {};
            const invalid = Object.keys(fieldErrors).length > 0;
            const expanded = open === field.id;
            return (
              <li
                key={field.id}
                data-field-row={field.id}
                className={`forms-field-row${dragFrom === index ? ' is-dragging' : ''}${dropAt === index && dragFrom !== index ? ' is-drop-target' : ''}${invalid ? ' is-invalid' : ''}`}
                draggable={mayWrite && !expanded}
                onDragStart={(event) => onDragStart(event, index)}
                onDragOver={(event) => onDragOver(event, index)}
                onDrop={(event) => onDrop(event, index)}
                onDragEnd={onDragEnd}
              >
                <div className="forms-field-summary">
                  {mayWrite ? (
                    <span className="forms-drag-handle" aria-hidden="true" title={FORM_TEXTS.dragHandle(name)}>
                      ⋮⋮
                    </span>
                  ) : null}
                  <span className="forms-field-text">
                    <span className="forms-field-name">
                      {name}
                      {field.required ? <span className="forms-required"> *<span className="visually-hidden"> ({FORM_TEXTS.required})</span></span> : null}
                    </span>
                    <span className="forms-field-type">{KIND_LABELS[field.type]}</span>
                    {invalid ? <span className="field-error">{Object.values(fieldErrors)[0]}</span> : null}
                  </span>
                  <span className="forms-field-buttons">
                    <button type="button" className="button button-plain" data-control="edit" aria-expanded={expanded} aria-controls={expanded ? `${id}-editor-${field.id}` : undefined} onClick={() => setOpen(expanded ? null : field.id)} aria-label={mayWrite ? FORM_TEXTS.editField(name) : FORM_TEXTS.viewField(name)}>
                      {mayWrite ? FORM_TEXTS.editLabel : FORM_TEXTS.view}
                    </button>
                    {mayWrite ? (
                      <>
                        <button type="button" className="button button-icon" data-control="up" disabled={index === 0} onClick={() => move(field, -1)} aria-label={FORM_TEXTS.moveUp(name)}>
                          <span aria-hidden="true">↑</span>
                        </button>
                        <button type="button" className="button button-icon" data-control="down" disabled={index === fields.length - 1} onClick={() => move(field, 1)} aria-label={FORM_TEXTS.moveDown(name)}>
                          <span aria-hidden="true">↓</span>
                        </button>
                        <button type="button" className="button button-plain forms-danger" onClick={() => void remove(field)} aria-label={FORM_TEXTS.deleteField(name)}>
                          {FORM_TEXTS.delete}
                        </button>
                      </>
                    ) : null}
                  </span>
                </div>
                {expanded ? (
                  <div id={`${id}-editor-${field.id}`}>
                    <FieldEditor
                      field={field}
                      errors={fieldErrors}
                      readOnly={!mayWrite}
                      onChange={(next) => setFields(replaceField(fields, next))}
                      onDone={() => {
                        setOpen(null);
                        setFocusAfter({ fieldId: field.id, control: 'edit' });
                      }}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
