import { BLOCK_TYPES, blocksOf, emptyPageBody, SECTION_PRESETS, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { describe, expect, it } from 'vitest';
import { blockCount, canMove, duplicateBlock, insertBlock, insertSection, moveBlock, moveBlockTo, newBlockId, removeBlock, removeSection, updateBlockSettings, updateSection } from './body-edits';
import { editorReducer, startEditor } from './editor-state';
import { canRedo, canUndo, HISTORY_LIMIT, historyReducer, startHistory } from './history';
import { settingsGroup } from './ContentEditor';

const block = (id: string, type = BLOCK_TYPES.html) => ({ id, type, settings: { html: id } });
const bodyOf = (...sections: string[][]): PageBody => ({ schemaVersion: 1, sections: sections.map((ids, index) => singleColumnSection(`s${index + 1}`, ids.map((id) => block(id)))) });
const columnIds = (body: PageBody) => body.sections.map((section) => section.columns.map((column) => column.blocks.map((each) => each.id)));
const ids = (body: PageBody) => blocksOf(body).map((each) => each.id);

describe('section edits', () => {
  const twoColumns: PageBody = {
    schemaVersion: 1,
    sections: [
      singleColumnSection('s1', [block('a')]),
      { id: 's2', type: 'content', columns: [{ id: 'c1', blocks: [block('b'), block('c')] }, { id: 'c2', blocks: [block('d')] }] },
    ],
  };

  it('moves a block across a column’s edge in reading order, and inserts and drops inside columns', () => {
    expect(columnIds(moveBlock(twoColumns, 'c', 1))).toEqual([[['a']], [['b'], ['c', 'd']]]);
    expect(columnIds(moveBlock(twoColumns, 'd', -1))).toEqual([[['a']], [['b', 'c', 'd'], []]]);
    expect(columnIds(insertBlock(twoColumns, block('x'), 'b'))).toEqual([[['a']], [['b', 'x', 'c'], ['d']]]);
    expect(columnIds(moveBlockTo(twoColumns, 'a', 'd'))).toEqual([[[]], [['b', 'c'], ['d', 'a']]]);
    expect(columnIds(removeBlock(twoColumns, 'd'))).toEqual([[['a']], [['b', 'c'], []]]);
  });

  it('changes a section’s columns, keeping every block, and its colour theme, spacing and background', () => {
    const four = updateSection(twoColumns, 1, { columnCount: 4 });
    expect(columnIds(four)[1]).toEqual([['b', 'c'], ['d'], [], []]);
    expect(new Set(four.sections[1]!.columns.map((column) => column.id)).size).toBe(4);
    expect(columnIds(updateSection(twoColumns, 1, { columnCount: 1 }))[1]).toEqual([['b', 'c', 'd']]);
    expect(updateSection(twoColumns, 1, { columnCount: 9 }).sections[1]!.columns).toHaveLength(4);
    const styled = updateSection(twoColumns, 0, { colourTheme: 'dark', spacing: 'large', background: { kind: 'image', url: '/a.jpg', alt: 'A field' } });
    expect(styled.sections[0]).toMatchObject({ id: 's1', colourTheme: 'dark', spacing: 'large', background: { kind: 'image', url: '/a.jpg', alt: 'A field' } });
    expect(updateSection(styled, 0, { colourTheme: 'light', spacing: 'medium', background: null }).sections[0]).toEqual(twoColumns.sections[0]);
  });

  it('inserts a preset after a section (replacing an empty page’s blank section) and removes one', () => {
    const hero = SECTION_PRESETS[0]!.create(() => 'x');
    expect(insertSection(emptyPageBody(), hero, null).sections).toEqual([hero]);
    expect(insertSection(twoColumns, hero, 0).sections.map((section) => section.id)).toEqual(['s1', hero.id, 's2']);
    expect(insertSection(twoColumns, hero, null).sections.map((section) => section.id)).toEqual(['s1', 's2', hero.id]);
    expect(removeSection(twoColumns, 0).sections.map((section) => section.id)).toEqual(['s2']);
    expect(removeSection(removeSection(twoColumns, 0), 0).sections.map((section) => section.id)).toEqual(['s2']);
  });
});

describe('body edits', () => {
  it('inserts after the given block, or at the end when none is given', () => {
    const body = bodyOf(['a', 'b']);
    expect(ids(insertBlock(body, block('x'), 'a'))).toEqual(['a', 'x', 'b']);
    expect(ids(insertBlock(body, block('x'), null))).toEqual(['a', 'b', 'x']);
    expect(ids(insertBlock(emptyPageBody(), block('x'), null))).toEqual(['x']);
    expect(ids(body)).toEqual(['a', 'b']);
  });

  it('moves up and down, across a section edge, and not past the ends', () => {
    const body = bodyOf(['a', 'b'], ['c']);
    expect(ids(moveBlock(body, 'b', -1))).toEqual(['b', 'a', 'c']);
    expect(ids(moveBlock(body, 'a', 1))).toEqual(['b', 'a', 'c']);
    const crossed = moveBlock(body, 'b', 1);
    expect(columnIds(crossed)).toEqual([[['a']], [['b', 'c']]]);
    expect(columnIds(moveBlock(body, 'a', -1))[0]).toEqual([['a', 'b']]);
    expect(columnIds(moveBlock(body, 'c', 1))[1]).toEqual([['c']]);
    expect(canMove(body, 'a', -1)).toBe(false);
    expect(canMove(body, 'c', 1)).toBe(false);
    expect(canMove(body, 'b', 1)).toBe(true);
  });

  it('drops a dragged block where the one it is over was, up or down', () => {
    const body = bodyOf(['a', 'b', 'c', 'd']);
    expect(ids(moveBlockTo(body, 'a', 'c'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(moveBlockTo(body, 'd', 'b'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(moveBlockTo(body, 'b', 'b'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('duplicates with a new id and a separate copy of the settings, right after the original', () => {
    const body = bodyOf(['a', 'b']);
    const copied = duplicateBlock(body, 'a', 'a2');
    expect(ids(copied)).toEqual(['a', 'a2', 'b']);
    const copy = blocksOf(copied)[1]!;
    expect(copy.settings).toEqual({ html: 'a' });
    expect(copy.settings).not.toBe(blocksOf(body)[0]!.settings);
  });

  it('removes, updates settings, counts, and makes unused ids', () => {
    const body = bodyOf(['a'], ['b', 'c']);
    expect(ids(removeBlock(body, 'b'))).toEqual(['a', 'c']);
    expect(removeBlock(body, 'zzz')).toBe(body);
    expect(blocksOf(updateBlockSettings(body, 'c', { html: 'new' }))[2]!.settings).toEqual({ html: 'new' });
    expect(blockCount(body)).toBe(3);
    const values = [0, 0, 0.5];
    const taken = { schemaVersion: 1 as const, sections: [singleColumnSection('s', [block('block-000000')])] };
    expect(newBlockId(taken, () => values.shift()!)).toBe(`block-${Math.floor(0.5 * 36 ** 6).toString(36)}`);
  });
});

describe('history', () => {
  it('undoes and redoes, and a new edit clears what was undone', () => {
    let history = startHistory(1);
    history = historyReducer(history, { type: 'edit', value: 2 });
    history = historyReducer(history, { type: 'edit', value: 3 });
    history = historyReducer(history, { type: 'undo' });
    expect(history.present).toBe(2);
    expect(canRedo(history)).toBe(true);
    history = historyReducer(history, { type: 'redo' });
    expect(history.present).toBe(3);
    history = historyReducer(history, { type: 'undo' });
    history = historyReducer(history, { type: 'edit', value: 9 });
    expect(canRedo(history)).toBe(false);
    expect(history.past).toEqual([1, 2]);
    history = historyReducer(history, { type: 'undo' });
    history = historyReducer(history, { type: 'undo' });
    history = historyReducer(history, { type: 'undo' });
    expect(history.present).toBe(1);
    expect(canUndo(history)).toBe(false);
  });

  it('merges edits of one group into one step (typing a word is one undo)', () => {
    let history = startHistory('');
    for (const value of ['H', 'He', 'Hel', 'Hello']) history = historyReducer(history, { type: 'edit', value, group: 'b1:html' });
    history = historyReducer(history, { type: 'edit', value: 'Hello!', group: 'b1:title' });
    expect(history.past).toEqual(['', 'Hello']);
    history = historyReducer(history, { type: 'undo' });
    history = historyReducer(history, { type: 'edit', value: 'Hello?', group: 'b1:html' });
    expect(history.past).toEqual(['', 'Hello']);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let history = startHistory(0);
    for (let value = 1; value <= HISTORY_LIMIT + 20; value += 1) history = historyReducer(history, { type: 'edit', value });
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(20);
  });

  it('names the setting that changed as the undo group', () => {
    expect(settingsGroup('b1', { html: 'a', size: 1 }, { html: 'ab', size: 1 })).toBe('b1:html');
    expect(settingsGroup('b1', { html: 'a' }, { html: 'a' })).toBe('b1:');
  });
});

describe('the editor state', () => {
  it('adds a block with its defaults after the selected block and selects it; undo takes it back', () => {
    let state = startEditor(bodyOf(['a', 'b']));
    state = editorReducer(state, { type: 'select', blockId: 'a' });
    state = editorReducer(state, { type: 'add', blockType: BLOCK_TYPES.button, id: 'new' });
    expect(ids(state.history.present)).toEqual(['a', 'new', 'b']);
    expect(state.selectedId).toBe('new');
    expect(blocksOf(state.history.present)[1]!.settings).toMatchObject({ label: 'Learn more' });
    state = editorReducer(state, { type: 'undo' });
    expect(ids(state.history.present)).toEqual(['a', 'b']);
    expect(state.selectedId).toBeNull();
  });

  it('adds after the block named (the one last focused) rather than the selected one; null adds at the end', () => {
    let state = editorReducer(startEditor(bodyOf(['a', 'b', 'c'])), { type: 'select', blockId: 'a' });
    state = editorReducer(state, { type: 'add', blockType: BLOCK_TYPES.html, id: 'x', afterId: 'b' });
    expect(ids(state.history.present)).toEqual(['a', 'b', 'x', 'c']);
    state = editorReducer(state, { type: 'add', blockType: BLOCK_TYPES.html, id: 'y', afterId: null });
    expect(ids(state.history.present)).toEqual(['a', 'b', 'x', 'c', 'y']);
  });

  it('deleting the selected block clears the selection; a null body starts empty', () => {
    let state = startEditor(bodyOf(['a', 'b']));
    state = editorReducer(state, { type: 'select', blockId: 'b' });
    state = editorReducer(state, { type: 'delete', blockId: 'b' });
    expect(ids(state.history.present)).toEqual(['a']);
    expect(state.selectedId).toBeNull();
    expect(startEditor(null).history.present).toEqual(emptyPageBody());
  });
});

describe('the autosave’s wait', () => {
  it('waits the pause after the last edit, but never lets typing go unsaved past the maximum', async () => {
    const { autosaveDelay, AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS } = await import('./ContentEditor');
    expect([AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS]).toEqual([800, 5000]);
    expect(autosaveDelay(1000, 1000)).toBe(800);
    expect(autosaveDelay(1000, 5000)).toBe(800);
    expect(autosaveDelay(1000, 5500)).toBe(500);
    expect(autosaveDelay(1000, 6000)).toBe(0);
    expect(autosaveDelay(1000, 9000)).toBe(0);
  });
});
