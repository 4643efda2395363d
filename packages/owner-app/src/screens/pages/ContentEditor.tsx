import type { PageBody } from '@vitrine/blocks';
import { BLOCK_TYPES, blocksOf, idMakerFor, readPageBody } from '@vitrine/blocks';
import { useQueryClient } from '@tanstack/react-query';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useOwnerClient } from '../../api/client';
import { failureText } from '../../ui/messages';
import { blockOf, labelOfType, MAX_BLOCKS, settingsErrors } from './block-catalog';
import { BlockList, BlockMenu } from './BlockList';
import { sectionIndexOf } from './body-edits';
import { contentKeys, keyOf, saveDraft, type ContentTarget } from './content-api';
import type { ContentItem, ContentPage } from './content-types';
import { editorReducer, idFor, startEditor } from './editor-state';
import { canRedo, canUndo } from './history';
import { isNoMove } from './on-page/drop-place';
import { PreviewPane, type OnPageEditing } from './PreviewPane';
import { SectionGallery } from './SectionGallery';
import { SectionSettings } from './SectionSettings';
import { PublishBar } from './PublishBar';
import { fieldsOf } from './schema-form';
import { SettingsForm } from './SettingsForm';
import { SiteChromeOutlineEntry, SiteChromePanel, type SiteChromePart } from './SiteChromePanel';
import { MapPlaceSearch } from './MapPlaceSearch';
import { PAGES_TEXTS as T } from './texts';

const MAP_BLOCK_TYPE: number = BLOCK_TYPES.map;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string } | { kind: 'conflict'; theirs: ContentPage | ContentItem | null };

/** How long typing pauses before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** However long the typing goes on, what is typed is saved at least this often. */
export const AUTOSAVE_MAX_WAIT_MS = 5000;

/** The autosave's wait: the pause after the last edit, shortened so nothing waits longer than the maximum. */
export function autosaveDelay(unsavedSince: number, now: number): number {
  return Math.max(0, Math.min(AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS - (now - unsavedSince)));
}

/**
 * The block editor of a page's or an item's body: the blocks, the selected block's settings form, undo/redo,
 * the autosave of the draft (PUT …/draft with the version it was edited on; a 409 says the page changed
 * elsewhere and offers Reload), publishing, and the live preview reloaded after each save.
 */
