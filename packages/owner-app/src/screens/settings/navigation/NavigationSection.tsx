import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { SiteLayoutJson } from '@vitrine/contracts';
import { useCan } from '../../../api/hooks';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { useMemberAreas } from '../../members/members-api';
import { MAIN_NAVIGATION, NAVIGATION_TEXTS as TEXTS, useSaveNavigation, useSiteLayout } from './navigation-api';
import {
  add,
  canIndent,
  canMove,
  canOutdent,
  countOf,
  find,
  fromLayout,
  indent,
  linkMessage,
  move,
  moveNear,
  NAVIGATION_ITEMS,
  outdent,
  remove,
  rename,
  storesOf,
  toItems,
  type NavNode,
} from './tree';
import '../commerce/panels.css';
import './navigation.css';
import { Outcome } from '../../../ui/outcome';

type LayoutEntry = SiteLayoutJson['layout'][number];

/**
 * Settings → Navigation: each navigation of the site layout (the first is the main one) as a tree to edit —
 * reorder (drag, or Move up / Move down), nest (Indent / Outdent), rename, remove (confirmed), add a link to a
 * store or an address — then Save (UpdateNavigation replaces the navigation; the header shows it on the next page).
 */
export default function NavigationSection() {
  const layout = useSiteLayout();
  // The stores the layout links to when first read: what "Add a link" offers, even after one is removed here.
  const stores = useMemo(() => {
    const known = new Map<string, string>();
    for (const entry of layout.data?.layout ?? []) storesOf(fromLayout(entry.links), known);
    return known;
  }, [layout.data]);
  // The member areas a link may open (only for roles that may read them; without, the choice is not offered).
  const areasQuery = useMemberAreas(useCan('members:read'));
  const areas = useMemo(() => new Map((areasQuery.data?.memberAreas ?? []).map((area) => [area.id, area.name] as const)), [areasQuery.data]);
  if (layout.isPending) return <Loading />;
  if (layout.isError) return <LoadFailed error={layout.error} retry={() => void layout.refetch()} />;
  const entries: LayoutEntry[] = layout.data.layout.length > 0 ? layout.data.layout : [{ identifier: MAIN_NAVIGATION, templateId: '', links: [] }];
  return (
    <div className="panel navigation">
      <p className="panel-intro">{TEXTS.intro}</p>
      {layout.data.layout.length === 0 ? (
        <p className="panel-notice" role="note">
          <strong>{TEXTS.noMain}.</strong> {TEXTS.noMainHelp}
        </p>
      ) : null}
      {entries.map((entry, index) => (
        <NavigationEditor key={entry.identifier} entry={entry} name={index === 0 ? TEXTS.main : TEXTS.other(entry.identifier)} stores={stores} areas={areas} />
      ))}
    </div>
  );
}

interface Focus {
  key: string;
  action: string;
}

