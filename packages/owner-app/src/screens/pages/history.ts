/**
 * Undo and redo over the body's edits, pure: the present value with the values before (past) and the ones
 * undone (future). A new edit clears the future. Edits that arrive in a burst (typing in one field) are
 * merged into one step when they carry the same `group`, so Undo takes back a word, not a letter.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The group of the last edit: a following edit of the same group replaces it instead of adding a step. */
  lastGroup: string | null;
}

export type HistoryAction<T> =
  | { type: 'edit'; value: T; group?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; value: T };

/** Steps kept: enough for an editing session, bounded so a long one does not grow without end. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(value: T): History<T> {
  return { past: [], present: value, future: [], lastGroup: null };
}

export function historyReducer<T>(history: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'edit': {
      if (action.value === history.present) return history;
      const group = action.group ?? null;
      if (group !== null && group === history.lastGroup) return { ...history, present: action.value, future: [] };
      return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: action.value, future: [], lastGroup: group };
    }
    case 'undo': {
      if (history.past.length === 0) return history;
      const previous = history.past[history.past.length - 1]!;
      return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastGroup: null };
    }
    case 'redo': {
      if (history.future.length === 0) return history;
      const [next, ...rest] = history.future;
      return { past: [...history.past, history.present], present: next!, future: rest, lastGroup: null };
    }
    case 'reset':
      return startHistory(action.value);
  }
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
