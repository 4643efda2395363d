import { useId, type ReactNode } from 'react';

/** The words of the SEO fields, the same on every screen that has them (the site editor's pages say the same). */
export const SEO_TEXTS = {
  heading: 'Search and social',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  socialPicture: 'Social picture',
  titleHint: (own: string) => `The page title in search results and link previews. Left empty: “${own}”.`,
  descriptionHint: 'The description in search results and link previews. Left empty, the short description is used.',
} as const;

export interface SeoDraft {
  seoTitle: string;
  seoDescription: string;
}

/**
 * A product's or a store's SEO fields (the owner API's SeoFields; its limits are the server's, whose refusal
 * shows beside the field — the app takes @vitrine/contracts for types only): the title
 * and description search engines and link previews show, and a slot for the social picture, whose choices
 * differ (a product picks one of its pictures; a store any uploaded one).
 */
export function SeoFields({ value, onChange, ownTitle, errors = {}, readOnly = false, picture }: {
  value: SeoDraft;
  onChange: (change: Partial<SeoDraft>) => void;
  /** What the head shows when the SEO title is empty. */
  ownTitle: string;
  errors?: Partial<Record<'seoTitle' | 'seoDescription' | 'seoImageId', string>>;
  readOnly?: boolean;
  picture?: ReactNode;
}) {
  const id = useId();
  const field = (name: 'seoTitle' | 'seoDescription', hint: string, control: (props: Record<string, unknown>) => ReactNode) => {
    const error = errors[name];
    const describedBy = [`${id}-${name}-hint`, error ? `${id}-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="editor-field">
        <label htmlFor={`${id}-${name}`}>{SEO_TEXTS[name]}</label>
        {control({ id: `${id}-${name}`, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true } : {}), readOnly })}
        <span id={`${id}-${name}-hint`} className="editor-hint">{hint}</span>
        {error ? <span id={`${id}-${name}-error`} className="field-error">{error}</span> : null}
      </div>
    );
  };
  return (
    <>
      {field('seoTitle', SEO_TEXTS.titleHint(ownTitle), (props) => (
        <input {...props} value={value.seoTitle} onChange={(event) => onChange({ seoTitle: event.target.value })} />
      ))}
      {field('seoDescription', SEO_TEXTS.descriptionHint, (props) => (
        <textarea {...props} rows={3} value={value.seoDescription} onChange={(event) => onChange({ seoDescription: event.target.value })} />
      ))}
      {picture}
      {errors.seoImageId ? <p className="field-error">{errors.seoImageId}</p> : null}
    </>
  );
}
