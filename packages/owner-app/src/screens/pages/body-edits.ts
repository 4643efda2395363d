import type { Block, Column, PageBody, Section, SectionBackground, SectionColourTheme, SectionSpacing } from '@vitrine/blocks';
import { blocksOf, idMakerFor, SECTION_COLUMN_RANGE } from '@vitrine/blocks';

/**
 * The block editor's edits of a body, pure: each returns a new body (the history keeps the old one). Blocks
 * are addressed by id; the editor shows them as one list in reading order (section by section, column by column),
 * so a move past the end of a column crosses into the next one.
 */

export interface BlockPlace {
  section: number;
  column: number;
  index: number;
}

export function placeOf(body: PageBody, blockId: string): BlockPlace | null {
  for (let section = 0; section < body.sections.length; section += 1) {
    const columns = body.sections[section]!.columns;
    for (let column = 0; column < columns.length; column += 1) {
      const index = columns[column]!.blocks.findIndex((block) => block.id === blockId);
      if (index >= 0) return { section, column, index };
    }
  }
  return null;
}

export function blockCount(body: PageBody): number {
  return blocksOf(body).length;
}

/** A block id not used in the body: 'block-' and a short random part. */
export function newBlockId(body: PageBody, random: () => number = Math.random): string {
  const taken = new Set(blocksOf(body).map((block) => block.id));
  for (;;) {
    const id = `block-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}

/** The body's columns in reading order, each with where it lives, for edits that cross column edges. */
interface Slot {
  section: number;
  column: number;
}

function slotsOf(body: PageBody): Slot[] {
  return body.sections.flatMap((section, sectionIndex) => section.columns.map((_, column) => ({ section: sectionIndex, column })));
}

/** Runs `edit` over copies of every column's block list (reading order), then puts them back in their sections. */
function withColumns(body: PageBody, edit: (columns: Block[][], slots: Slot[]) => void): PageBody {
  const start = body.sections.length > 0 ? body : { ...body, sections: [{ id: 'section-1', type: 'content' as const, columns: [{ id: 'section-1-column-1', blocks: [] }] }] };
  const slots = slotsOf(start);
  const columns = slots.map((slot) => [...start.sections[slot.section]!.columns[slot.column]!.blocks]);
  edit(columns, slots);
  let next = 0;
  return {
    ...start,
    sections: start.sections.map((section) => ({ ...section, columns: section.columns.map((column) => ({ ...column, blocks: columns[next++]! })) })),
  };
}

const slotIndexOf = (slots: Slot[], place: BlockPlace) => slots.findIndex((slot) => slot.section === place.section && slot.column === place.column);

/** Inserts a block after the block `afterId` (at the end of the body when null or unknown). */
export function insertBlock(body: PageBody, block: Block, afterId: string | null): PageBody {
  const place = afterId ? placeOf(body, afterId) : null;
  return withColumns(body, (columns, slots) => {
    if (place) columns[slotIndexOf(slots, place)]!.splice(place.index + 1, 0, block);
    else columns[columns.length - 1]!.push(block);
  });
}

export function removeBlock(body: PageBody, blockId: string): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return withColumns(body, (columns, slots) => {
    columns[slotIndexOf(slots, place)]!.splice(place.index, 1);
  });
}

/** A copy of the block with a new id, right after it. */
export function duplicateBlock(body: PageBody, blockId: string, newId: string): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  const original = body.sections[place.section]!.columns[place.column]!.blocks[place.index]!;
  const copy: Block = { ...original, id: newId, settings: structuredClone(original.settings) };
  return insertBlock(body, copy, blockId);
}

/** Moves a block one place up (-1) or down (+1) in reading order, across a column's edge when at it. */
export function moveBlock(body: PageBody, blockId: string, direction: -1 | 1): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return withColumns(body, (columns, slots) => {
    const slot = slotIndexOf(slots, place);
    const blocks = columns[slot]!;
    const [block] = blocks.splice(place.index, 1);
    const target = place.index + direction;
    if (target >= 0 && target <= blocks.length && !(direction === 1 && place.index === blocks.length)) {
      blocks.splice(target, 0, block!);
    } else if (direction === -1 && slot > 0) {
      columns[slot - 1]!.push(block!);
    } else if (direction === 1 && slot < columns.length - 1) {
      columns[slot + 1]!.unshift(block!);
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
  const order = blocksOf(body).map((block) => block.id);
  const movingDown = order.indexOf(blockId) < order.indexOf(overId);
  const removed = removeBlock(body, blockId);
  const block = body.sections[from.section]!.columns[from.column]!.blocks[from.index]!;
  if (movingDown) return insertBlock(removed, block, overId);
  const target = placeOf(removed, overId)!;
  return withColumns(removed, (columns, slots) => {
    columns[slotIndexOf(slots, target)]!.splice(target.index, 0, block);
  });
}

export function updateBlockSettings(body: PageBody, blockId: string, settings: Record<string, unknown>): PageBody {
  const place = placeOf(body, blockId);
  if (!place) return body;
  return withColumns(body, (columns, slots) => {
    const blocks = columns[slotIndexOf(slots, place)]!;
    blocks[place.index] = { ...blocks[place.index]!, settings };
  });
}

/** Whether a block may move that way (the buttons are disabled at the ends). */
export function canMove(body: PageBody, blockId: string, direction: -1 | 1): boolean {
  const order = blocksOf(body).map((block) => block.id);
  const index = order.indexOf(blockId);
  return index >= 0 && index + direction >= 0 && index + direction < order.length;
}

/** The index of the section a block is in, or null. */
export function sectionIndexOf(body: PageBody, blockId: string): number | null {
  return placeOf(body, blockId)?.section ?? null;
}

/** The colour theme of the section a block is in ('light', the page's own, unless the section names another). */
export function sectionColourThemeOf(body: PageBody, blockId: string): SectionColourTheme {
  const place = placeOf(body, blockId);
  return (place && body.sections[place.section]!.colourTheme) || 'light';
}

/** A section's settings as the editor's panel edits them; the defaults (light, medium, no background) are stored as none. */
export interface SectionSettings {
  colourTheme: SectionColourTheme;
  spacing: SectionSpacing;
  columnCount: number;
  background: SectionBackground | null;
}

export function sectionSettingsOf(section: Section): SectionSettings {
  return { colourTheme: section.colourTheme ?? 'light', spacing: section.spacing ?? 'medium', columnCount: section.columns.length, background: section.background ?? null };
}

/**
 * Changes the settings of section `index`. More columns add empty ones; fewer columns move the blocks of the
 * columns taken away to the end of the last one kept, so nothing is lost.
 */
export function updateSection(body: PageBody, index: number, change: Partial<SectionSettings>): PageBody {
  const section = body.sections[index];
  if (!section) return body;
  const settings = { ...sectionSettingsOf(section), ...change };
  const { colourTheme: _theme, spacing: _spacing, background: _background, ...rest } = section;
  const count = Math.min(SECTION_COLUMN_RANGE.max, Math.max(SECTION_COLUMN_RANGE.min, Math.round(settings.columnCount)));
  let columns: Column[] = section.columns;
  if (count > columns.length) {
    const newId = idMakerFor(body);
    columns = [...columns, ...Array.from({ length: count - columns.length }, () => ({ id: newId('column'), blocks: [] }))];
  } else if (count < columns.length) {
    const moved = columns.slice(count).flatMap((column) => column.blocks);
    columns = columns.slice(0, count).map((column, at) => (at === count - 1 ? { ...column, blocks: [...column.blocks, ...moved] } : column));
  }
  const next: Section = {
    ...rest,
    ...(settings.colourTheme !== 'light' ? { colourTheme: settings.colourTheme } : {}),
    ...(settings.spacing !== 'medium' ? { spacing: settings.spacing } : {}),
    ...(settings.background ? { background: settings.background } : {}),
    columns,
  };
  return { ...body, sections: body.sections.map((each, at) => (at === index ? next : each)) };
}

/** Sets the colour theme of the section a block is in; light (the page's own) is stored as none. */
export function setSectionColourTheme(body: PageBody, blockId: string, colourTheme: SectionColourTheme): PageBody {
  const index = sectionIndexOf(body, blockId);
  return index === null ? body : updateSection(body, index, { colourTheme });
}

/** Adds a section after section `afterIndex` (at the end when null); an empty single-column section is replaced. */
export function insertSection(body: PageBody, section: Section, afterIndex: number | null): PageBody {
  const blank = body.sections.length === 1 && blocksOf(body).length === 0 && !body.sections[0]!.background;
  if (blank) return { ...body, sections: [section] };
  const at = afterIndex === null ? body.sections.length : Math.min(body.sections.length, afterIndex + 1);
  return { ...body, sections: [...body.sections.slice(0, at), section, ...body.sections.slice(at)] };
}

/** Removes section `index` and its blocks (a body keeps at least one section). */
export function removeSection(body: PageBody, index: number): PageBody {
  if (body.sections.length <= 1 || !body.sections[index]) return body;
  return { ...body, sections: body.sections.filter((_, at) => at !== index) };
}
