import { dropPlaceAt, type BlockBox, type DropPlace } from './drop-place';
import { isSameOrigin, MESSAGE_TAG, overlayMessage, readEditorMessage, type OverlayMessage, type OverlayMessageBody } from './protocol';
import { movesOf } from './selection';

/**
 * The editor's overlay in the preview iframe: outlines the block under the pointer, selects a block on click,
 * draws a toolbar on the selected block (Move up, Move down, Duplicate, Delete, Settings), an inline "+" after the
 * hovered or selected block, and lets a block be dragged with the mouse to a new place (a line shows where it will
 * land). It changes nothing itself: every action is a message to the editor (protocol.ts), whose one state and
 * history make the edit; the preview then reloads with the new body.
 *
 * It is the owner app's code (a chunk of its own, loaded by the preview pane only), mounted on the preview's
 * document after it loads (same origin: the iframe allows it); the storefront's pages never carry it. Its boxes
 * are styled through the CSSOM (element.style), which the page's Content-Security-Policy allows, not a <style>.
 */

export const OVERLAY_TEXTS = {
  toolbar: 'Block actions',
  moveUp: 'Move up',
  moveDown: 'Move down',
  duplicate: 'Duplicate',
  delete: 'Delete',
  settings: 'Settings',
  insertAfter: 'Add a block here',
} as const;

/** How far the pointer moves with the button down before a press becomes a drag (a click stays a click). */
export const DRAG_THRESHOLD_PX = 5;

const ACCENT = '#2563eb';
const BLOCK_SELECTOR = '[data-editor-block]';

export interface Overlay {
  /** Shows this block selected (the editor's outline chose it), or none. */
  select(blockId: string | null): void;
  /**
   * How much the editor shrinks the preview (the desktop page drawn at 1280 px in a narrower stage): the toolbar
   * and the "+" are enlarged by its inverse, so they stay their real size on screen and easy to hit.
   */
  setScale(scale: number): void;
  destroy(): void;
}

type Style = Partial<Record<string, string>>;
const styled = <T extends HTMLElement>(element: T, style: Style): T => {
  for (const [key, value] of Object.entries(style)) element.style.setProperty(key, value ?? '');
  return element;
};

