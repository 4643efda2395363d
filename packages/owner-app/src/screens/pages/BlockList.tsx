import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Block } from '@vitrine/blocks';
import { useRef, useState } from 'react';
import { EDITOR_BLOCKS, labelOfType, MAX_BLOCKS, summaryOf } from './block-catalog';
import { DRAG_INSTRUCTIONS, dragAnnouncements } from './drag-words';
import { PagesDialog } from './PagesDialog';
import { PAGES_TEXTS as T } from './texts';

export interface BlockListProps {
  blocks: Block[];
  selectedId: string | null;
  readOnly: boolean;
  onSelect: (blockId: string) => void;
  /** A block's card took the focus (its button, handle or actions): Add block inserts after it. */
  onFocusBlock?: (blockId: string) => void;
  onAdd: (type: number) => void;
  onMove: (blockId: string, direction: -1 | 1) => void;
  onDrop: (blockId: string, overId: string) => void;
  onDuplicate: (blockId: string) => void;
  onDelete: (blockId: string) => void;
}

/**
 * The body's blocks as a list of cards ("Text block 2 of 5"): each selects its settings, moves by its drag
 * handle (pointer, or the keyboard: Space to lift, arrows, Space to drop) or by Move up / Move down, and
 * duplicates or deletes. "Add block" lists the blocks by label and inserts after the selected one.
 */
export function BlockList({ blocks, selectedId, readOnly, onSelect, onFocusBlock, onAdd, onMove, onDrop, onDuplicate, onDelete }: BlockListProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id) onDrop(String(event.active.id), String(event.over.id));
  };
  const full = blocks.length >= MAX_BLOCKS;
  const labelOf = (id: string | number) => {
    const index = blocks.findIndex((block) => block.id === id);
    return index >= 0 ? T.blockName(labelOfType(blocks[index]!.type), index + 1, blocks.length) : String(id);
  };
  return (
    <div className="pages-blocks">
      {blocks.length === 0 ? <p className="pages-muted pages-empty-blocks">{T.noBlocks}</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: dragAnnouncements(labelOf), screenReaderInstructions: DRAG_INSTRUCTIONS }}
      >
        <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
          <ol className="pages-block-list" aria-label={T.blockList}>
            {blocks.map((block, index) => (
              <BlockCard
                key={block.id}
                block={block}
                position={index + 1}
                count={blocks.length}
                selected={block.id === selectedId}
                readOnly={readOnly}
                onSelect={() => onSelect(block.id)}
                onFocus={() => onFocusBlock?.(block.id)}
                onMove={(direction) => onMove(block.id, direction)}
                onDuplicate={() => onDuplicate(block.id)}
                onDelete={() => onDelete(block.id)}
                full={full}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {!readOnly ? (
        <>
          {full ? (
            <p className="pages-limit" role="status">
              {T.blockLimit(MAX_BLOCKS)}
            </p>
          ) : null}
          <AddBlockButton disabled={full} onAdd={onAdd} />
        </>
      ) : null}
    </div>
  );
}

function BlockCard({ block, position, count, selected, readOnly, onSelect, onFocus, onMove, onDuplicate, onDelete, full }: { block: Block; position: number; count: number; selected: boolean; readOnly: boolean; onSelect: () => void; onFocus: () => void; onMove: (direction: -1 | 1) => void; onDuplicate: () => void; onDelete: () => void; full: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id, disabled: readOnly });
  const label = labelOfType(block.type);
  const name = T.blockName(label, position, count);
  const summary = summaryOf(block.type, block.settings);
  return (
    <li ref={setNodeRef} className={`pages-block${selected ? ' pages-block-selected' : ''}${isDragging ? ' pages-block-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }} aria-label={name} data-block-id={block.id} onFocus={onFocus}>
      {!readOnly ? (
        <button type="button" ref={setActivatorNodeRef} className="pages-handle" {...attributes} {...listeners} aria-label={`Drag ${name}`}>
          <span aria-hidden="true">⋮⋮</span>
        </button>
      ) : null}
      <button type="button" className="pages-block-main" aria-pressed={selected} onClick={onSelect} aria-label={`${T.editBlock} ${name}`}>
        <span className="pages-block-label">{label}</span>
        <span className="pages-block-summary">{summary || '—'}</span>
      </button>
      {!readOnly ? (
        <span className="pages-block-actions">
          <button type="button" className="button button-plain" disabled={position === 1} onClick={() => onMove(-1)} aria-label={`${T.moveUp}: ${name}`}>
            ↑<span className="pages-action-word"> {T.moveUp}</span>
          </button>
          <button type="button" className="button button-plain" disabled={position === count} onClick={() => onMove(1)} aria-label={`${T.moveDown}: ${name}`}>
            ↓<span className="pages-action-word"> {T.moveDown}</span>
          </button>
          <button type="button" className="button button-plain" disabled={full} onClick={onDuplicate} aria-label={`${T.duplicate}: ${name}`}>
            {T.duplicate}
          </button>
          <button type="button" className="button button-plain pages-danger" onClick={onDelete} aria-label={`${T.deleteBlock}: ${name}`}>
            {T.deleteBlock}
          </button>
        </span>
      ) : null}
    </li>
  );
}

/** "Add block": a dialog listing every block by label and description; choosing one adds it. */
function AddBlockButton({ disabled, onAdd }: { disabled: boolean; onAdd: (type: number) => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="button button-secondary pages-add-block" disabled={disabled} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        + {T.addBlock}
      </button>
      {open ? (
        <BlockMenu
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onChoose={(type) => {
            setOpen(false);
            onAdd(type);
          }}
        />
      ) : null}
    </>
  );
}

/** The block picker (Add block's dialog; the page's inline "+" opens it too). */
export function BlockMenu({ onClose, onChoose }: { onClose: () => void; onChoose: (type: number) => void }) {
  const [filter, setFilter] = useState('');
  const words = filter.trim().toLowerCase();
  const shown = EDITOR_BLOCKS.filter((block) => !words || block.label.toLowerCase().includes(words) || block.description.toLowerCase().includes(words));
  return (
    <PagesDialog title={T.addBlockMenu} className="pages-block-menu" initialFocus="input" onClose={onClose}>
      <label className="pages-field">
        <span>Search blocks</span>
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      <ul className="pages-block-choices">
        {shown.map((block) => (
          <li key={block.type}>
            <button type="button" onClick={() => onChoose(block.type)}>
              <strong>{block.label}</strong>
              <span>{block.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </PagesDialog>
  );
}
