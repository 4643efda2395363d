import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type FormEvent } from 'react';
import { useBoot } from '../../api/client';
import { Link, navigate } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed } from '../../ui/states';
import { whenText } from '../forms/format';
import { useCreateItem, useDeleteItem, useItems, useOrderItems } from './content-api';
import type { ContentPage, ItemSummary } from './content-types';
import { DRAG_INSTRUCTIONS, dragAnnouncements } from './drag-words';
import { itemPath } from './paths';
import { ITEM_NOUNS, NEW_ITEM_LABELS, PAGES_TEXTS as T, STATUS_LABELS } from './texts';

type CollectionKind = 'blog' | 'events' | 'gallery';

/** A blog's posts, an events page's events or a gallery's images: a table with New, each opening its editor; a gallery's order by drag or Move up / Move down. */
export function ItemsPanel({ page, readOnly }: { page: ContentPage; readOnly: boolean }) {
  const kind = page.kind as CollectionKind;
  const items = useItems(page.id, true);
  const create = useCreateItem(page.id);
  const remove = useDeleteItem(page.id);
  const order = useOrderItems(page.id);
  const { confirm } = useConfirm();
  const locale = useLocale();
  const timeZone = useBoot().website.timeZone;
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const list = items.data?.items ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      const item = await create.mutateAsync({ title: title.trim() });
      setTitle('');
      navigate(itemPath(page.id, item.id));
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  const reorder = async (ids: string[], moved: ItemSummary) => {
    try {
      await order.mutateAsync({ itemIds: ids });
      setMessage({ kind: 'status', text: T.moved(moved.title, ids.indexOf(moved.id) + 1, ids.length) });
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  const move = (item: ItemSummary, direction: -1 | 1) => {
    const ids = list.map((each) => each.id);
    const from = ids.indexOf(item.id);
    void reorder(arrayMove(ids, from, from + direction), item);
  };
  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    const ids = list.map((each) => each.id);
    const moved = list.find((each) => each.id === event.active.id)!;
    void reorder(arrayMove(ids, ids.indexOf(String(event.active.id)), ids.indexOf(String(event.over.id))), moved);
  };
  const deleteItem = async (item: ItemSummary) => {
    const ok = await confirm({ title: T.deleteItemTitle(item.title), message: T.deleteItemMessage, confirmLabel: T.deleteItem, destructive: true });
    if (!ok) return;
    try {
      await remove.mutateAsync({ itemId: item.id });
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  const dateOf = (item: ItemSummary) => {
    const at = kind === 'events' ? item.startAt : (item.publishedAt ?? item.publishAt ?? item.updatedAt);
    return at ? whenText(at, locale, timeZone) : '—';
  };

  return (
    <section className="card pages-items" aria-labelledby="pages-items-heading">
      <h2 id="pages-items-heading">{ITEM_NOUNS[kind]}</h2>
      {!readOnly ? (
        <form className="pages-new-item" onSubmit={submit}>
          <label className="pages-field">
            <span>{T.itemTitle}</span>
            <input type="text" value={title} maxLength={200} required onChange={(event) => setTitle(event.target.value)} />
          </label>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {NEW_ITEM_LABELS[kind]}
          </button>
        </form>
      ) : null}
      {items.isPending ? <Loading /> : null}
      {items.isError ? <LoadFailed error={items.error} retry={() => void items.refetch()} /> : null}
      {items.data && list.length === 0 ? <p className="pages-muted">{T.noItems}</p> : null}
      {list.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: dragAnnouncements((id) => list.find((item) => item.id === id)?.title ?? String(id)), screenReaderInstructions: DRAG_INSTRUCTIONS }}
        >
          <SortableContext items={list.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <ol className="pages-item-list" aria-label={ITEM_NOUNS[kind]}>
              {list.map((item, index) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  pageId={page.id}
                  date={dateOf(item)}
                  sortable={kind === 'gallery' && !readOnly}
                  first={index === 0}
                  last={index === list.length - 1}
                  readOnly={readOnly}
                  onMove={(direction) => move(item, direction)}
                  onDelete={() => void deleteItem(item)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : null}
      {message ? (
        <p className={message.kind === 'alert' ? 'field-error' : 'pages-muted'} role={message.kind === 'alert' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

function ItemRow({ item, pageId, date, sortable, first, last, readOnly, onMove, onDelete }: { item: ItemSummary; pageId: string; date: string; sortable: boolean; first: boolean; last: boolean; readOnly: boolean; onMove: (direction: -1 | 1) => void; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id: item.id, disabled: !sortable });
  const status = STATUS_LABELS[item.status];
  return (
    <li ref={setNodeRef} className="pages-item-row" style={{ transform: CSS.Transform.toString(transform), transition }}>
      {sortable ? (
        <button type="button" ref={setActivatorNodeRef} className="pages-handle" {...attributes} {...listeners} aria-label={`Drag ${item.title}`}>
          <span aria-hidden="true">⋮⋮</span>
        </button>
      ) : null}
      <span className="pages-item-main">
        <Link to={itemPath(pageId, item.id)}>{item.title}</Link>
        <span className="pages-muted">{date}</span>
      </span>
      {status ? <span className={`pages-status pages-status-${item.status}`}>{status}</span> : null}
      {!readOnly ? (
        <span className="pages-block-actions">
          {sortable ? (
            <>
              <button type="button" className="button button-plain" disabled={first} onClick={() => onMove(-1)} aria-label={`${T.moveUp}: ${item.title}`}>
                ↑
              </button>
              <button type="button" className="button button-plain" disabled={last} onClick={() => onMove(1)} aria-label={`${T.moveDown}: ${item.title}`}>
                ↓
              </button>
            </>
          ) : null}
          <button type="button" className="button button-plain pages-danger" onClick={onDelete} aria-label={`${T.deleteItem}: ${item.title}`}>
            {T.deleteItem}
          </button>
        </span>
      ) : null}
    </li>
  );
}
