import { useId, useState, type FormEvent } from 'react';
import { CONTENT_LIMITS } from '@vitrine/blocks';
import { useBoot } from '../../api/client';
import { isoToLocalInput, localInputToIso } from '../settings/coupons/zoned-time';
import type { ContentImage, ContentItem, ItemLocation } from './content-types';
import { ImageField } from './ImagePicker';
import { TextInput, useSaveFields } from './Panels';
import { PAGES_TEXTS as T } from './texts';

const EMPTY_LOCATION: ItemLocation = { addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null };

/**
 * A post's, an event's or a gallery image's own fields beside its body: excerpt, author, tags and categories
 * (chips, 50 and 25 characters), comments, featured; an event's start, end and location; the main image.
 */
export function ItemFields({ item, readOnly }: { item: ContentItem; readOnly: boolean }) {
  const timeZone = useBoot().website.timeZone;
  const isEvent = item.recordType === 12;
  const isPost = item.recordType === 1;
  const [draft, setDraft] = useState({
    title: item.title,
    excerpt: item.excerpt,
    authorName: item.authorName,
    tags: item.tags,
    categories: item.categories,
    commentState: item.commentState,
    starred: item.starred,
    startAt: isoToLocalInput(item.startAt, timeZone),
    endAt: isoToLocalInput(item.endAt, timeZone),
    location: item.location ?? EMPTY_LOCATION,
    image: item.image as ContentImage | null,
  });
  const { saving, errors, message, saveFields } = useSaveFields('item', item, null);
  const set = <K extends keyof typeof draft>(key: K) => (value: (typeof draft)[K]) => setDraft((old) => ({ ...old, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, unknown> = { title: draft.title, excerpt: draft.excerpt, tags: draft.tags, categories: draft.categories, starred: draft.starred, image: draft.image };
    if (isPost) Object.assign(fields, { authorName: draft.authorName, commentState: draft.commentState });
    if (isEvent) {
      const startAt = localInputToIso(draft.startAt, timeZone);
      const endAt = localInputToIso(draft.endAt, timeZone);
      Object.assign(fields, { startAt: startAt ?? null, endAt: endAt ?? null, location: draft.location });
    }
    void saveFields(fields, T.settingsSaved);
  };
  return (
    <section className="card pages-panel pages-item-fields" aria-labelledby="pages-item-fields">
      <h2 id="pages-item-fields">{T.itemFields}</h2>
      <form onSubmit={submit} className="pages-panel-body">
        <TextInput label={T.itemTitle} value={draft.title} onChange={set('title')} error={errors.title} readOnly={readOnly} maxLength={CONTENT_LIMITS.titleLength} />
        {isEvent ? (
          <div className="pages-two">
            <TextInput type="datetime-local" label={T.startAt} value={draft.startAt} onChange={set('startAt')} error={errors.startAt} readOnly={readOnly} />
            <TextInput type="datetime-local" label={T.endAt} value={draft.endAt} onChange={set('endAt')} error={errors.endAt} readOnly={readOnly} />
          </div>
        ) : null}
        {isEvent ? (
          <fieldset className="pages-field pages-group">
            <legend>{T.location}</legend>
            <TextInput label={T.addressLine1} value={draft.location.addressLine1} onChange={(value) => set('location')({ ...draft.location, addressLine1: value })} error={errors['location.addressLine1']} readOnly={readOnly} maxLength={500} />
            <TextInput label={T.addressLine2} value={draft.location.addressLine2} onChange={(value) => set('location')({ ...draft.location, addressLine2: value })} error={errors['location.addressLine2']} readOnly={readOnly} maxLength={500} />
            <TextInput label={T.addressCountry} value={draft.location.addressCountry} onChange={(value) => set('location')({ ...draft.location, addressCountry: value })} error={errors['location.addressCountry']} readOnly={readOnly} maxLength={500} />
          </fieldset>
        ) : null}
        <TextInput label={T.excerpt} value={draft.excerpt} onChange={set('excerpt')} error={errors.excerpt} readOnly={readOnly} maxLength={CONTENT_LIMITS.excerptLength} multiline />
        {isPost ? <TextInput label={T.author} value={draft.authorName} onChange={set('authorName')} error={errors.authorName} readOnly={readOnly} maxLength={CONTENT_LIMITS.authorNameLength} /> : null}
        <ChipsInput label={T.tags} addLabel={T.addTag} values={draft.tags} onChange={set('tags')} maxLength={CONTENT_LIMITS.tagLength} max={CONTENT_LIMITS.tagsPerItem} error={errors.tags} readOnly={readOnly} />
        <ChipsInput label={T.categories} addLabel={T.addCategory} values={draft.categories} onChange={set('categories')} maxLength={CONTENT_LIMITS.categoryLength} max={CONTENT_LIMITS.categoriesPerItem} error={errors.categories} readOnly={readOnly} />
        <div className="pages-checks">
          {isPost ? (
            <label>
              <input type="checkbox" checked={draft.commentState === 1} disabled={readOnly} onChange={(event) => set('commentState')(event.target.checked ? 1 : 0)} /> {T.comments}
            </label>
          ) : null}
          <label>
            <input type="checkbox" checked={draft.starred} disabled={readOnly} onChange={(event) => set('starred')(event.target.checked)} /> {T.starred}
          </label>
        </div>
        <ImageField label={T.mainImage} value={draft.image} onChange={set('image')} readOnly={readOnly} error={errors.image} />
        {!readOnly ? (
          <button type="submit" className="button button-secondary" disabled={saving}>
            {T.saveDetails}
          </button>
        ) : null}
        {message ? (
          <p className={message.kind === 'alert' ? 'field-error' : 'pages-muted'} role={message.kind === 'alert' ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** Tags or categories as chips: type one and press Enter (or Add); each chip has its Remove. */
function ChipsInput({ label, addLabel, values, onChange, maxLength, max, error, readOnly }: { label: string; addLabel: string; values: string[]; onChange: (values: string[]) => void; maxLength: number; max: number; error?: string; readOnly: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    const value = text.trim();
    if (value && !values.includes(value) && values.length < max) onChange([...values, value]);
    setText('');
  };
  return (
    <div className="pages-field">
      <label htmlFor={id}>{label}</label>
      {values.length > 0 ? (
        <ul className="pages-chips" aria-label={label}>
          {values.map((value) => (
            <li key={value} className="pages-chip">
              {value}
              {!readOnly ? (
                <button type="button" aria-label={T.remove(value)} onClick={() => onChange(values.filter((each) => each !== value))}>
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {!readOnly ? (
        <span className="pages-chip-add">
          <input
            id={id}
            type="text"
            value={text}
            maxLength={maxLength}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="button button-secondary" onClick={add}>
            {addLabel}
          </button>
        </span>
      ) : null}
      <span className="field-hint" id={`${id}-hint`}>
        At most {maxLength} characters each.
      </span>
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
