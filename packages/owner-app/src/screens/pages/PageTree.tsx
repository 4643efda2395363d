import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_LAYOUTS } from '@vitrine/blocks';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useOwnerClient } from '../../api/client';
import { Link, navigate } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { CONTENT_ROUTES, contentKeys, send, useCreatePage, useDeletePage, useSaveNavigation, useSetHome } from './content-api';
import type { ContentPage, NavigationNode, PageKind, PageSummary, PageTree as PageTreeData } from './content-types';
import { pagePath, PAGES_PATH } from './paths';
import { DRAG_INSTRUCTIONS, dragAnnouncements } from './drag-words';
import { KIND_LABELS, PAGES_TEXTS as T, STATUS_LABELS } from './texts';
import { canMoveInTree, dropOn, foldersFor, hideFromNavigation, moveInTree, moveIntoFolder, moveOutOfFolder, navigationBody, placeInTree, showInNavigation, treeStateOf, type TreeState } from './tree-moves';

const NEW_PAGE_KINDS: readonly PageKind[] = ['page', 'blog', 'events', 'gallery', 'folder'];

/**
 * The page tree: the main navigation in order (folders nest their pages), then the pages not linked. Each
 * row opens its page; its actions move it (also by drag, or the keyboard on its handle), nest it in a
 * folder, hide or show it in the navigation, make it the home page, rename or delete it. Every move is saved
 * at once through PUT /navigation, and said in a status.
 */
