import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text/RichTextEditor';
import { PAGES_TEXTS as T } from './texts';

/** Lexical is loaded when a text block's settings first open: its own chunk, never in the screen's or a shopper's. */
const RichTextEditor = lazy(() => import('./rich-text/RichTextEditor'));

/** A rich-text setting (x-editor 'rich-text'): the Lexical editor of rich-text/, with a short wait while it loads. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="pages-field pages-rich">
          <span id={`${props.id}-label`}>{props.label}</span>
          <p className="pages-muted" role="status">
            {T.loadingEditor}
          </p>
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
