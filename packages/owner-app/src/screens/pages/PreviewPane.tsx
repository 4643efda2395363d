import { useEffect, useRef, useState } from 'react';
import type { ContentTarget } from './content-api';
import { PAGES_TEXTS as T } from './texts';

/** The preview's address: the server's real theme rendering of the draft (the published body when there is none). */
export const previewUrl = (target: ContentTarget, id: string, revision: number) => `/config/preview/${target === 'page' ? 'pages' : 'items'}/${encodeURIComponent(id)}?r=${revision}`;

/** Platform §3's device views: the desktop drawn at a laptop's width and scaled to fit; a phone at 390 px. */
export const DEVICE_WIDTHS = { desktop: 1280, phone: 390 } as const;
/** The stage's height on screen. */
const STAGE_HEIGHT = 640;

/** How much the desktop page is shrunk to fit the stage (never enlarged). */
export const desktopScale = (stageWidth: number) => (stageWidth > 0 ? Math.min(1, stageWidth / DEVICE_WIDTHS.desktop) : 1);

/**
 * The live preview: an iframe of the page as visitors will see it, reloaded after each autosave (`revision`
 * changes its address). Desktop is the page at 1280 px, scaled down to the stage, so the owner sees the desktop
 * layout and not the theme's narrow one; Phone is a 390 px frame at its real size.
 */
export function PreviewPane({ target, id, title, revision }: { target: ContentTarget; id: string; title: string; revision: number }) {
  // On a phone the phone view is what fits; the owner can still switch.
  const [device, setDevice] = useState<'desktop' | 'phone'>(() => (typeof window !== 'undefined' && window.innerWidth < 600 ? 'phone' : 'desktop'));
  const stage = useRef<HTMLDivElement>(null);
  const [stageWidth, setStageWidth] = useState(0);
  useEffect(() => {
    if (!stage.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setStageWidth(entry?.contentRect.width ?? 0));
    observer.observe(stage.current);
    return () => observer.disconnect();
  }, []);
  const scale = device === 'desktop' ? desktopScale(stageWidth) : 1;
  const frameStyle =
    device === 'desktop'
      ? { width: `${DEVICE_WIDTHS.desktop}px`, height: `${STAGE_HEIGHT / scale}px`, transform: `scale(${scale})` }
      : { width: `${DEVICE_WIDTHS.phone}px`, height: `${STAGE_HEIGHT}px` };
  return (
    <section className="pages-preview card" aria-label={T.preview}>
      <div className="pages-preview-head">
        <h2>{T.preview}</h2>
        <div className="segmented" role="group" aria-label="Device">
          {(['desktop', 'phone'] as const).map((each) => (
            <button key={each} type="button" className="segment" aria-pressed={device === each} onClick={() => setDevice(each)}>
              {each === 'desktop' ? T.desktop : T.phone}
            </button>
          ))}
        </div>
      </div>
      <div ref={stage} className={`pages-preview-stage pages-preview-${device}`}>
        {/* Sandboxed: the page's own scripts run (its islands), but a click in it cannot take the editor's window elsewhere or submit a form. */}
        <iframe title={T.previewFrame(title)} src={previewUrl(target, id, revision)} className="pages-preview-frame" style={frameStyle} sandbox="allow-same-origin allow-scripts" />
      </div>
    </section>
  );
}
