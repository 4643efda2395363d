// @vitest-environment happy-dom
import { registerHistory, createEmptyHistoryState } from '@lexical/history';
import { registerList, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list';
import { registerRichText } from '@lexical/rich-text';
import { $getRoot, $isTextNode, createEditor, FORMAT_TEXT_COMMAND, REDO_COMMAND, UNDO_COMMAND, $getSelection, $isRangeSelection, $createRangeSelection, $setSelection, type LexicalCommand, type LexicalEditor, type TextNode } from 'lexical';
import { afterEach, describe, expect, it } from 'vitest';
import { $blockHtml, $blockKindAtSelection, $replaceWithBlockHtml, $setBlockKind, $trimSelectionOverflow, registerTextRules, TEXT_BLOCK_NODES } from './text-model';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  document.body.innerHTML = '';
});

/** An editor as the field makes it (rich text, lists, history, our rules), on a contenteditable in the page. */
function editorWith(html: string): LexicalEditor {
  const editor = createEditor({ namespace: 'test', nodes: TEXT_BLOCK_NODES, onError: (error) => { throw error; } });
  const root = document.createElement('div');
  root.contentEditable = 'true';
  document.body.append(root);
  editor.setRootElement(root);
  cleanups.push(registerRichText(editor), registerList(editor), registerHistory(editor, createEmptyHistoryState(), 0), registerTextRules(editor), () => editor.setRootElement(null));
  editor.update(() => $replaceWithBlockHtml(html), { discrete: true });
  return editor;
}

const htmlOf = (editor: LexicalEditor) => editor.getEditorState().read(() => $blockHtml());
const texts = (): TextNode[] => $getRoot().getAllTextNodes();

/** Selects from (text node i, offset a) to (text node j, offset b), as a mouse would. */
function select(editor: LexicalEditor, from: [number, number], to: [number, number], options: { atBlockStart?: boolean } = {}) {
  editor.update(() => {
    const nodes = texts();
    const selection = $createRangeSelection();
    selection.anchor.set(nodes[from[0]]!.getKey(), from[1], 'text');
    if (options.atBlockStart) {
      const block = nodes[to[0]]!.getTopLevelElementOrThrow();
      selection.focus.set(block.getKey(), 0, 'element');
    } else selection.focus.set(nodes[to[0]]!.getKey(), to[1], 'text');
    $setSelection(selection);
  }, { discrete: true });
}

/** A command, applied at once (as a keystroke's would be before the next). */
function command<T>(editor: LexicalEditor, which: LexicalCommand<T>, payload: T) {
  editor.update(() => {
    editor.dispatchCommand(which, payload);
  }, { discrete: true });
}

function type(editor: LexicalEditor, text: string) {
  editor.update(() => {
    $trimSelectionOverflow();
    const selection = $getSelection();
    if ($isRangeSelection(selection)) selection.insertText(text);
  }, { discrete: true });
}

