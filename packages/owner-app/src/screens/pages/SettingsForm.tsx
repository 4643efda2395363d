import { useId, type ReactNode } from 'react';
import { datasetMessage, urlMessage } from './block-catalog';
import { useFormOptions, usePageTree, useProductOptions } from './content-api';
import { ImageIdField } from './ImagePicker';
import { RichTextField } from './RichTextField';
import { errorAt, isShown, type FieldSpec } from './schema-form';
import { PAGES_TEXTS as T } from './texts';

/**
 * A block's settings form, drawn from its schema's fields (schema-form.ts). `errors` are keyed by the
 * setting's path as checkBlockSettings and the server answer them; each shows under its field, which names
 * it with aria-describedby.
 */
export function SettingsForm({ fields, settings, onChange, errors, readOnly, path = '' }: { fields: FieldSpec[]; settings: Record<string, unknown>; onChange: (settings: Record<string, unknown>) => void; errors: Record<string, string>; readOnly: boolean; path?: string }) {
  return (
    <div className="pages-settings-fields">
      {fields
        .filter((field) => isShown(field, settings))
        .map((field) => (
          <SettingField
            key={field.key}
            field={field}
            value={settings[field.key]}
            error={errorAt(errors, path + field.key)}
            errors={errors}
            path={`${path}${field.key}.`}
            readOnly={readOnly}
            onChange={(value) => onChange({ ...settings, [field.key]: value })}
            focal={field.control === 'image' && isFocal(settings.focalPoint) ? { value: settings.focalPoint, set: (focalPoint) => onChange({ ...settings, focalPoint }) } : undefined}
          />
        ))}
    </div>
  );
}

type Focal = { x: number; y: number };
const isFocal = (value: unknown): value is Focal => isRecord(value) && typeof value.x === 'number' && typeof value.y === 'number';

