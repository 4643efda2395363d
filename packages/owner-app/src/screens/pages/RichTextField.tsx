import { useEffect, useRef } from 'react';
import { PAGES_TEXTS as T } from './texts';

/**
 * A small rich-text editor: a contenteditable area with Bold, Italic, Link, Heading and List, whose output is
 * its HTML (the server sanitises what it keeps). The area is written to only when the value changes from
 * outside (undo, another block), so the caret stays where the owner types.
 */
export function RichTextField({ id, label, value, onChange, readOnly, describedBy }: { id: string; label: string; value: string; onChange: (html: string) => void; readOnly: boolean; describedBy?: string }) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);
  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    if (area.current) onChange(area.current.innerHTML);
  };
  return (
    <div className="pages-field pages-rich">
      <span id={`${id}-label`}>{label}</span>
      {!readOnly ? (
        <div className="pages-rich-tools" role="toolbar" aria-label={`${label} formatting`}>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run('bold')}>
            <strong>B</strong>
            <span className="visually-hidden">{T.bold}</span>
          </button>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run('italic')}>
            <em>I</em>
            <span className="visually-hidden">{T.italic}</span>
          </button>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run('formatBlock', '<h2>')}>
            {T.heading}
          </button>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run('insertUnorderedList')}>
            {T.list}
          </button>
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              const href = window.prompt(T.linkPrompt, 'https://');
              if (href) run('createLink', href);
            }}
          >
            {T.link}
          </button>
        </div>
      ) : null}
      <div
        ref={area}
        id={id}
        className="pages-rich-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-readonly={readOnly || undefined}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        tabIndex={0}
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
      />
    </div>
  );
}