describe('the text block model', () => {
  it('round-trips the stored HTML of every kind of block and format', () => {
    const html = '<h2>Our story</h2><p>We <strong>bake</strong> <em>bread</em> and <a href="/shop">sell it</a>.</p><h3>Since</h3><h4>Now</h4><blockquote>Good bread.</blockquote><ul><li>Rye</li><li>Spelt</li></ul><ol><li>First</li></ol><p>Line<br>break</p>';
    expect(htmlOf(editorWith(html))).toBe(html);
  });

  it('cleans pasted or imported HTML down to the allowed set', () => {
    const editor = editorWith(
      '<h1 style="color:red">Title</h1><h6>Small</h6><p class="x" onclick="alert(1)"><span style="font-weight:bold">Bold</span> <b>b</b> <i>i</i> <sub>sub</sub> <mark>marked</mark></p><script>alert(1)</script><p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com" target="_blank">good</a></p><table><tr><td>cell</td></tr></table>',
    );
    expect(htmlOf(editor)).toBe('<h2>Title</h2><h4>Small</h4><p><strong>Bold</strong> <strong>b</strong> <em>i</em> sub marked</p><p>bad link <a href="https://example.com">good</a></p><p>cell</p>');
  });

  it('an empty document is stored as an empty string, and text is escaped', () => {
    expect(htmlOf(editorWith(''))).toBe('');
    expect(htmlOf(editorWith('<p>5 &lt; 6 &amp; "quotes"</p>'))).toBe('<p>5 &lt; 6 &amp; "quotes"</p>');
  });

  it('typing over a triple-click selection of a heading replaces the heading’s words; the heading stays a heading and the paragraph stays', () => {
    const editor = editorWith('<h2>Our story</h2><p>We bake bread.</p>');
    // A browser's triple click: from the heading's start to the very start of the next block.
    select(editor, [0, 0], [1, 0], { atBlockStart: true });
    type(editor, 'About us');
    expect(htmlOf(editor)).toBe('<h2>About us</h2><p>We bake bread.</p>');
    select(editor, [0, 0], [1, 0]);
    type(editor, 'Hello');
    expect(htmlOf(editor)).toBe('<h2>Hello</h2><p>We bake bread.</p>');
  });

  it('typing over a selection across a heading’s and a paragraph’s words merges them into the first block’s kind, and the block control turns it back', () => {
    const editor = editorWith('<h2>Our story</h2><p>We bake bread.</p>');
    select(editor, [0, 4], [1, 3]);
    type(editor, 'new ');
    expect(htmlOf(editor)).toBe('<h2>Our new bake bread.</h2>');
    expect(editor.getEditorState().read(() => $blockKindAtSelection())).toBe('h2');
    editor.update(() => $setBlockKind('paragraph'), { discrete: true });
    expect(htmlOf(editor)).toBe('<p>Our new bake bread.</p>');
    editor.update(() => $setBlockKind('h3'), { discrete: true });
    expect(htmlOf(editor)).toBe('<h3>Our new bake bread.</h3>');
    expect(editor.getEditorState().read(() => $blockKindAtSelection())).toBe('h3');
  });

  it('a selection from a paragraph into a heading merges into the paragraph', () => {
    const editor = editorWith('<p>Intro text</p><h2>Heading</h2>');
    select(editor, [0, 5], [1, 4]);
    type(editor, '');
    expect(htmlOf(editor)).toBe('<p>Introing</p>');
  });

  it('undo and redo cover typing, formatting, block kinds and lists', () => {
    const editor = editorWith('<p>Plain words</p>');
    const steps: string[] = [htmlOf(editor)];
    select(editor, [0, 0], [0, 5]);
    command(editor, FORMAT_TEXT_COMMAND, 'bold');
    steps.push(htmlOf(editor));
    editor.update(() => $setBlockKind('h2'), { discrete: true });
    steps.push(htmlOf(editor));
    editor.update(() => $setBlockKind('paragraph'), { discrete: true });
    command(editor, INSERT_UNORDERED_LIST_COMMAND, undefined);
    steps.push(htmlOf(editor));
    expect(steps).toEqual(['<p>Plain words</p>', '<p><strong>Plain</strong> words</p>', '<h2><strong>Plain</strong> words</h2>', '<ul><li><strong>Plain</strong> words</li></ul>']);
    for (let step = 0; step < 4; step++) {
      command(editor, UNDO_COMMAND, undefined);
    }
    expect(htmlOf(editor)).toBe('<p>Plain words</p>');
    command(editor, REDO_COMMAND, undefined);
    expect(htmlOf(editor)).toBe('<p><strong>Plain</strong> words</p>');
  });

  it('text formats outside the allowed set are taken off', () => {
    const editor = editorWith('<p>word</p>');
    select(editor, [0, 0], [0, 4]);
    command(editor, FORMAT_TEXT_COMMAND, 'highlight');
    expect(editor.getEditorState().read(() => texts().every((node) => $isTextNode(node) && !node.hasFormat('highlight')))).toBe(true);
    expect(htmlOf(editor)).toBe('<p>word</p>');
  });
});