export function ContentEditor({ target, content, readOnly, heading, panels }: { target: ContentTarget; content: ContentPage | ContentItem; readOnly: boolean; heading: ReactNode; panels?: (restart: (next: ContentPage | ContentItem) => void) => ReactNode }) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, content.draftBody ?? content.body, startEditor);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [previewRevision, setPreviewRevision] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  // The page's Header or Footer (SiteChromePanel.tsx) open in the side panel instead of a block's settings.
  const [chromePart, setChromePart] = useState<SiteChromePart | null>(null);
  const version = useRef(content.version);
  const savedBody = useRef<PageBody>(state.history.present);
  const pendingFocus = useRef<{ blockId: string | null; part: 'main' | 'handle' | 'add' } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const lastFocused = useRef<string | null>(null);
  const body = state.history.present;
  const blocks = useMemo(() => blocksOf(body), [body]);
  const noun = target === 'page' ? 'page' : 'item';

  // Every answer that carries a newer version (publish, settings, another tab's reload) moves ours on.
  useEffect(() => {
    if (content.version > version.current) version.current = content.version;
  }, [content.version]);

  const bodyRef = useRef(body);
  bodyRef.current = body;
  /** The save under way: the next waits for it, so two saves never go out on the same version. */
  const inFlight = useRef<Promise<boolean>>(Promise.resolve(true));

  const sendDraft = useCallback(async (): Promise<boolean> => {
    const sending = bodyRef.current;
    if (sending === savedBody.current) return true;
    setSaveState({ kind: 'saving' });
    try {
      const reply = await saveDraft(client, target, content.id, version.current, sending);
      version.current = reply.version;
      savedBody.current = sending;
      queryClient.setQueryData(keyOf(target, content.id), (old: ContentPage | ContentItem | undefined) => (old ? { ...old, version: reply.version, draftBody: sending, hasDraft: true } : old));
      void queryClient.invalidateQueries({ queryKey: contentKeys.tree() });
      setSaveState({ kind: 'saved' });
      setPreviewRevision((revision) => revision + 1);
      return true;
    } catch (error) {
      if (isOwnerApiError(error) && error.status === 409) {
        // Someone saved since: show the choice at once, then what they saved (when and which version).
        setSaveState({ kind: 'conflict', theirs: null });
        const theirs = await queryClient.fetchQuery({ queryKey: keyOf(target, content.id), staleTime: 0 }).catch(() => null);
        setSaveState((now) => (now.kind === 'conflict' ? { kind: 'conflict', theirs: (theirs as ContentPage | ContentItem | null) ?? null } : now));
      } else setSaveState({ kind: 'failed', message: failureText(error) });
      return false;
    }
  }, [client, content.id, queryClient, target]);

  const save = useCallback((): Promise<boolean> => {
    const next = inFlight.current.then(sendDraft, sendDraft);
    inFlight.current = next;
    return next;
  }, [sendDraft]);

  // The autosave: AUTOSAVE_DELAY_MS after the last edit, and at least every AUTOSAVE_MAX_WAIT_MS while typing goes on.
  const unsavedSince = useRef<number | null>(null);
  useEffect(() => {
    if (readOnly || body === savedBody.current || saveState.kind === 'conflict') {
      if (body === savedBody.current) unsavedSince.current = null;
      return;
    }
    unsavedSince.current ??= Date.now();
    const timer = window.setTimeout(() => {
      unsavedSince.current = null;
      void save();
    }, autosaveDelay(unsavedSince.current, Date.now()));
    return () => window.clearTimeout(timer);
  }, [body, readOnly, save, saveState.kind]);

  // Leaving the page (another page, another screen) sends what the autosave had not sent yet.
  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => () => void latestSave.current(), []);

  // The focus after an add, move, duplicate or delete: on the block the edit names, or on Add block.
  useEffect(() => {
    const want = pendingFocus.current;
    if (!want || !listRef.current) return;
    pendingFocus.current = null;
    const selector = want.blockId ? `[data-block-id="${CSS.escape(want.blockId)}"] ${want.part === 'handle' ? '.pages-handle' : '.pages-block-main'}` : '.pages-add-block';
    listRef.current.querySelector<HTMLElement>(selector)?.focus();
  });

  /** After a reload or a reply that replaced the body (discard, restore): the editor starts again from it. */
  const restart = useCallback((next: ContentPage | ContentItem) => {
    version.current = next.version;
    const nextBody = readPageBody(next.draftBody ?? next.body);
    savedBody.current = nextBody;
    dispatch({ type: 'reset', body: nextBody });
    setSaveState({ kind: 'idle' });
    setPreviewRevision((revision) => revision + 1);
  }, []);

  /** The conflict's first choice: their version replaces ours in the editor. */
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ queryKey: keyOf(target, content.id), staleTime: 0 });
    restart(fresh as ContentPage | ContentItem);
  };

  /** The conflict's other choice: ours is saved over theirs, knowingly, on the version they saved. */
  const keepMine = async () => {
    const theirs = saveState.kind === 'conflict' ? saveState.theirs : null;
    const fresh = (theirs ?? (await queryClient.fetchQuery({ queryKey: keyOf(target, content.id), staleTime: 0 }))) as ContentPage | ContentItem;
    version.current = fresh.version;
    savedBody.current = readPageBody(fresh.draftBody ?? fresh.body);
    setSaveState({ kind: 'idle' });
    await save();
  };

  // Selecting a block (in the outline or on the page) closes the header's or footer's panel.
  useEffect(() => {
    if (state.selectedId) setChromePart(null);
  }, [state.selectedId]);
  const openChrome = (part: SiteChromePart) => {
    dispatch({ type: 'select', blockId: null });
    setChromePart(part);
  };
  const hasChrome = target === 'page';

  const selected = blocks.find((block) => block.id === state.selectedId) ?? null;
  const selectedDefinition = selected ? blockOf(selected.type) : undefined;
  const selectedSection = selected ? sectionIndexOf(body, selected.id) : null;
  const fields = useMemo(() => (selectedDefinition ? fieldsOf(selectedDefinition.schema) : []), [selectedDefinition]);
  const errors = useMemo(() => (selected ? settingsErrors(selected.type, selected.settings) : {}), [selected]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (readOnly || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
    // The panels' own fields (SEO, an item's details) are not the body: their text boxes keep the browser's undo.
    if (event.target instanceof Element && event.target.closest('.pages-panel')) return;
    // In a text block's editor the text's own history (Lexical's) undoes the last edit in the text.
    if (event.target instanceof Element && event.target.closest('.pages-rich-area')) return;
    event.preventDefault();
    dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
  };

  const positionText = (blockId: string, next: PageBody) => {
    const order = blocksOf(next);
    const index = order.findIndex((block) => block.id === blockId);
    return T.blockMoved(labelOfType(order[index]!.type), index + 1, order.length);
  };

  const moveBy = (blockId: string, direction: -1 | 1) => {
    const next = editorReducer(state, { type: 'move', blockId, direction });
    dispatch({ type: 'move', blockId, direction });
    pendingFocus.current = { blockId, part: 'main' };
    setAnnouncement(positionText(blockId, next.history.present));
  };
  const duplicate = (blockId: string) => {
    const id = idFor(body);
    dispatch({ type: 'duplicate', blockId, id });
    pendingFocus.current = { blockId: id, part: 'main' };
  };
  const remove = (blockId: string) => {
    const index = blocks.findIndex((block) => block.id === blockId);
    if (index < 0) return;
    const label = labelOfType(blocks[index]!.type);
    const neighbour = blocks[index + 1]?.id ?? blocks[index - 1]?.id ?? null;
    dispatch({ type: 'delete', blockId });
    pendingFocus.current = { blockId: neighbour, part: 'main' };
    setAnnouncement(T.blockDeleted(label));
  };
  // The page's inline "+": the block picker, inserting after that block.
  const [insertAfter, setInsertAfter] = useState<{ afterId: string | null } | null>(null);
  // Editing on the page (on-page/overlay.ts): every message becomes the same edit the outline makes.
  const onPage: OnPageEditing | undefined = readOnly
    ? undefined
    : {
        selectedId: state.selectedId,
        onMessage: (message) => {
          if (message.type === 'insert') {
            if (blocks.length < MAX_BLOCKS) setInsertAfter({ afterId: message.afterId });
            return;
          }
          if (!blocks.some((block) => block.id === message.blockId)) return;
          if (message.type === 'select' || message.type === 'settings') {
            dispatch({ type: 'select', blockId: message.blockId });
            if (message.type === 'settings') window.setTimeout(() => document.getElementById('pages-settings-heading')?.scrollIntoView({ block: 'nearest' }), 0);
          } else if (message.type === 'move') moveBy(message.blockId, message.direction);
          else if (message.type === 'duplicate') duplicate(message.blockId);
          else if (message.type === 'delete') remove(message.blockId);
          else if (message.type === 'drop') {
            const place = { targetId: message.targetId, position: message.position };
            if (isNoMove(body, message.blockId, place)) return;
            const next = editorReducer(state, { type: 'place', blockId: message.blockId, place });
            dispatch({ type: 'place', blockId: message.blockId, place });
            setAnnouncement(positionText(message.blockId, next.history.present));
          }
        },
      };

  return (
    <div className="pages-editor" onKeyDown={onKeyDown}>
      <div className="pages-editor-head">
        {heading}
        <PublishBar
          target={target}
          content={content}
          readOnly={readOnly}
          version={version}
          flush={save}
          onReplaced={restart}
          dirty={body !== savedBody.current}
        />
      </div>
      {!readOnly ? (
        <div className="pages-toolbar">
          <div className="pages-history" role="group" aria-label="History">
            <button type="button" className="button button-secondary" disabled={!canUndo(state.history)} onClick={() => dispatch({ type: 'undo' })} aria-keyshortcuts="Control+Z Meta+Z">
              {T.undo}
            </button>
            <button type="button" className="button button-secondary" disabled={!canRedo(state.history)} onClick={() => dispatch({ type: 'redo' })} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z">
              {T.redo}
            </button>
          </div>
          <p className="pages-save-state" role="status" aria-live="polite">
            {saveState.kind === 'saving' ? T.saving : saveState.kind === 'saved' && body === savedBody.current ? T.saved : saveState.kind === 'failed' ? `${T.saveFailed}${saveState.message}` : body !== savedBody.current ? T.unsaved : ''}
          </p>
        </div>
      ) : (
        <p className="pages-readonly">{T.readOnly}</p>
      )}
      {saveState.kind === 'conflict' ? (
        <div className="banner banner-error pages-conflict" role="alert" aria-labelledby="pages-conflict-title">
          <p id="pages-conflict-title">
            <strong>{T.conflictTitle(noun)}</strong>
          </p>
          <p>{saveState.theirs ? T.conflictTheirs(noun, new Date(saveState.theirs.updatedAt)) : T.conflictLoading}</p>
          <p>{T.conflictChoice}</p>
          <div className="pages-conflict-actions">
            <button type="button" className="button button-secondary" onClick={() => void reload()}>
              {T.reloadTheirs}
            </button>
            <button type="button" className="button button-primary" onClick={() => void keepMine()}>
              {T.keepMine}
            </button>
          </div>
        </div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="pages-work">
        <div className="pages-compose">
          <section className="card pages-content" aria-labelledby="pages-content-heading">
            <div className="pages-content-head">
              <h2 id="pages-content-heading">{T.blocks}</h2>
              {!readOnly ? (
                <SectionGallery
                  disabled={blocks.length >= MAX_BLOCKS}
                  onChoose={(preset) => {
                    const section = preset.create(idMakerFor(body));
                    const added = blocksOf({ sections: [section] }).length;
                    if (blocks.length + added > MAX_BLOCKS) {
                      setAnnouncement(T.tooManyBlocks);
                      return;
                    }
                    const afterIndex = state.selectedId ? sectionIndexOf(body, state.selectedId) : null;
                    dispatch({ type: 'insert-section', section, afterIndex });
                    const first = blocksOf({ sections: [section] })[0]?.id ?? null;
                    if (first) pendingFocus.current = { blockId: first, part: 'main' };
                    setAnnouncement(T.sectionAdded(preset.label));
                  }}
                />
              ) : null}
            </div>
            {hasChrome ? <SiteChromeOutlineEntry part="header" open={chromePart === 'header'} onOpen={openChrome} /> : null}
            <div ref={listRef}>
              <BlockList
                blocks={blocks}
                selectedId={state.selectedId}
                readOnly={readOnly}
                onSelect={(blockId) => dispatch({ type: 'select', blockId })}
                onFocusBlock={(blockId) => {
                  lastFocused.current = blockId;
                }}
                onAdd={(blockType) => {
                  if (blocks.length >= MAX_BLOCKS) return;
                  const id = idFor(body);
                  // After the block last focused (keyboard users) or selected; at the end when there is neither.
                  const afterId = [lastFocused.current, state.selectedId].find((each) => each && blocks.some((block) => block.id === each)) ?? null;
                  dispatch({ type: 'add', blockType, id, afterId });
                  lastFocused.current = id;
                  pendingFocus.current = { blockId: id, part: 'main' };
                  setAnnouncement(T.blockAdded(labelOfType(blockType)));
                }}
                onMove={moveBy}
                onDrop={(blockId, overId) => {
                  const next = editorReducer(state, { type: 'drop', blockId, overId });
                  dispatch({ type: 'drop', blockId, overId });
                  pendingFocus.current = { blockId, part: 'handle' };
                  setAnnouncement(positionText(blockId, next.history.present));
                }}
                onDuplicate={duplicate}
                onDelete={remove}
              />
            </div>
            {hasChrome ? <SiteChromeOutlineEntry part="footer" open={chromePart === 'footer'} onOpen={openChrome} /> : null}
          </section>
          {hasChrome && chromePart ? (
            <SiteChromePanel
              part={chromePart}
              onClose={() => {
                const part = chromePart;
                setChromePart(null);
                window.requestAnimationFrame(() => document.querySelector<HTMLElement>(`.pages-chrome-entry-${part} button`)?.focus());
              }}
              onSaved={() => setPreviewRevision((revision) => revision + 1)}
            />
          ) : null}
          {selected && !chromePart ? (
            <section className="card pages-settings" aria-labelledby="pages-settings-heading">
              <div className="pages-settings-head">
                <h2 id="pages-settings-heading">{T.settingsOf(labelOfType(selected.type))}</h2>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    pendingFocus.current = { blockId: selected.id, part: 'main' };
                    dispatch({ type: 'select', blockId: null });
                  }}
                >
                  {T.closeSettings}
                </button>
              </div>
              {selectedSection !== null ? (
                <SectionSettings
                  section={body.sections[selectedSection]!}
                  index={selectedSection}
                  count={body.sections.length}
                  readOnly={readOnly}
                  onChange={(change, group) => dispatch({ type: 'section', index: selectedSection, change, ...(group ? { group } : {}) })}
                  onRemove={() => dispatch({ type: 'remove-section', index: selectedSection })}
                />
              ) : null}
              {selectedDefinition && selected.type === MAP_BLOCK_TYPE && !readOnly ? (
                <MapPlaceSearch
                  onChoose={(choice) => {
                    const settings = { ...selected.settings, ...choice };
                    dispatch({ type: 'settings', blockId: selected.id, settings, group: settingsGroup(selected.id, selected.settings, settings) });
                  }}
                />
              ) : null}
              {selectedDefinition ? (
                <SettingsForm
                  key={selected.id}
                  fields={fields}
                  settings={selected.settings}
                  errors={errors}
                  readOnly={readOnly}
                  onChange={(settings) => dispatch({ type: 'settings', blockId: selected.id, settings, group: settingsGroup(selected.id, selected.settings, settings) })}
                />
              ) : (
                <p className="pages-muted">This block is kept as it is; the editor does not change it.</p>
              )}
            </section>
          ) : null}
          {panels?.(restart)}
        </div>
        <PreviewPane target={target} id={content.id} title={content.title} revision={previewRevision} {...(onPage ? { editing: onPage } : {})} />
        {insertAfter ? (
          <BlockMenu
            onClose={() => setInsertAfter(null)}
            onChoose={(blockType) => {
              const id = idFor(body);
              dispatch({ type: 'add', blockType, id, afterId: insertAfter.afterId });
              setInsertAfter(null);
              setAnnouncement(T.blockAdded(labelOfType(blockType)));
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Typing in one setting is one undo step: the group is the block and the setting that changed. */
export function settingsGroup(blockId: string, before: Record<string, unknown>, after: Record<string, unknown>): string {
  const changed = Object.keys({ ...before, ...after }).find((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return `${blockId}:${changed ?? ''}`;
}
