import type { Block, PageBody, Section, SectionColourTheme } from '@vitrine/blocks';
import { blocksOf, readPageBody } from '@vitrine/blocks';
import { defaultsOf } from './block-catalog';
import { duplicateBlock, insertBlock, insertSection, moveBlock, moveBlockTo, newBlockId, removeBlock, removeSection, setSectionColourTheme, updateBlockSettings, updateSection, type SectionSettings } from './body-edits';
import { historyReducer, startHistory, type History } from './history';
import { moveBlockBeside, type DropPlace } from './on-page/drop-place';

/**
 * The block editor's state, pure: the body's history (undo/redo) and the selected block. Each edit names the
 * block that should hold the focus after it, so the screen can move the focus sensibly.
 */
export interface EditorState {
  history: History<PageBody>;
  selectedId: string | null;
}

export type EditorAction =
  | { type: 'add'; blockType: number; id: string; afterId?: string | null }
  | { type: 'move'; blockId: string; direction: -1 | 1 }
  | { type: 'drop'; blockId: string; overId: string }
  /** A drop on the page: before or after another block, in any section or column. */
  | { type: 'place'; blockId: string; place: DropPlace }
  | { type: 'duplicate'; blockId: string; id: string }
  | { type: 'delete'; blockId: string }
  | { type: 'settings'; blockId: string; settings: Record<string, unknown>; group: string }
  | { type: 'section-theme'; blockId: string; colourTheme: SectionColourTheme }
  | { type: 'section'; index: number; change: Partial<SectionSettings>; group?: string }
  | { type: 'insert-section'; section: Section; afterIndex: number | null }
  | { type: 'remove-section'; index: number }
  | { type: 'select'; blockId: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; body: PageBody };

/** A body stored before sections had columns is edited as single-column sections (readPageBody). */
export const startEditor = (body: PageBody | null | undefined): EditorState => ({ history: startHistory(readPageBody(body)), selectedId: null });

const edit = (state: EditorState, value: PageBody, selectedId: string | null, group?: string): EditorState => ({
  history: historyReducer(state.history, { type: 'edit', value, group }),
  selectedId,
});

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const body = state.history.present;
  switch (action.type) {
    case 'add': {
      const block: Block = { id: action.id, type: action.blockType, settings: defaultsOf(action.blockType) };
      return edit(state, insertBlock(body, block, action.afterId !== undefined ? action.afterId : state.selectedId), action.id);
    }
    case 'move':
      return edit(state, moveBlock(body, action.blockId, action.direction), state.selectedId);
    case 'drop':
      return edit(state, moveBlockTo(body, action.blockId, action.overId), state.selectedId);
    case 'place':
      return edit(state, moveBlockBeside(body, action.blockId, action.place), action.blockId);
    case 'duplicate':
      return edit(state, duplicateBlock(body, action.blockId, action.id), action.id);
    case 'delete':
      return edit(state, removeBlock(body, action.blockId), state.selectedId === action.blockId ? null : state.selectedId);
    case 'settings':
      return edit(state, updateBlockSettings(body, action.blockId, action.settings), state.selectedId, action.group);
    case 'section-theme':
      return edit(state, setSectionColourTheme(body, action.blockId, action.colourTheme), state.selectedId);
    case 'section':
      return edit(state, updateSection(body, action.index, action.change), state.selectedId, action.group);
    case 'insert-section': {
      // The new section's first block is selected, so its settings (and its section's) open at once.
      const first = blocksOf({ sections: [action.section] })[0]?.id ?? null;
      return edit(state, insertSection(body, action.section, action.afterIndex), first);
    }
    case 'remove-section': {
      const next = removeSection(body, action.index);
      const stillThere = state.selectedId !== null && blocksOf(next).some((block) => block.id === state.selectedId);
      return edit(state, next, stillThere ? state.selectedId : null);
    }
    case 'select':
      return { ...state, selectedId: action.blockId };
    case 'undo':
    case 'redo': {
      const history = historyReducer(state.history, { type: action.type });
      const stillThere = state.selectedId !== null && blocksOf(history.present).some((block) => block.id === state.selectedId);
      return { history, selectedId: stillThere ? state.selectedId : null };
    }
    case 'reset':
      return startEditor(action.body);
  }
}

/** The id a new or duplicated block gets. */
export const idFor = (body: PageBody) => newBlockId(body);
