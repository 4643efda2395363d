import { BLOCK_TYPES, blocksOf, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { describe, expect, it } from 'vitest';
import { editorReducer, startEditor } from '../editor-state';
import { dropPlaceAt, isNoMove, moveBlockBeside, type BlockBox } from './drop-place';
import { MESSAGE_TAG, readEditorMessage, readOverlayMessage } from './protocol';
import { movesOf, scrollToRestore, selectionAfterLoad } from './selection';

const block = (id: string) => ({ id, type: BLOCK_TYPES.html, settings: { html: id } });
const columnIds = (body: PageBody) => body.sections.map((section) => section.columns.map((column) => column.blocks.map((each) => each.id)));
// Section 1: a, b, c in one column; section 2: d | e in two columns.
const body: PageBody = {
  schemaVersion: 1,
  sections: [singleColumnSection('s1', [block('a'), block('b'), block('c')]), { id: 's2', type: 'content', columns: [{ id: 'c1', blocks: [block('d')] }, { id: 'c2', blocks: [block('e')] }] }],
};

describe('the message protocol', () => {
  it('reads each message the overlay sends, exactly', () => {
    expect(readOverlayMessage({ tag: MESSAGE_TAG, type: 'select', blockId: 'b1' })).toEqual({ tag: MESSAGE_TAG, type: 'select', blockId: 'b1' });
    expect(readOverlayMessage({ tag: MESSAGE_TAG, type: 'move', blockId: 'b1', direction: -1, extra: 'dropped' })).toEqual({ tag: MESSAGE_TAG, type: 'move', blockId: 'b1', direction: -1 });
    expect(readOverlayMessage({ tag: MESSAGE_TAG, type: 'insert', afterId: null })).toEqual({ tag: MESSAGE_TAG, type: 'insert', afterId: null });
    expect(readOverlayMessage({ tag: MESSAGE_TAG, type: 'drop', blockId: 'a', targetId: 'b', position: 'after' })).toEqual({ tag: MESSAGE_TAG, type: 'drop', blockId: 'a', targetId: 'b', position: 'after' });
    expect(readOverlayMessage({ tag: MESSAGE_TAG, type: 'scroll', y: 120 })).toEqual({ tag: MESSAGE_TAG, type: 'scroll', y: 120 });
  });

  it('drops anything else: another tag, an unknown type, a bad id, direction or position', () => {
    for (const data of [
      null, 'select', [], { type: 'select', blockId: 'b1' }, { tag: 'other', type: 'select', blockId: 'b1' }, { tag: MESSAGE_TAG, type: 'publish' },
      { tag: MESSAGE_TAG, type: 'select', blockId: '' }, { tag: MESSAGE_TAG, type: 'select', blockId: 'x'.repeat(65) }, { tag: MESSAGE_TAG, type: 'delete', blockId: 7 },
      { tag: MESSAGE_TAG, type: 'move', blockId: 'b1', direction: 2 }, { tag: MESSAGE_TAG, type: 'drop', blockId: 'a', targetId: 'a', position: 'after' },
      { tag: MESSAGE_TAG, type: 'drop', blockId: 'a', targetId: 'b', position: 'inside' }, { tag: MESSAGE_TAG, type: 'scroll', y: -1 }, { tag: MESSAGE_TAG, type: 'scroll', y: Number.NaN },
      { tag: MESSAGE_TAG, type: 'insert' },
    ]) expect(readOverlayMessage(data)).toBeNull();
    expect(readEditorMessage({ tag: MESSAGE_TAG, type: 'select', blockId: null })).toEqual({ tag: MESSAGE_TAG, type: 'select', blockId: null });
    expect(readEditorMessage({ tag: MESSAGE_TAG, type: 'delete', blockId: 'a' })).toBeNull();
  });
});

describe('the drop place from the pointer', () => {
  // a, b stacked in one column (0–100 wide); d beside them in a second column (120–220).
  const boxes: BlockBox[] = [
    { id: 'a', top: 0, bottom: 50, left: 0, right: 100 },
    { id: 'b', top: 60, bottom: 110, left: 0, right: 100 },
    { id: 'd', top: 0, bottom: 110, left: 120, right: 220 },
  ];
  it('is before the nearest block above its middle and after it below', () => {
    expect(dropPlaceAt(boxes, 'd', 50, 10)).toEqual({ targetId: 'a', position: 'before' });
    expect(dropPlaceAt(boxes, 'd', 50, 40)).toEqual({ targetId: 'a', position: 'after' });
    expect(dropPlaceAt(boxes, 'd', 50, 200)).toEqual({ targetId: 'b', position: 'after' });
  });
  it('never the dragged block itself; the other column when the pointer is over it', () => {
    expect(dropPlaceAt(boxes, 'a', 50, 10)).toEqual({ targetId: 'b', position: 'before' });
    expect(dropPlaceAt(boxes, 'a', 170, 90)).toEqual({ targetId: 'd', position: 'after' });
    expect(dropPlaceAt([boxes[0]!], 'a', 50, 10)).toBeNull();
  });
  it('knows a drop beside itself changes nothing', () => {
    expect(isNoMove(body, 'a', { targetId: 'b', position: 'before' })).toBe(true);
    expect(isNoMove(body, 'b', { targetId: 'a', position: 'after' })).toBe(true);
    expect(isNoMove(body, 'a', { targetId: 'b', position: 'after' })).toBe(false);
  });
});

describe('a drop on the page as an edit', () => {
  it('moves a block before or after another, across sections and columns', () => {
    expect(columnIds(moveBlockBeside(body, 'c', { targetId: 'a', position: 'before' }))).toEqual([[['c', 'a', 'b']], [['d'], ['e']]]);
    expect(columnIds(moveBlockBeside(body, 'a', { targetId: 'b', position: 'after' }))).toEqual([[['b', 'a', 'c']], [['d'], ['e']]]);
    expect(columnIds(moveBlockBeside(body, 'a', { targetId: 'e', position: 'before' }))).toEqual([[['b', 'c']], [['d'], ['a', 'e']]]);
    expect(columnIds(moveBlockBeside(body, 'e', { targetId: 'b', position: 'after' }))).toEqual([[['a', 'b', 'e', 'c']], [['d'], []]]);
    expect(moveBlockBeside(body, 'a', { targetId: 'a', position: 'after' })).toBe(body);
    expect(moveBlockBeside(body, 'a', { targetId: 'gone', position: 'after' })).toBe(body);
  });

  it('goes through the editor\'s one history: undo puts the block back, redo moves it again', () => {
    const moved = editorReducer(startEditor(body), { type: 'place', blockId: 'c', place: { targetId: 'a', position: 'before' } });
    expect(blocksOf(moved.history.present).map((each) => each.id)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(moved.selectedId).toBe('c');
    const undone = editorReducer(moved, { type: 'undo' });
    expect(undone.history.present).toBe(body);
    expect(blocksOf(editorReducer(undone, { type: 'redo' }).history.present).map((each) => each.id)).toEqual(['c', 'a', 'b', 'd', 'e']);
  });
});

describe('the on-page selection', () => {
  it('survives a reload when the block is still there', () => {
    expect(selectionAfterLoad(['a', 'b'], 'b')).toBe('b');
    expect(selectionAfterLoad(['a'], 'b')).toBeNull();
    expect(selectionAfterLoad(['a'], null)).toBeNull();
  });
  it('offers the moves that make sense at the ends of the page', () => {
    expect(movesOf(['a', 'b', 'c'], 'a')).toEqual({ up: false, down: true });
    expect(movesOf(['a', 'b', 'c'], 'b')).toEqual({ up: true, down: true });
    expect(movesOf(['a', 'b', 'c'], 'c')).toEqual({ up: true, down: false });
    expect(movesOf(['a'], 'x')).toEqual({ up: false, down: false });
  });
  it('scrolls back to where the owner was, within the new page', () => {
    expect(scrollToRestore(300, 2000, 640)).toBe(300);
    expect(scrollToRestore(3000, 2000, 640)).toBe(1360);
    expect(scrollToRestore(300, 500, 640)).toBe(0);
  });
});
