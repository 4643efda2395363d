import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $isLinkNode, $toggleLink } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { checkUrl } from '@vitrine/blocks';
import {
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  CLEAR_HISTORY_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  mergeRegister,
  REDO_COMMAND,
  UNDO_COMMAND,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { PAGES_TEXTS as T } from '../texts';
import { $blockHtml, $blockKindAtSelection, $replaceWithBlockHtml, $setBlockKind, BLOCK_KINDS, isAllowedLink, registerTextRules, TEXT_BLOCK_NODES, type BlockKind, type BlockKindAtSelection } from './text-model';

/** An update made to show a value from outside (the page's undo, a reload): not the owner's edit, not sent back. */
const OUTSIDE_TAG = 'vitrine-outside-value';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  readOnly: boolean;
  describedBy?: string;
}

/**
 * The text block's editor (Lexical): paragraphs, headings h2–h4, quotes, lists, links, bold and italic, with its
 * own undo and redo of every edit in the text. What it sends is the stored HTML of text-model.ts. Loaded only
 * when a text block's settings open (RichTextField.tsx), so Lexical is a chunk of its own.
 */
export default function RichTextEditor({ id, label, value, onChange, readOnly, describedBy }: RichTextEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: 'vitrine-text-block',
    nodes: TEXT_BLOCK_NODES,
    editable: !readOnly,
    editorState: () => $replaceWithBlockHtml(value),
    onError: (error) => {
      throw error;
    },
    theme: { text: { bold: 'rich-bold', italic: 'rich-italic', underline: 'rich-underline', strikethrough: 'rich-strike' }, quote: 'rich-quote' },
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className="pages-field pages-rich">
        <span id={`${id}-label`}>{label}</span>
        {!readOnly ? <Toolbar label={label} /> : null}
        <div className="pages-rich-surface">
          <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={id}
              className="pages-rich-area"
              role="textbox"
              aria-multiline="true"
              aria-labelledby={`${id}-label`}
              aria-describedby={describedBy}
              aria-readonly={readOnly || undefined}
              aria-placeholder={T.richTextPlaceholder}
              placeholder={<div className="pages-rich-placeholder" aria-hidden="true">{T.richTextPlaceholder}</div>}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={isAllowedLink} />
        <TextRules />
        <ValueSync value={value} onChange={onChange} />
      </div>
    </LexicalComposer>
  );
}

function TextRules() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => registerTextRules(editor), [editor]);
  return null;
}

/** The owner's edits go out as HTML; a value from outside replaces the document (and the text's own history). */
function ValueSync({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const lastKnown = useRef(value);
  const send = useRef(onChange);
  send.current = onChange;
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
        if (tags.has(OUTSIDE_TAG) || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
        const html = editorState.read(() => $blockHtml());
        if (html === lastKnown.current) return;
        lastKnown.current = html;
        send.current(html);
      }),
    [editor],
  );
  useEffect(() => {
    if (value === lastKnown.current) return;
    lastKnown.current = value;
    editor.update(() => $replaceWithBlockHtml(value), { tag: OUTSIDE_TAG });
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
  }, [editor, value]);
  return null;
}

const KIND_LABELS: Record<BlockKind, string> = { paragraph: 'Paragraph', h2: 'Heading 2', h3: 'Heading 3', h4: 'Heading 4', quote: 'Quote' };

function Toolbar({ label }: { label: string }) {
  const [editor] = useLexicalComposerContext();
  const [kind, setKind] = useState<BlockKindAtSelection>('paragraph');
  const [formats, setFormats] = useState({ bold: false, italic: false, link: false });
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) =>
          editorState.read(() => {
            setKind($blockKindAtSelection());
            const selection = $getSelection();
            if (!$isRangeSelection(selection)) return;
            const inLink = selection.getNodes().some((node) => $isLinkNode(node) || $isLinkNode(node.getParent()));
            setFormats({ bold: selection.hasFormat('bold'), italic: selection.hasFormat('italic'), link: inLink });
          }),
        ),
        editor.registerCommand(CAN_UNDO_COMMAND, (payload) => (setCanUndo(payload), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (payload) => (setCanRedo(payload), false), COMMAND_PRIORITY_LOW),
      ),
    [editor],
  );

  const keep = (event: React.MouseEvent) => event.preventDefault(); // the text keeps its selection
  const list = (type: 'bullet' | 'number') => editor.dispatchCommand(kind === type ? REMOVE_LIST_COMMAND : type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  const link = () => {
    if (formats.link) {
      editor.update(() => $toggleLink(null));
      setLinkError(null);
      return;
    }
    const answer = window.prompt(T.linkPrompt, 'https://');
    if (answer === null) return;
    const check = checkUrl(answer);
    if (!check.valid) {
      setLinkError(check.message);
      return;
    }
    setLinkError(null);
    editor.update(() => $toggleLink(check.url));
  };

  return (
    <>
      <div className="pages-rich-tools" role="toolbar" aria-label={`${label} formatting`}>
        <select
          aria-label={T.textStyle}
          value={kind === 'bullet' || kind === 'number' || kind === 'mixed' ? '' : kind}
          onChange={(event) => {
            const next = event.target.value as BlockKind;
            if (!BLOCK_KINDS.includes(next)) return;
            editor.update(() => $setBlockKind(next));
            editor.focus();
          }}
        >
          {kind === 'bullet' || kind === 'number' || kind === 'mixed' ? <option value="">{kind === 'mixed' ? T.mixedStyles : T.listItem}</option> : null}
          {BLOCK_KINDS.map((each) => (
            <option key={each} value={each}>
              {KIND_LABELS[each]}
            </option>
          ))}
        </select>
        <button type="button" aria-pressed={formats.bold} onMouseDown={keep} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}>
          <strong aria-hidden="true">B</strong>
          <span className="visually-hidden">{T.bold}</span>
        </button>
        <button type="button" aria-pressed={formats.italic} onMouseDown={keep} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}>
          <em aria-hidden="true">I</em>
          <span className="visually-hidden">{T.italic}</span>
        </button>
        <button type="button" aria-pressed={kind === 'bullet'} onMouseDown={keep} onClick={() => list('bullet')}>
          {T.bulletedList}
        </button>
        <button type="button" aria-pressed={kind === 'number'} onMouseDown={keep} onClick={() => list('number')}>
          {T.numberedList}
        </button>
        <button type="button" aria-pressed={formats.link} onMouseDown={keep} onClick={link}>
          {formats.link ? T.removeLink : T.link}
        </button>
        <button type="button" disabled={!canUndo} onMouseDown={keep} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
          {T.undoText}
        </button>
        <button type="button" disabled={!canRedo} onMouseDown={keep} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
          {T.redoText}
        </button>
      </div>
      {linkError ? (
        <p className="field-error" role="alert">
          {linkError}
        </p>
      ) : null}
    </>
  );
}
