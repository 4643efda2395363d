import { useEffect, useRef, useState } from 'react';
import type { ContentTarget } from './content-api';
import type { Overlay } from './on-page/overlay';
import { isSameOrigin, MESSAGE_TAG, readOverlayMessage, type OverlayMessage } from './on-page/protocol';
import { scrollToRestore, selectionAfterLoad } from './on-page/selection';
import { PAGES_TEXTS as T } from './texts';

/** The preview's address: the server's real theme rendering of the draft (the published body when there is none). */
export const previewUrl = (target: ContentTarget, id: string, revision: number) => `/config/preview/${target === 'page' ? 'pages' : 'items'}/${encodeURIComponent(id)}?r=${revision}`;

/** Platform §3's device views: the desktop drawn at a laptop's width and scaled to fit; a tablet at 768 px and a phone at 390 px, scaled down only when the stage is narrower. */
export const DEVICE_WIDTHS = { desktop: 1280, tablet: 768, phone: 390 } as const;
export type Device = keyof typeof DEVICE_WIDTHS;
const DEVICES: readonly Device[] = ['desktop', 'tablet', 'phone'];
/** The stage's height on screen. */
const STAGE_HEIGHT = 640;

/** How much the page drawn `width` wide is shrunk to fit the stage (never enlarged). */
export const deviceScale = (stageWidth: number, width: number) => (stageWidth > 0 ? Math.min(1, stageWidth / width) : 1);
/** How much the desktop page is shrunk to fit the stage (never enlarged). */
export const desktopScale = (stageWidth: number) => deviceScale(stageWidth, DEVICE_WIDTHS.desktop);

/** What the editor hands the preview for editing on the page (issue 34 item 1): none when read-only. */
export interface OnPageEditing {
  selectedId: string | null;
  /** A message from the overlay (already checked: this origin, a known shape); scrolling is kept here. */
  onMessage: (message: Exclude<OverlayMessage, { type: 'ready' | 'scroll' }>) => void;
}

/**
 * The live preview: an iframe of the page as visitors will see it, reloaded after each autosave (`revision`
 * changes its address). Desktop is the page at 1280 px scaled down to the stage, so the owner sees the desktop
 * layout and not the theme's narrow one; Tablet and Phone are frames of their widths. With `editing`, the
 * editor's overlay (on-page/overlay.ts, its own chunk) is mounted on each loaded page: the selection and the
 * scroll position survive the reload.
 */
export function PreviewPane({ target, id, title, revision, editing }: { target: ContentTarget; id: string; title: string; revision: number; editing?: OnPageEditing }) {
  // On a phone the phone view is what fits; the owner can still switch.
  const [device, setDevice] = useState<Device>(() => (typeof window !== 'undefined' && window.innerWidth < 600 ? 'phone' : 'desktop'));
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const overlay = useRef<Overlay | null>(null);
  const lastScroll = useRef(0);
  const [stageWidth, setStageWidth] = useState(0);
  const editingRef = useRef(editing);
  editingRef.current = editing;
  useEffect(() => {
    if (!stage.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setStageWidth(entry?.contentRect.width ?? 0));
    observer.observe(stage.current);
    return () => observer.disconnect();
  }, []);

  // The overlay's messages: this origin only, and only the shapes the protocol lists.
  useEffect(() => {
    if (!editing) return;
    const onMessage = (event: MessageEvent) => {
      if (!isSameOrigin(event, window.location.origin)) return;
      const message = readOverlayMessage(event.data);
      if (!message || message.type === 'ready') return;
      if (message.type === 'scroll') lastScroll.current = message.y;
      else editingRef.current?.onMessage(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [Boolean(editing)]); // eslint-disable-line react-hooks/exhaustive-deps

  // The outline's selection shown on the page too.
  const selectedId = editing?.selectedId ?? null;
  useEffect(() => {
    const view = frame.current?.contentWindow;
    if (view && overlay.current) view.postMessage({ tag: MESSAGE_TAG, type: 'select', blockId: selectedId }, window.location.origin);
  }, [selectedId]);

  useEffect(() => () => overlay.current?.destroy(), []);

  const width = DEVICE_WIDTHS[device];
  const scale = deviceScale(stageWidth, width);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  useEffect(() => overlay.current?.setScale(scale), [scale]);

  const onLoad = () => {
    overlay.current = null;
    const doc = frame.current?.contentDocument;
    const view = frame.current?.contentWindow;
    if (!editingRef.current || !doc || !view || !doc.body) return;
    // Back to where the owner was before the reload (the autosave reloads the page after each edit).
    view.scrollTo(0, scrollToRestore(lastScroll.current, doc.documentElement.scrollHeight, view.innerHeight));
    const ids = [...doc.querySelectorAll<HTMLElement>('[data-editor-block]')].map((element) => element.dataset.editorBlock!);
    void import('./on-page/overlay').then(({ mountOverlay }) => {
      if (frame.current?.contentDocument !== doc) return;
      overlay.current = mountOverlay(doc, {
        origin: window.location.origin,
        post: (message) => window.postMessage(message, window.location.origin),
        selectedId: selectionAfterLoad(ids, editingRef.current?.selectedId ?? null),
        scale: scaleRef.current,
      });
    });
  };

  const frameStyle = { width: `${width}px`, height: `${STAGE_HEIGHT / scale}px`, ...(scale < 1 ? { transform: `scale(${scale})` } : {}) };
  return (
    <section className="pages-preview card" aria-label={T.preview}>
      <div className="pages-preview-head">
        <h2>{T.preview}</h2>
        <div className="segmented" role="group" aria-label="Device">
          {DEVICES.map((each) => (
            <button key={each} type="button" className="segment" aria-pressed={device === each} onClick={() => setDevice(each)}>
              {T[each]}
            </button>
          ))}
        </div>
      </div>
      <div ref={stage} className={`pages-preview-stage pages-preview-${device}`}>
        {/* Sandboxed: the page's own scripts run (its islands), but a click in it cannot take the editor's window elsewhere or submit a form. */}
        <iframe ref={frame} title={T.previewFrame(title)} src={previewUrl(target, id, revision)} className="pages-preview-frame" style={frameStyle} sandbox="allow-same-origin allow-scripts" onLoad={onLoad} />
      </div>
    </section>
  );
}