export function mountOverlay(doc: Document, options: { origin: string; post: (message: OverlayMessage) => void; selectedId?: string | null; scale?: number }): Overlay {
  const win = doc.defaultView!;
  const root = styled(doc.createElement('div'), { position: 'fixed', inset: '0', 'pointer-events': 'none', 'z-index': '2147483000', 'font-family': 'system-ui, sans-serif' });
  root.setAttribute('data-editor-overlay', '');
  const box = (style: Style) => styled(doc.createElement('div'), { position: 'absolute', 'pointer-events': 'none', 'box-sizing': 'border-box', display: 'none', ...style });
  const hoverBox = box({ border: `1px dashed ${ACCENT}` });
  const selectedBox = box({ border: `2px solid ${ACCENT}` });
  const dropLine = box({ height: '4px', background: ACCENT, 'border-radius': '2px' });
  dropLine.setAttribute('data-editor-drop-line', '');

  const button = (label: string, text: string, onPress: () => void) => {
    const element = styled(doc.createElement('button'), {
      font: '600 13px/1 system-ui, sans-serif', color: '#fff', background: 'transparent', border: '0', padding: '8px 10px', cursor: 'pointer', 'border-radius': '4px',
    });
    element.type = 'button';
    element.textContent = text;
    if (text !== label) element.setAttribute('aria-label', label);
    element.title = label;
    element.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      onPress();
    });
    return element;
  };

  let selectedId: string | null = options.selectedId ?? null;
  let zoom = options.scale && options.scale > 0 ? 1 / options.scale : 1;
  let hoveredId: string | null = null;

  const toolbar = styled(doc.createElement('div'), {
    position: 'absolute', display: 'none', gap: '2px', padding: '2px', background: '#111827', 'border-radius': '6px', 'pointer-events': 'auto', 'box-shadow': '0 2px 8px rgba(0,0,0,.25)',
  });
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', OVERLAY_TEXTS.toolbar);
  const send = (body: OverlayMessageBody) => options.post(overlayMessage(body));
  const moveUp = button(OVERLAY_TEXTS.moveUp, '↑', () => selectedId && send({ type: 'move', blockId: selectedId, direction: -1 }));
  const moveDown = button(OVERLAY_TEXTS.moveDown, '↓', () => selectedId && send({ type: 'move', blockId: selectedId, direction: 1 }));
  toolbar.append(
    moveUp,
    moveDown,
    button(OVERLAY_TEXTS.duplicate, OVERLAY_TEXTS.duplicate, () => selectedId && send({ type: 'duplicate', blockId: selectedId })),
    button(OVERLAY_TEXTS.delete, OVERLAY_TEXTS.delete, () => selectedId && send({ type: 'delete', blockId: selectedId })),
    button(OVERLAY_TEXTS.settings, OVERLAY_TEXTS.settings, () => selectedId && send({ type: 'settings', blockId: selectedId })),
  );

  let insertAfterId: string | null = null;
  const insert = styled(button(OVERLAY_TEXTS.insertAfter, '+', () => send({ type: 'insert', afterId: insertAfterId })), {
    position: 'absolute', display: 'none', width: '28px', height: '28px', padding: '0', 'border-radius': '50%', background: ACCENT, 'font-size': '18px', 'pointer-events': 'auto', 'box-shadow': '0 1px 4px rgba(0,0,0,.3)',
  });
  root.append(hoverBox, selectedBox, dropLine, toolbar, insert);
  doc.body.append(root);

  const blockElements = () => [...doc.querySelectorAll<HTMLElement>(BLOCK_SELECTOR)];
  const elementOf = (id: string | null) => (id === null ? null : (blockElements().find((element) => element.dataset.editorBlock === id) ?? null));
  const order = () => blockElements().map((element) => element.dataset.editorBlock!);
  const place = (element: HTMLElement, rect: DOMRect) => styled(element, { display: 'block', top: `${rect.top}px`, left: `${rect.left}px`, width: `${rect.width}px`, height: `${rect.height}px` });

  /** Draws the outlines, the toolbar and the "+" where their blocks are now (after a scroll, a resize, a change). */
  function draw() {
    const hovered = hoveredId !== selectedId ? elementOf(hoveredId) : null;
    // The outlines keep their width on screen in a shrunk preview too.
    hoverBox.style.setProperty('border-width', `${zoom}px`);
    selectedBox.style.setProperty('border-width', `${2 * zoom}px`);
    if (hovered) place(hoverBox, hovered.getBoundingClientRect());
    else hoverBox.style.display = 'none';
    const selected = elementOf(selectedId);
    if (selected) {
      const rect = selected.getBoundingClientRect();
      place(selectedBox, rect);
      const moves = movesOf(order(), selectedId!);
      moveUp.disabled = !moves.up;
      moveDown.disabled = !moves.down;
      // Above the block's top right corner (inside the window when the block starts above it), at its real size.
      styled(toolbar, { display: 'flex', transform: zoom === 1 ? '' : `scale(${zoom})`, 'transform-origin': '0 0' });
      const width = (toolbar.offsetWidth || 330) * zoom;
      const height = (toolbar.offsetHeight || 36) * zoom;
      styled(toolbar, { top: `${Math.max(4, rect.top - height - 4)}px`, left: `${Math.max(4, rect.right - width)}px` });
    } else {
      selectedBox.style.display = 'none';
      toolbar.style.display = 'none';
    }
    const anchor = elementOf(hoveredId) ?? selected;
    insertAfterId = anchor?.dataset.editorBlock ?? null;
    if (anchor) {
      const rect = anchor.getBoundingClientRect();
      styled(insert, { display: 'block', transform: zoom === 1 ? '' : `scale(${zoom})`, top: `${rect.bottom - 14}px`, left: `${rect.left + rect.width / 2 - 14}px` });
    } else insert.style.display = 'none';
  }

  const blockAt = (target: EventTarget | null) => (target instanceof win.Element && !root.contains(target) ? target.closest<HTMLElement>(BLOCK_SELECTOR) : null);
  const inOverlay = (target: EventTarget | null) => target instanceof win.Node && root.contains(target);

  const onPointerMove = (event: PointerEvent) => {
    if (drag) return dragMove(event);
    if (inOverlay(event.target)) return;
    const id = blockAt(event.target)?.dataset.editorBlock ?? null;
    if (id !== hoveredId) {
      hoveredId = id;
      draw();
    }
  };

  // A click inside the preview never follows a link or submits a form: the page stays the one being edited.
  const onClick = (event: MouseEvent) => {
    if (inOverlay(event.target)) return;
    event.preventDefault();
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const id = blockAt(event.target)?.dataset.editorBlock;
    if (!id) return;
    selectedId = id;
    draw();
    send({ type: 'select', blockId: id });
  };

  // Dragging with the mouse: a press on a block that moves past the threshold lifts it; the line shows the drop.
  let press: { id: string; x: number; y: number } | null = null;
  let drag: { id: string; place: DropPlace | null } | null = null;
  let suppressClick = false;
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || inOverlay(event.target)) return;
    const id = blockAt(event.target)?.dataset.editorBlock;
    press = id ? { id, x: event.clientX, y: event.clientY } : null;
  };
  const boxes = (): BlockBox[] => blockElements().map((element) => {
    const rect = element.getBoundingClientRect();
    return { id: element.dataset.editorBlock!, top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
  });
  function dragMove(event: PointerEvent) {
    if (!drag) return;
    event.preventDefault();
    drag.place = dropPlaceAt(boxes(), drag.id, event.clientX, event.clientY);
    const target = drag.place ? elementOf(drag.place.targetId) : null;
    if (!target || !drag.place) {
      dropLine.style.display = 'none';
      return;
    }
    const rect = target.getBoundingClientRect();
    styled(dropLine, { display: 'block', top: `${(drag.place.position === 'before' ? rect.top : rect.bottom) - 2}px`, left: `${rect.left}px`, width: `${rect.width}px`, height: '4px' });
  }
  const onPressMove = (event: PointerEvent) => {
    if (!press || drag) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return;
    drag = { id: press.id, place: null };
    doc.documentElement.style.setProperty('cursor', 'grabbing');
    dragMove(event);
  };
  const onPointerUp = () => {
    if (drag) {
      suppressClick = true;
      if (drag.place) send({ type: 'drop', blockId: drag.id, targetId: drag.place.targetId, position: drag.place.position });
      dropLine.style.display = 'none';
      doc.documentElement.style.removeProperty('cursor');
    }
    drag = null;
    press = null;
  };
  // Text is not selected while a block is dragged.
  const onSelectStart = (event: Event) => {
    if (press) event.preventDefault();
  };

  let scrollFrame = 0;
  const onScroll = () => {
    if (scrollFrame) return;
    scrollFrame = win.requestAnimationFrame(() => {
      scrollFrame = 0;
      draw();
      send({ type: 'scroll', y: win.scrollY });
    });
  };

  const onMessage = (event: MessageEvent) => {
    if (!isSameOrigin(event, options.origin)) return;
    const message = readEditorMessage(event.data);
    if (message) overlay.select(message.blockId);
  };

  doc.addEventListener('pointermove', onPointerMove, true);
  doc.addEventListener('pointermove', onPressMove, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('pointerup', onPointerUp, true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('selectstart', onSelectStart, true);
  doc.addEventListener('dragstart', onSelectStart, true);
  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('resize', draw);
  win.addEventListener('message', onMessage);
  // Pictures and fonts that load later move the blocks: redraw when the page's size changes.
  const resize = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(() => draw()) : null;
  resize?.observe(doc.body);

  const overlay: Overlay = {
    select(blockId) {
      selectedId = blockId;
      draw();
      const element = elementOf(blockId);
      if (element) {
        const rect = element.getBoundingClientRect();
        if (rect.bottom < 0 || rect.top > win.innerHeight) element.scrollIntoView({ block: 'center' });
      }
    },
    setScale(scale) {
      zoom = scale > 0 ? 1 / scale : 1;
      draw();
    },
    destroy() {
      doc.removeEventListener('pointermove', onPointerMove, true);
      doc.removeEventListener('pointermove', onPressMove, true);
      doc.removeEventListener('pointerdown', onPointerDown, true);
      doc.removeEventListener('pointerup', onPointerUp, true);
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('selectstart', onSelectStart, true);
      doc.removeEventListener('dragstart', onSelectStart, true);
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('resize', draw);
      win.removeEventListener('message', onMessage);
      resize?.disconnect();
      root.remove();
    },
  };
  draw();
  send({ type: 'ready' });
  return overlay;
}

export { MESSAGE_TAG };
