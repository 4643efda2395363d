import type { Block, PageBody, SectionColourTheme } from '@vitrine/blocks';

/**
 * The block editor's edits of a body, pure: each returns a new body (the history keeps the old one). Blocks
 * are addressed by id; the editor shows them as one list in reading order across sections, so a move past
 * the end of a section crosses into the next one.
 */

export interface BlockPlace {
  section: number;
  index: number;
}

export function placeOf(body: PageBody, blockId: string): BlockPlace | null {
  for (let section = 0; section < body.sections.length; section += 1) {
    const index = body.sections[section]!.blocks.findIndex((block) => block.id === blockId);
    if (index >= 0) return { section, index };
  }
  return null;
}

export function blockCount(body: PageBody): number {
  return body.sections.reduce((total, section) => total + section.blocks.length, 0);
}

/** A block id not used in the body: 'block-' and a short random part. */
export function newBlockId(body: PageBody, random: () => number = Math.random): string {
  const taken = new Set(body.sections.flatMap((section) => section.blocks.map((block) => block.id)));
  for (;;) {
    const id = `block-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}

function withSections(body: PageBody, edit: (sections: Block[][]) => void): PageBody {
  const sections = body.sections.map((section) => [...section.blocks]);
  if (sections.length === 0) sections.push([]);
  edit(sections);
  const ids = body.sections.length > 0 ? body.sections.map((section) => section.id) : ['section-1'];
  return { ...body, sections: sections.map((blocks, index) => ({ ...(body.sections[index] ?? {}), id: ids[index]!, blocks })) };
}

/** Inserts a block after the block `afterId` (at the end of the body when null or unknown). */
export function insertBlock(body: PageBody, block: Block, afterId: string | null): PageBody {
  const place = afterId ? placeOf(body, afterId) : null;
  return withSections(body, (sections) => {
    if (place) sections[place.section]!.splice(place.index + 1, 0, block);
    else sections[sections.length - 1]!.push(block);
  });
}

export function removeBlock(body: PageBody, blockId: string): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return withSections(body, (sections) => {
    sections[place.section]!.splice(place.index, 1);
  });
}

/** A copy of the block with a new id, right after it. */
export function duplicateBlock(body: PageBody, blockId: string, newId: string): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  const original = body.sections[place.section]!.blocks[place.index]!;
  const copy: Block = { ...original, id: newId, settings: structuredClone(original.settings) };
  return insertBlock(body, copy, blockId);
}

/** Moves a block one place up (-1) or down (+1) in reading order, across a section boundary when at its edge. */
export function moveBlock(body: PageBody, blockId: string, direction: -1 | 1): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return withSections(body, (sections) => {
    const blocks = sections[place.section]!;
    const [block] = blocks.splice(place.index, 1);
    const target = place.index + direction;
    if (target >= 0 && target <= blocks.length && !(direction === 1 && place.index === blocks.length)) {
      blocks.splice(target, 0, block!);
    } else if (direction === -1 && place.section > 0) {
      sections[place.section - 1]!.push(block!);
    } else if (direction === 1 && place.section < sections.length - 1) {
      sections[place.section + 1]!.unshift(block!);
    } else {
      blocks.splice(place.index, 0, block!);
    }
  });
}

/** Moves a block to where `overId` is (a drag's drop), in reading order. */
export function moveBlockTo(body: PageBody, blockId: string, overId: string): PageBody {
  if (blockId === overId) return body;
  const from = placeOf(body, blockId);
  const to = placeOf(body, overId);
  if (!from || !to) return body;
  const order = body.sections.flatMap((section) => section.blocks.map((block) => block.id));
  const movingDown = order.indexOf(blockId) < order.indexOf(overId);
  const removed = removeBlock(body, blockId);
  const block = body.sections[from.section]!.blocks[from.index]!;
  if (movingDown) return insertBlock(removed, block, overId);
  const target = placeOf(removed, overId)!;
  return withSections(removed, (sections) => {
    sections[target.section]!.splice(target.index, 0, block);
  });
}

export function updateBlockSettings(body: PageBody, blockId: string, settings: Record<string, unknown>): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return withSections(body, (sections) => {
    const block = sections[place.section]![place.index]!;
    sections[place.section]![place.index] = { ...block, settings };
  });
}

/** Whether a block may move that way (the buttons are disabled at the ends). */
export function canMove(body: PageBody, blockId: string, direction: -1 | 1): boolean {
  const order = body.sections.flatMap((section) => section.blocks.map((block) => block.id));
  const index = order.indexOf(blockId);
  return index >= 0 && index + direction >= 0 && index + direction < order.length;
}

/** The colour theme of the section a block is in ('light', the page's own, unless the section names another). */
export function sectionColourThemeOf(body: PageBody, blockId: string): SectionColourTheme {
  const place = placeOf(body, blockId);
  return (place && body.sections[place.section]!.colourTheme) || 'light';
}

/** Sets the colour theme of the section a block is in; light (the page's own) is stored as none. */
export function setSectionColourTheme(body: PageBody, blockId: string, colourTheme: SectionColourTheme): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return {
    ...body,
    sections: body.sections.map((section, index) => {
      if (index !== place.section) return section;
      const { colourTheme: _previous, ...rest } = section;
      return colourTheme === 'light' ? rest : { ...rest, colourTheme };
    }),
  };
}
