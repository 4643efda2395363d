import { useId, type ReactNode } from 'react';

/** The words of the SEO fields, the same on every screen that has them (products, stores, the site editor's pages and posts). */
export const SEO_TEXTS = {
  heading: 'Search and social',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  socialPicture: 'Social picture',
  titleHint: (own: string) => `The page title in search results and link previews. Left empty: “${own}”.`,
  /** `own` names what the head shows without one: 'the short description', 'the store’s description', … */
  descriptionHint: (own: string) => `The description in search results and link previews. Left empty, ${own} is used.`,
} as const;

/**
 * The server's limits (@vitrine/contracts' SEO_LIMITS, which the app may import for types only: ui.test.tsx
 * checks they agree). A browser stops typing there; the server's refusal still shows beside the field.
 */
export const SEO_FIELD_LIMITS = { seoTitle: 200, seoDescription: 500 } as const;

export interface SeoDraft {
  seoTitle: string;
  seoDescription: string;
}

/** The class names of the screen the fields sit in: the product editor's (the default) or the site editor's. */
export interface SeoFieldsLayout {
  field: string;
  hint: string;
}

const EDITOR_LAYOUT: SeoFieldsLayout = { field: 'editor-field', hint: 'editor-hint' };

/**
 * The SEO fields of a product, a store, a site page or a post (the owner API's SEO fields): the title and
 * description search engines and link previews show, and a slot for the social picture, whose choices differ
 * (a product picks one of its pictures; a store any uploaded one; pages have none here).
 */
export function SeoFields({ value, onChange, ownTitle, ownDescription, errors = {}, readOnly = false, picture, layout = EDITOR_LAYOUT }: {
  value: SeoDraft;
  onChange: (change: Partial<SeoDraft>) => void;
  /** What the head shows when the SEO title is empty. */
  ownTitle: string;
  /** What it shows when the SEO description is empty, in words ('the short description'). */
  ownDescription: string;
  errors?: Partial<Record<'seoTitle' | 'seoDescription' | 'seoImageId', string | undefined>>;
  readOnly?: boolean;
  picture?: ReactNode;
  layout?: SeoFieldsLayout;
}) {
  const id = useId();
  const field = (name: 'seoTitle' | 'seoDescription', hint: string, control: (props: Record<string, unknown>) => ReactNode) => {
    const error = errors[name];
    const describedBy = [`${id}-${name}-hint`, error ? `${id}-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className={layout.field}>
        <label htmlFor={`${id}-${name}`}>{SEO_TEXTS[name]}</label>
        {control({ id: `${id}-${name}`, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true } : {}), readOnly, maxLength: SEO_FIELD_LIMITS[name] })}
        <span id={`${id}-${name}-hint`} className={layout.hint}>{hint}</span>
        {error ? <span id={`${id}-${name}-error`} className="field-error">{error}</span> : null}
      </div>
    );
  };
  return (
    <>
      {field('seoTitle', SEO_TEXTS.titleHint(ownTitle), (props) => (
        <input {...props} value={value.seoTitle} onChange={(event) => onChange({ seoTitle: event.target.value })} />
      ))}
      {field('seoDescription', SEO_TEXTS.descriptionHint(ownDescription), (props) => (
        <textarea {...props} rows={3} value={value.seoDescription} onChange={(event) => onChange({ seoDescription: event.target.value })} />
      ))}
      {picture}
      {errors.seoImageId ? <p className="field-error">{errors.seoImageId}</p> : null}
    </>
  );
}
