/**
 * The on-page selection, pure. The selected block is the editor's (EditorState.selectedId); the overlay only shows
 * it. After the preview reloads (an autosave) the same block is selected again when it is still on the page, and
 * the page is scrolled back to where the owner was.
 */

/** The block to show selected in a freshly loaded preview: the editor's, when the page has it. */
export function selectionAfterLoad(idsOnPage: readonly string[], selectedId: string | null): string | null {
  return selectedId !== null && idsOnPage.includes(selectedId) ? selectedId : null;
}

/** Which of the toolbar's moves make sense for a block (reading order, across columns and sections). */
export function movesOf(order: readonly string[], blockId: string): { up: boolean; down: boolean } {
  const index = order.indexOf(blockId);
  return { up: index > 0, down: index >= 0 && index < order.length - 1 };
}

/** The scroll position to restore after a reload: the last one the overlay reported, kept within the new page. */
export function scrollToRestore(lastY: number, pageHeight: number, viewportHeight: number): number {
  return Math.max(0, Math.min(lastY, Math.max(0, pageHeight - viewportHeight)));
}