function SettingField({ field, value, onChange, error, errors, path, readOnly, focal }: { field: FieldSpec; value: unknown; onChange: (value: unknown) => void; error?: string; errors: Record<string, string>; path: string; readOnly: boolean; focal?: { value: Focal; set: (focal: Focal) => void } }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const live = field.control === 'url' && typeof value === 'string' ? urlMessage(value) : field.control === 'dataset' && typeof value === 'string' ? datasetMessage(value) : null;
  const shownError = error ?? live ?? undefined;
  const describedBy = [field.description ? hintId : null, shownError ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': shownError ? true : undefined } as const;
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  let control: ReactNode;
  switch (field.control) {
    case 'textarea':
    case 'code':
    case 'dataset':
      control = <textarea {...common} className={field.control === 'textarea' ? undefined : 'pages-mono'} rows={field.control === 'textarea' ? 4 : 8} maxLength={field.maxLength} value={text} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} spellCheck={field.control === 'textarea'} />;
      break;
    case 'rich-text':
      return (
        <>
          <RichTextField id={id} label={field.label} value={text} onChange={onChange} readOnly={readOnly} describedBy={describedBy} />
          <Messages field={field} hintId={hintId} error={shownError} errorId={errorId} />
        </>
      );
    case 'number':
    case 'slider':
      control = (
        <span className="pages-number">
          {field.control === 'slider' ? <input type="range" aria-hidden="true" tabIndex={-1} min={field.min} max={field.max} step={field.step} value={typeof value === 'number' ? value : (field.min ?? 0)} disabled={readOnly} onChange={(event) => onChange(event.target.valueAsNumber)} /> : null}
          <input {...common} type="number" min={field.min} max={field.max} step={field.step} value={typeof value === 'number' ? value : ''} readOnly={readOnly} onChange={(event) => onChange(Number.isNaN(event.target.valueAsNumber) ? null : event.target.valueAsNumber)} />
        </span>
      );
      break;
    case 'checkbox':
      return (
        <div className="pages-field pages-check">
          <label>
            <input {...common} type="checkbox" checked={value === true} disabled={readOnly} onChange={(event) => onChange(event.target.checked)} />
            {field.label}
          </label>
          <Messages field={field} hintId={hintId} error={shownError} errorId={errorId} />
        </div>
      );
    case 'select':
      control = (
        <select {...common} value={String(value ?? '')} disabled={readOnly} onChange={(event) => onChange(field.options?.find((option) => option.value === event.target.value)?.raw ?? event.target.value)}>
          {value === undefined || value === null || value === '' ? <option value="">{T.none}</option> : null}
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'image':
      return <ImageIdField label={field.label} imageId={text} onChange={onChange} readOnly={readOnly} error={shownError} focal={focal} />;
    case 'color':
      control = (
        <span className="pages-color">
          <input type="color" aria-hidden="true" tabIndex={-1} value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#000000'} disabled={readOnly} onChange={(event) => onChange(event.target.value)} />
          <input {...common} type="text" maxLength={7} value={text} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />
        </span>
      );
      break;
    case 'group':
      return (
        <fieldset className="pages-field pages-group">
          <legend>{field.label}</legend>
          {field.description ? <span className="field-hint">{field.description}</span> : null}
          <SettingsForm fields={field.itemFields ?? []} settings={isRecord(value) ? value : {}} errors={errors} path={path} readOnly={readOnly} onChange={onChange} />
        </fieldset>
      );
    case 'url':
      control = <input {...common} type="url" inputMode="url" maxLength={2083} value={text} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />;
      break;
    case 'form':
    case 'newsletter-form':
      control = <FormSelect common={common} kind={field.control === 'form' ? 'form' : 'newsletter'} value={text} readOnly={readOnly} onChange={onChange} />;
      break;
    case 'product':
      control = <ProductSelect common={common} value={text} readOnly={readOnly} onChange={onChange} />;
      break;
    case 'collection':
      control = <CollectionSelect common={common} value={text} readOnly={readOnly} onChange={onChange} />;
      break;
    case 'list':
      return <ListEditor field={field} value={Array.isArray(value) ? (value as Record<string, unknown>[]) : []} onChange={onChange} errors={errors} path={path} readOnly={readOnly} />;
    case 'strings':
      control = <textarea {...common} rows={3} value={Array.isArray(value) ? value.join('\n') : ''} readOnly={readOnly} onChange={(event) => onChange(event.target.value.split('\n'))} />;
      break;
    case 'unsupported':
      return null;
    default:
      control = <input {...common} type="text" maxLength={field.maxLength} value={text} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <div className="pages-field">
      <label htmlFor={id}>{field.label}</label>
      {control}
      <Messages field={field} hintId={hintId} error={shownError} errorId={errorId} />
    </div>
  );
}

function Messages({ field, hintId, error, errorId }: { field: FieldSpec; hintId: string; error?: string; errorId: string }) {
  return (
    <>
      {field.description ? (
        <span className="field-hint" id={hintId}>
          {field.description}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value && typeof value === 'object' && !Array.isArray(value));

type Common = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

function FormSelect({ common, kind, value, readOnly, onChange }: { common: Common; kind: 'form' | 'newsletter'; value: string; readOnly: boolean; onChange: (value: string) => void }) {
  const forms = useFormOptions(true);
  const choices = (forms.data?.forms ?? []).filter((form) => form.kind === kind && !form.deletedAt);
  return (
    <select {...common} value={value} disabled={readOnly} onChange={(event) => onChange(event.target.value)}>
      <option value="">{T.none}</option>
      {choices.map((form) => (
        <option key={form.id} value={form.id}>
          {form.name}
        </option>
      ))}
    </select>
  );
}

function ProductSelect({ common, value, readOnly, onChange }: { common: Common; value: string; readOnly: boolean; onChange: (value: string) => void }) {
  const products = useProductOptions(true);
  return (
    <select {...common} value={value} disabled={readOnly} onChange={(event) => onChange(event.target.value)}>
      <option value="">{T.none}</option>
      {(products.data?.products ?? [])
        .filter((product) => !product.archived)
        .map((product) => (
          <option key={product.id} value={product.id}>
            {product.title}
          </option>
        ))}
    </select>
  );
}

/** Blog, events and gallery pages and stores: the collections a summary or a calendar block shows. */
function CollectionSelect({ common, value, readOnly, onChange }: { common: Common; value: string; readOnly: boolean; onChange: (value: string) => void }) {
  const tree = usePageTree();
  const all = [...(tree.data?.navigation ?? []).flatMap((node) => [node, ...node.children]), ...(tree.data?.notLinked ?? [])];
  const collections = all.filter((page) => page.kind === 'blog' || page.kind === 'events' || page.kind === 'gallery' || page.kind === 'store');
  return (
    <select {...common} value={value} disabled={readOnly} onChange={(event) => onChange(event.target.value)}>
      <option value="">{T.none}</option>
      {collections.map((page) => (
        <option key={page.id} value={page.id}>
          {page.title} ({page.kind})
        </option>
      ))}
    </select>
  );
}

/** An array of objects (gallery images, accordion items, social links): entries with add, remove, move. */
function ListEditor({ field, value, onChange, errors, path, readOnly }: { field: FieldSpec; value: Record<string, unknown>[]; onChange: (value: unknown) => void; errors: Record<string, string>; path: string; readOnly: boolean }) {
  const itemFields = field.itemFields ?? [];
  const itemLabel = field.itemLabel ?? 'Item';
  const move = (index: number, direction: -1 | 1) => {
    const next = [...value];
    const [entry] = next.splice(index, 1);
    next.splice(index + direction, 0, entry!);
    onChange(next);
  };
  const full = field.maxItems !== undefined && value.length >= field.maxItems;
  return (
    <fieldset className="pages-field pages-list-editor">
      <legend>{field.label}</legend>
      <ol>
        {value.map((entry, index) => (
          <li key={index} className="pages-list-entry">
            <fieldset>
              <legend>{T.entryName(itemLabel, index + 1)}</legend>
              <SettingsForm fields={itemFields} settings={entry} errors={errors} path={`${path}${index}.`} readOnly={readOnly} onChange={(settings) => onChange(value.map((each, at) => (at === index ? settings : each)))} />
              {!readOnly ? (
                <div className="pages-inline-actions">
                  <button type="button" className="button button-plain" disabled={index === 0} onClick={() => move(index, -1)}>
                    {T.moveUp}
                  </button>
                  <button type="button" className="button button-plain" disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                    {T.moveDown}
                  </button>
                  <button type="button" className="button button-plain" onClick={() => onChange(value.filter((_, at) => at !== index))}>
                    {T.remove(T.entryName(itemLabel, index + 1))}
                  </button>
                </div>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      {!readOnly ? (
        <button type="button" className="button button-secondary" disabled={full} onClick={() => onChange([...value, structuredClone(field.itemDefault ?? {})])}>
          {T.addEntry(itemLabel)}
        </button>
      ) : null}
    </fieldset>
  );
}
