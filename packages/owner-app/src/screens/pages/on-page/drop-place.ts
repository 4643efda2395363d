import type { PageBody } from '@vitrine/blocks';
import { placeOf, removeBlock } from '../body-edits';

/** A block's box on the page (the preview's coordinates), with where it lives in the body. */
export interface BlockBox {
  id: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface DropPlace {
  targetId: string;
  position: 'before' | 'after';
}

/** How far the pointer is from a box (0 inside it). */
function distance(box: BlockBox, x: number, y: number): number {
  const dx = x < box.left ? box.left - x : x > box.right ? x - box.right : 0;
  const dy = y < box.top ? box.top - y : y > box.bottom ? y - box.bottom : 0;
  return Math.hypot(dx, dy);
}

/**
 * Where a dragged block would land for the pointer at (x, y): beside the nearest other block, before it when the
 * pointer is above its middle, after it otherwise. Nearest by distance to the box, so a column beside another is
 * a target of its own (a drop crosses columns and sections). Null when there is no other block, or when the place
 * is where the block already is (just before its next or just after its previous block in the same column).
 */
export function dropPlaceAt(boxes: readonly BlockBox[], draggedId: string, x: number, y: number): DropPlace | null {
  let best: BlockBox | null = null;
  let bestDistance = Infinity;
  for (const box of boxes) {
    if (box.id === draggedId) continue;
    const d = distance(box, x, y);
    if (d < bestDistance) {
      best = box;
      bestDistance = d;
    }
  }
  if (!best) return null;
  return { targetId: best.id, position: y < (best.top + best.bottom) / 2 ? 'before' : 'after' };
}

/** Whether a drop would leave the body as it is (the block dropped right next to itself, on its own side). */
export function isNoMove(body: PageBody, blockId: string, place: DropPlace): boolean {
  const from = placeOf(body, blockId);
  const to = placeOf(body, place.targetId);
  if (!from || !to || from.section !== to.section || from.column !== to.column) return false;
  return (place.position === 'before' && to.index === from.index + 1) || (place.position === 'after' && to.index === from.index - 1);
}

/** Moves a block before or after another, in any section and column (the body of a drop on the page). */
export function moveBlockBeside(body: PageBody, blockId: string, place: DropPlace): PageBody {
  if (blockId === place.targetId) return body;
  const from = placeOf(body, blockId);
  if (!from || !placeOf(body, place.targetId)) return body;
  const block = body.sections[from.section]!.columns[from.column]!.blocks[from.index]!;
  const removed = removeBlock(body, blockId);
  const to = placeOf(removed, place.targetId)!;
  const at = to.index + (place.position === 'after' ? 1 : 0);
  return {
    ...removed,
    sections: removed.sections.map((section, sectionIndex) =>
      sectionIndex !== to.section
        ? section
        : { ...section, columns: section.columns.map((column, columnIndex) => (columnIndex !== to.column ? column : { ...column, blocks: [...column.blocks.slice(0, at), block, ...column.blocks.slice(at)] })) },
    ),
  };
}
