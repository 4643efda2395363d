import { BLOCK_TYPES, blocksOf, emptyPageBody, type PageBody } from '@vitrine/blocks';
import { describe, expect, it } from 'vitest';
import { blockCount, canMove, duplicateBlock, insertBlock, moveBlock, moveBlockTo, newBlockId, removeBlock, updateBlockSettings } from './body-edits';
import { editorReducer, startEditor } from './editor-state';
import { canRedo, canUndo, HISTORY_LIMIT, historyReducer, startHistory } from './history';
import { settingsGroup } from './ContentEditor';

const block = (id: string, type = BLOCK_TYPES.html) => ({ id, type, settings: { html: id } });
const bodyOf = (...sections: string[][]): PageBody => ({ schemaVersion: 1, sections: sections.map((ids, index) => ({ id: `s${index + 1}`, blocks: ids.map((id) => block(id)) })) });
const ids = (body: PageBody) => blocksOf(body).map((each) => each.id);

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
    expect(crossed.sections.map((section) => section.blocks.map((each) => each.id))).toEqual([['a'], ['b', 'c']]);
    expect(moveBlock(body, 'a', -1).sections[0]!.blocks.map((each) => each.id)).toEqual(['a', 'b']);
    expect(moveBlock(body, 'c', 1).sections[1]!.blocks.map((each) => each.id)).toEqual(['c']);
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
    const taken = { schemaVersion: 1 as const, sections: [{ id: 's', blocks: [block('block-000000')] }] };
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