function NavigationEditor({ entry, name, stores, areas }: { entry: LayoutEntry; name: string; stores: ReadonlyMap<string, string>; areas: ReadonlyMap<string, string> }) {
  const mayWrite = useCan('site:write');
  const { confirm } = useConfirm();
  const save = useSaveNavigation();
  const id = useId();
  const [saved, setSaved] = useState(() => fromLayout(entry.links));
  const [tree, setTree] = useState(saved);
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const [focus, setFocus] = useState<Focus | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const changed = JSON.stringify(toItems(tree)) !== JSON.stringify(toItems(saved));

  // After a move the same control keeps the focus (or its row's title when the control no longer applies).
  useEffect(() => {
    if (!focus || !list.current) return;
    const row = (action: string) => list.current!.querySelector<HTMLElement>(`[data-key="${focus.key}"][data-action="${action}"]`);
    const target = row(focus.action);
    const usable = target && !(target as HTMLButtonElement).disabled ? target : row(focus.action === 'up' ? 'down' : focus.action === 'down' ? 'up' : 'title');
    (usable && !(usable as HTMLButtonElement).disabled ? usable : row('title'))?.focus();
    setFocus(null);
  }, [focus, tree]);

  const change = (next: NavNode[], message: string, then?: Focus) => {
    setTree(next);
    setAnnouncement(message);
    setStatus('');
    if (then) setFocus(then);
  };

  const titleOf = (node: NavNode) => node.title.trim() || node.externalLink || TEXTS.untitled;

  const onMove = (node: NavNode, by: -1 | 1) => {
    const next = move(tree, node.key, by);
    const at = find(next, node.key)!;
    change(next, TEXTS.moved(titleOf(node), at.index + 1, at.siblings.length), { key: node.key, action: by < 0 ? 'up' : 'down' });
  };
  const onIndent = (node: NavNode) => {
    const above = find(tree, node.key)!;
    const parent = above.siblings[above.index - 1]!;
    change(indent(tree, node.key), TEXTS.indented(titleOf(node), titleOf(parent)), { key: node.key, action: 'indent' });
  };
  const onOutdent = (node: NavNode) => change(outdent(tree, node.key), TEXTS.outdented(titleOf(node)), { key: node.key, action: 'outdent' });
  const onRemove = async (node: NavNode) => {
    const yes = await confirm({
      title: TEXTS.confirmRemoveTitle(titleOf(node)),
      message: TEXTS.confirmRemoveMessage(countOf(node.children)),
      confirmLabel: TEXTS.confirmRemoveLabel,
      destructive: true,
    });
    if (!yes) return;
    change(remove(tree, node.key), TEXTS.removed(titleOf(node)));
    list.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
  };
  const onDrop = (target: NavNode, after: boolean) => {
    if (!dragged || dragged === target.key) return;
    const node = find(tree, dragged)?.node;
    const next = moveNear(tree, dragged, target.key, after);
    setDragged(null);
    if (next === tree || !node) return;
    const at = find(next, node.key)!;
    change(next, TEXTS.moved(titleOf(node), at.index + 1, at.siblings.length));
  };

  const onSave = () => {
    setStatus('');
    setRefusal('');
    save.mutate(
      { fieldName: entry.identifier, templateId: entry.templateId || undefined, navigation: { items: toItems(tree) } },
      {
        onSuccess: (answer) => {
          const stored = answer.layout.find((candidate) => candidate.identifier === entry.identifier);
          const next = fromLayout(stored?.links ?? []);
          setSaved(next);
          setTree(next);
          setAnnouncement('');
          setStatus(TEXTS.saved);
        },
        // The owner's changes stay on screen to try again.
        onError: (error) => setRefusal(failureText(error)),
      },
    );
  };

  const rows = (nodes: readonly NavNode[], prefix: string, depth: number) =>
    nodes.map((node, index) => {
      const position = prefix ? `${prefix}.${index + 1}` : `${index + 1}`;
      const title = titleOf(node);
      return (
        <li
          key={node.key}
          className={`nav-item${dragged === node.key ? ' is-dragged' : ''}`}
          onDragOver={(event: DragEvent) => {
            if (!dragged) return;
            event.preventDefault();
            event.stopPropagation();
          }}
          onDrop={(event: DragEvent) => {
            event.preventDefault();
            event.stopPropagation();
            const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
            onDrop(node, event.clientY > box.top + Math.min(box.height, 56) / 2);
          }}
        >
          <div className="nav-row" data-depth={depth}>
            {mayWrite ? (
              <span
                className="nav-handle"
                draggable
                title={TEXTS.drag(title)}
                aria-hidden="true"
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', node.key);
                  setDragged(node.key);
                }}
                onDragEnd={() => setDragged(null)}
              >
                ⋮⋮
              </span>
            ) : null}
            <div className="nav-main">
              {mayWrite ? (
                <input
                  type="text"
                  className="nav-title"
                  data-key={node.key}
                  data-action="title"
                  aria-label={TEXTS.title(node.title.trim(), position)}
                  value={node.title}
                  maxLength={100}
                  placeholder={node.collectionId !== undefined ? stores.get(node.collectionId) ?? '' : node.memberAreaId !== undefined ? areas.get(node.memberAreaId) ?? '' : node.externalLink ?? ''}
                  onChange={(event) => {
                    setTree(rename(tree, node.key, event.target.value));
                    setStatus('');
                  }}
                />
              ) : (
                <span className="nav-title-text">{title}</span>
              )}
              <span className="nav-target">{node.collectionId !== undefined ? `${TEXTS.store}` : node.memberAreaId !== undefined ? TEXTS.memberArea : node.externalLink !== undefined ? node.externalLink : TEXTS.folder}</span>
            </div>
            {mayWrite ? (
              <div className="nav-actions">
                <button type="button" className="button button-secondary button-small" data-key={node.key} data-action="up" aria-label={TEXTS.moveUp(title)} disabled={!canMove(tree, node.key, -1)} onClick={() => onMove(node, -1)}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button type="button" className="button button-secondary button-small" data-key={node.key} data-action="down" aria-label={TEXTS.moveDown(title)} disabled={!canMove(tree, node.key, 1)} onClick={() => onMove(node, 1)}>
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="button button-secondary button-small" data-key={node.key} data-action="outdent" aria-label={TEXTS.outdent(title)} disabled={!canOutdent(tree, node.key)} onClick={() => onOutdent(node)}>
                  <span aria-hidden="true">←</span>
                </button>
                <button type="button" className="button button-secondary button-small" data-key={node.key} data-action="indent" aria-label={TEXTS.indent(title)} disabled={!canIndent(tree, node.key)} onClick={() => onIndent(node)}>
                  <span aria-hidden="true">→</span>
                </button>
                <button type="button" className="button button-secondary button-small nav-remove" data-key={node.key} data-action="remove" aria-label={TEXTS.remove(title)} onClick={() => void onRemove(node)}>
                  Remove
                </button>
              </div>
            ) : null}
          </div>
          {node.children.length > 0 ? <ol className="nav-list">{rows(node.children, position, depth + 1)}</ol> : null}
        </li>
      );
    });

  return (
    <section className="card panel-card navigation-card" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`} tabIndex={-1}>
          {name}
        </h2>
        {changed && mayWrite ? <span className="panel-badge panel-badge-pending">{TEXTS.unsaved}</span> : null}
      </header>
      {mayWrite ? null : <p className="panel-notice">{TEXTS.readOnly}</p>}
      {tree.length === 0 ? <p className="panel-help">{TEXTS.empty}</p> : null}
      <ol ref={list} className="nav-list nav-tree" aria-label={TEXTS.listLabel(name)}>
        {rows(tree, '', 0)}
      </ol>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {mayWrite ? (
        <>
          <AddLink
            stores={stores}
            areas={areas}
            full={countOf(tree) >= NAVIGATION_ITEMS}
            onAdd={(link) => change(add(tree, link), TEXTS.added(link.title.trim() || link.externalLink || stores.get(link.collectionId ?? '') || areas.get(link.memberAreaId ?? '') || TEXTS.untitled))}
          />
          <div className="panel-actions">
            <button type="button" className="button button-primary" disabled={save.isPending || !changed} onClick={onSave}>
              {save.isPending ? TEXTS.saving : TEXTS.save}
            </button>
            {changed ? (
              <button type="button" className="button button-secondary" onClick={() => change(saved, '')}>
                {TEXTS.reset}
              </button>
            ) : null}
            <Outcome status={status} refusal={refusal} />
          </div>
        </>
      ) : null}
    </section>
  );
}

function AddLink({
  stores,
  areas,
  full,
  onAdd,
}: {
  stores: ReadonlyMap<string, string>;
  areas: ReadonlyMap<string, string>;
  full: boolean;
  onAdd: (link: { title: string; collectionId?: string; externalLink?: string; memberAreaId?: string }) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<'store' | 'area' | 'address'>(stores.size > 0 ? 'store' : 'address');
  const [store, setStore] = useState(() => stores.keys().next().value ?? '');
  const [area, setArea] = useState('');
  // The areas arrive after the first render: until one is picked, the first is the choice.
  const chosenArea = areas.has(area) ? area : (areas.keys().next().value ?? '');
  const [address, setAddress] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (full) {
      setError(TEXTS.tooMany);
      return;
    }
    if (kind === 'store') {
      if (!store) return;
      onAdd({ title: title.trim() || stores.get(store) || '', collectionId: store });
    } else if (kind === 'area') {
      if (!chosenArea) return;
      onAdd({ title: title.trim() || areas.get(chosenArea) || '', memberAreaId: chosenArea });
    } else {
      const message = linkMessage(address);
      if (message) {
        setError(message);
        return;
      }
      onAdd({ title: title.trim(), externalLink: address.trim() });
      setAddress('');
    }
    setError('');
    setTitle('');
  };

  return (
    <form className="nav-add" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{TEXTS.addHeading}</h3>
      <fieldset>
        <legend>{TEXTS.linkTo}</legend>
        <div className="nav-kinds">
          <label>
            <input type="radio" name={`${id}-kind`} value="store" checked={kind === 'store'} disabled={stores.size === 0} onChange={() => setKind('store')} /> {TEXTS.aStore}
          </label>
          {areas.size > 0 ? (
            <label>
              <input type="radio" name={`${id}-kind`} value="area" checked={kind === 'area'} onChange={() => setKind('area')} /> {TEXTS.aMemberArea}
            </label>
          ) : null}
          <label>
            <input type="radio" name={`${id}-kind`} value="address" checked={kind === 'address'} onChange={() => setKind('address')} /> {TEXTS.anAddress}
          </label>
        </div>
      </fieldset>
      <div className="panel-grid">
        {kind === 'store' ? (
          <div className="panel-field">
            <label htmlFor={`${id}-store`}>{TEXTS.storeLabel}</label>
            {stores.size > 0 ? (
              <select id={`${id}-store`} value={store} onChange={(event) => setStore(event.target.value)}>
                {[...stores].map(([collectionId, name]) => (
                  <option key={collectionId} value={collectionId}>
                    {name}
                  </option>
                ))}
              </select>
            ) : (
              <p className="panel-help">{TEXTS.noStores}</p>
            )}
          </div>
        ) : kind === 'area' ? (
          <div className="panel-field">
            <label htmlFor={`${id}-area`}>{TEXTS.memberAreaLabel}</label>
            <select id={`${id}-area`} value={chosenArea} aria-describedby={`${id}-area-help`} onChange={(event) => setArea(event.target.value)}>
              {[...areas].map(([memberAreaId, name]) => (
                <option key={memberAreaId} value={memberAreaId}>
                  {name}
                </option>
              ))}
            </select>
            <p id={`${id}-area-help`} className="panel-help">
              {TEXTS.memberAreaHelp}
            </p>
          </div>
        ) : (
          <div className="panel-field">
            <label htmlFor={`${id}-address`}>{TEXTS.addressLabel}</label>
            <input
              id={`${id}-address`}
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={2083}
              value={address}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-address-help ${id}-error` : `${id}-address-help`}
              onChange={(event) => {
                setAddress(event.target.value);
                setError('');
              }}
            />
            <p id={`${id}-address-help`} className="panel-help">
              {TEXTS.addressHelp}
            </p>
          </div>
        )}
        <div className="panel-field">
          <label htmlFor={`${id}-name`}>{TEXTS.newTitle}</label>
          <input id={`${id}-name`} type="text" maxLength={100} value={title} aria-describedby={`${id}-name-help`} onChange={(event) => setTitle(event.target.value)} />
          <p id={`${id}-name-help`} className="panel-help">
            {TEXTS.newTitleHelp}
          </p>
        </div>
      </div>
      <div className="panel-actions">
        <button type="submit" className="button button-secondary">
          {TEXTS.add}
        </button>
        <p id={`${id}-error`} role="alert" className="panel-error">
          {error}
        </p>
      </div>
    </form>
  );
}