export function PageTree({ tree, currentId, canWrite }: { tree: PageTreeData; currentId: string | null; canWrite: boolean }) {
  const [state, setState] = useState<TreeState>(() => treeStateOf(tree));
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const saveNavigation = useSaveNavigation();
  const pendingFocus = useRef<string | null>(null);
  const root = useRef<HTMLElement>(null);
  useEffect(() => setState(treeStateOf(tree)), [tree]);
  useEffect(() => {
    if (!pendingFocus.current || !root.current) return;
    root.current.querySelector<HTMLElement>(`[data-tree-id="${window.CSS.escape(pendingFocus.current)}"] .pages-row-actions-toggle`)?.focus();
    pendingFocus.current = null;
  });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const apply = async (next: TreeState, node: PageSummary, focus = true) => {
    const before = state;
    setState(next);
    if (focus) pendingFocus.current = node.id;
    try {
      await saveNavigation.mutateAsync(navigationBody(next));
      const place = placeInTree(next, node.id);
      const siblings = place?.parent === null ? next.navigation.length : place?.parent === 'not-linked' ? next.notLinked.length : (next.navigation.find((each) => each.id === place?.parent)?.children.length ?? 0);
      setMessage({ kind: 'status', text: place?.parent === 'not-linked' ? `${node.title}: ${T.hide.toLowerCase()}.` : T.moved(node.title, (place?.index ?? 0) + 1, siblings) });
    } catch (error) {
      setState(before);
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };

  const flatIds = [...state.navigation.flatMap((node) => [node.id, ...node.children.map((child) => child.id)]), ...state.notLinked.map((page) => page.id)];
  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    const node = findSummary(state, String(event.active.id));
    if (node) void apply(dropOn(state, node.id, String(event.over.id)), node);
  };

  const rowProps = { state, currentId, canWrite, apply, setMessage };
  return (
    <nav className="pages-tree card" aria-label={T.tree} ref={root}>
      <div className="pages-tree-head">
        <h2>{T.tree}</h2>
        {canWrite ? <AddPage onMessage={setMessage} /> : null}
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: dragAnnouncements((id) => titleInTree(state, String(id))), screenReaderInstructions: DRAG_INSTRUCTIONS }}
      >
        <SortableContext items={flatIds} strategy={verticalListSortingStrategy}>
          <h3 className="pages-tree-group">{T.mainNavigation}</h3>
          <ul className="pages-tree-list">
            {state.navigation.map((node) => (
              <TreeRow key={node.id} node={node} {...rowProps}>
                {node.kind === 'folder' && node.children.length > 0 ? (
                  <ul className="pages-tree-list pages-tree-children">
                    {node.children.map((child) => (
                      <TreeRow key={child.id} node={child} {...rowProps} />
                    ))}
                  </ul>
                ) : null}
              </TreeRow>
            ))}
          </ul>
          <h3 className="pages-tree-group">{T.notLinked}</h3>
          <p className="pages-muted pages-tree-hint">{T.notLinkedHint}</p>
          <ul className="pages-tree-list">
            {state.notLinked.map((page) => (
              <TreeRow key={page.id} node={{ ...page, children: [] }} {...rowProps} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {message ? (
        <p className={message.kind === 'alert' ? 'field-error' : 'pages-muted'} role={message.kind === 'alert' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </nav>
  );
}

function titleInTree(state: TreeState, id: string): string {
  const found = findSummary(state, id);
  return found ? found.navigationTitle || found.title : id;
}

function findSummary(state: TreeState, id: string): PageSummary | undefined {
  return [...state.navigation.flatMap((node) => [node, ...node.children]), ...state.notLinked].find((page) => page.id === id);
}

interface RowProps {
  node: NavigationNode;
  state: TreeState;
  currentId: string | null;
  canWrite: boolean;
  apply: (next: TreeState, node: PageSummary, focus?: boolean) => Promise<void>;
  setMessage: (message: { kind: 'status' | 'alert'; text: string } | null) => void;
  children?: ReactNode;
}

function TreeRow({ node, state, currentId, canWrite, apply, setMessage, children }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: node.id, disabled: !canWrite });
  const status = STATUS_LABELS[node.status];
  const isPage = node.kind !== 'store' && node.kind !== 'link';
  const title = node.navigationTitle || node.title;
  const to = node.kind === 'store' ? '/config/products' : node.kind === 'link' ? null : pagePath(node.id);
  return (
    <li ref={setNodeRef} className={`pages-tree-item${isDragging ? ' pages-block-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }} data-tree-id={node.id}>
      <div className={`pages-tree-row${currentId === node.id ? ' pages-tree-row-current' : ''}`}>
        {canWrite ? (
          <button type="button" ref={setActivatorNodeRef} className="pages-handle" {...attributes} {...listeners} aria-label={T.dragHandle(title)}>
            <span aria-hidden="true">⋮⋮</span>
          </button>
        ) : null}
        <span className={`pages-kind-icon pages-kind-${node.kind}`} aria-hidden="true" />
        <span className="pages-tree-title">
          {to ? (
            <Link to={to} current={currentId === node.id}>
              {title}
            </Link>
          ) : (
            <span>{title}</span>
          )}
          <span className="pages-tree-meta">
            {KIND_LABELS[node.kind]}
            {node.kind === 'link' && node.externalLink ? ` · ${node.externalLink}` : ''}
          </span>
        </span>
        {node.isHome ? <span className="pages-badge pages-badge-home">{T.home}</span> : null}
        {status && isPage ? <span className={`pages-status pages-status-${node.status}`}>{status}</span> : null}
        {canWrite ? <RowActions node={node} state={state} apply={apply} setMessage={setMessage} /> : null}
      </div>
      {children}
    </li>
  );
}

/** The row's actions: a button that opens a small list of the moves and changes this row allows. */
function RowActions({ node, state, apply, setMessage }: { node: NavigationNode; state: TreeState; apply: RowProps['apply']; setMessage: RowProps['setMessage'] }) {
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const setHome = useSetHome();
  const deletePage = useDeletePage();
  const { confirm } = useConfirm();
  const title = node.navigationTitle || node.title;
  const place = placeInTree(state, node.id);
  const isPage = node.kind !== 'store' && node.kind !== 'link';
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    const away = (event: MouseEvent) => {
      if (!panel.current?.contains(event.target as Node) && event.target !== toggle.current) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const act = (action: () => void | Promise<void>) => () => {
    setOpen(false);
    void action();
  };
  const actions: Array<{ label: string; run: () => void | Promise<void>; danger?: boolean }> = [];
  if (place && place.parent !== 'not-linked') {
    if (canMoveInTree(state, node.id, -1)) actions.push({ label: T.moveUp, run: () => apply(moveInTree(state, node.id, -1), node) });
    if (canMoveInTree(state, node.id, 1)) actions.push({ label: T.moveDown, run: () => apply(moveInTree(state, node.id, 1), node) });
    if (place.parent !== null) actions.push({ label: T.moveOut, run: () => apply(moveOutOfFolder(state, node.id), node) });
  }
  if (place?.parent !== 'not-linked') for (const folder of foldersFor(state, node.id)) actions.push({ label: T.moveInto(folder.navigationTitle || folder.title), run: () => apply(moveIntoFolder(state, node.id, folder.id), node) });
  if (place?.parent === 'not-linked') actions.push({ label: T.show, run: () => apply(showInNavigation(state, node.id), node) });
  else if (!node.isHome) actions.push({ label: T.hide, run: () => apply(hideFromNavigation(state, node.id), node) });
  if (isPage) {
    actions.push({ label: T.rename, run: () => setRenaming(true) });
    if (!node.isHome && node.kind !== 'folder')
      actions.push({
        label: T.setHome,
        run: async () => {
          try {
            await setHome.mutateAsync({ pageId: node.id });
            setMessage({ kind: 'status', text: `${title}: ${T.home}.` });
          } catch (error) {
            setMessage({ kind: 'alert', text: failureText(error) });
          }
        },
      });
    if (!node.isHome)
      actions.push({
        label: T.deletePage,
        danger: true,
        run: async () => {
          const ok = await confirm({ title: T.deleteTitle(title), message: T.deleteMessage, confirmLabel: T.deleteConfirm, destructive: true });
          if (!ok) return;
          try {
            await deletePage.mutateAsync({ pageId: node.id });
            setMessage({ kind: 'status', text: `${title}: deleted.` });
            if (window.location.pathname.startsWith(pagePath(node.id))) navigate(PAGES_PATH);
          } catch (error) {
            setMessage({ kind: 'alert', text: failureText(error) });
          }
        },
      });
  }
  return (
    <span className="pages-row-actions">
      <button
        ref={toggle}
        type="button"
        className="button button-plain pages-row-actions-toggle"
        aria-expanded={open}
        aria-label={T.actionsFor(title)}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">•••</span>
      </button>
      {open ? (
        <div
          ref={panel}
          className="pages-row-menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setOpen(false);
              toggle.current?.focus();
            }
          }}
        >
          <ul>
            {actions.map((action) => (
              <li key={action.label}>
                <button type="button" className={action.danger ? 'pages-danger' : undefined} onClick={act(action.run)}>
                  {action.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {renaming ? <RenameForm node={node} onDone={() => { setRenaming(false); toggle.current?.focus(); }} setMessage={setMessage} /> : null}
    </span>
  );
}

function RenameForm({ node, onDone, setMessage }: { node: NavigationNode; onDone: () => void; setMessage: RowProps['setMessage'] }) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(node.title);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const page = await queryClient.fetchQuery<ContentPage>({ queryKey: contentKeys.page(node.id), queryFn: () => send<ContentPage>(client, CONTENT_ROUTES.getPage, { params: { pageId: node.id } }) });
      const reply = await send<ContentPage>(client, CONTENT_ROUTES.patchPage, { params: { pageId: node.id }, body: { version: page.version, title } });
      queryClient.setQueryData(contentKeys.page(node.id), reply);
      await queryClient.invalidateQueries({ queryKey: contentKeys.tree() });
      setMessage({ kind: 'status', text: `${T.rename}: ${reply.title}.` });
      onDone();
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  return (
    <form className="pages-rename" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      <label className="pages-field">
        <span>{T.rename}</span>
        <input ref={input} type="text" value={title} maxLength={200} required onChange={(event) => setTitle(event.target.value)} />
      </label>
      <button type="submit" className="button button-primary">
        {T.rename}
      </button>
      <button type="button" className="button button-secondary" onClick={onDone}>
        {T.cancel}
      </button>
    </form>
  );
}

/** "Add page": its kind (Page, Blog, Events, Gallery, Folder) and title; the new page opens in the editor. */
function AddPage({ onMessage }: { onMessage: RowProps['setMessage'] }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<PageKind>('page');
  const [title, setTitle] = useState('');
  const [layout, setLayout] = useState('blank');
  const create = useCreatePage();
  const opener = useRef<HTMLButtonElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const page = await create.mutateAsync({ kind, title: title.trim(), inNavigation: true, ...(kind === 'page' && layout !== 'blank' ? { layout } : {}) });
      setOpen(false);
      setTitle('');
      onMessage({ kind: 'status', text: `${KIND_LABELS[page.kind]} “${page.title}” added.` });
      navigate(pagePath(page.id));
    } catch (error) {
      onMessage({ kind: 'alert', text: failureText(error) });
    }
  };
  if (!open) {
    return (
      <button ref={opener} type="button" className="button button-primary" onClick={() => setOpen(true)}>
        + {T.addPage}
      </button>
    );
  }
  return (
    <form className="pages-add-page" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)} aria-label={T.addPage}>
      <label className="pages-field">
        <span>{T.pageKind}</span>
        <select value={kind} onChange={(event) => setKind(event.target.value as PageKind)}>
          {NEW_PAGE_KINDS.map((each) => (
            <option key={each} value={each}>
              {KIND_LABELS[each]}
            </option>
          ))}
        </select>
      </label>
      <label className="pages-field">
        <span>{T.pageTitle}</span>
        <input type="text" value={title} required maxLength={200} autoFocus onChange={(event) => setTitle(event.target.value)} />
      </label>
      {kind === 'page' ? (
        <fieldset className="pages-layouts">
          <legend>{T.pageLayout}</legend>
          {PAGE_LAYOUTS.map((each) => (
            <label key={each.name} className="pages-layout-option">
              <input type="radio" name="page-layout" value={each.name} checked={layout === each.name} onChange={() => setLayout(each.name)} />
              <span className="pages-layout-name">{each.label}</span>
              <span className="pages-layout-description">{each.description}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="pages-inline-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {T.create}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
