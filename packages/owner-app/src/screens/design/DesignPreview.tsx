import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DESIGN_TEXTS as T } from './design-texts';
import { injectPreviewStyles } from './preview-styles';
import { usePreviewPages, type PreviewPage } from './preview-pages';

/** The desktop page is drawn at a laptop's width and scaled to the stage; the phone at its real 390 px. */
const DEVICE_WIDTHS = { desktop: 1280, phone: 390 } as const;
const STAGE_HEIGHT = 720;

/**
 * The preview's address: the page with the draft stylesheet, or a starter template's (`template:{id}`; the server
 * renders it so for a signed-in editor).
 */
export const previewAddress = (path: string, preview = 'draft') => `${path}${path.includes('?') ? '&' : '?'}design-preview=${encodeURIComponent(preview)}`;

/**
 * The live preview of the real site: a same-origin frame of a storefront page, into which every change's compiled
 * stylesheet is put at once (no reload, no script in the storefront). A page loaded by a click inside the frame
 * gets the draft too (each load injects it again).
 */
export function DesignPreview({ css, preview = 'draft', label }: { css?: string; preview?: string; label?: string }) {
  const id = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const latestCss = useRef(css);
  // Without css (a template's preview) the server's own stylesheet for the preview is the page's: nothing is put in.
  latestCss.current = css;
  const pages = usePreviewPages();
  const [pageKey, setPageKey] = useState('home');
  const page: PreviewPage = pages.find((each) => each.key === pageKey) ?? pages[0]!;
  const [device, setDevice] = useState<'desktop' | 'phone'>(() => (typeof window !== 'undefined' && window.innerWidth < 600 ? 'phone' : 'desktop'));
  const stage = useRef<HTMLDivElement>(null);
  const [stageWidth, setStageWidth] = useState(0);

  const inject = useCallback(() => {
    const doc = frame.current?.contentDocument;
    // An error page or a page still loading has no head to style yet; its load event comes later.
    if (doc?.head && latestCss.current !== undefined) injectPreviewStyles(doc, latestCss.current);
  }, []);

  useEffect(inject, [css, inject]);

  useEffect(() => {
    if (!stage.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setStageWidth(entry?.contentRect.width ?? 0));
    observer.observe(stage.current);
    return () => observer.disconnect();
  }, []);

  const scale = device === 'desktop' && stageWidth > 0 ? Math.min(1, stageWidth / DEVICE_WIDTHS.desktop) : 1;
  const frameStyle =
    device === 'desktop'
      ? { width: `${DEVICE_WIDTHS.desktop}px`, height: `${STAGE_HEIGHT / scale}px`, transform: `scale(${scale})` }
      : { width: `${DEVICE_WIDTHS.phone}px`, height: `${STAGE_HEIGHT}px` };

  return (
    <section className="design-preview card" aria-labelledby={`${id}-heading`}>
      <div className="design-preview-head">
        <h2 id={`${id}-heading`}>{label ?? T.preview}</h2>
        <label className="design-preview-page">
          <span>{T.previewPage}</span>
          <select value={page.key} onChange={(event) => setPageKey(event.target.value)}>
            {pages.map((each) => (
              <option key={each.key} value={each.key}>
                {each.label}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label={T.device}>
          {(['desktop', 'phone'] as const).map((each) => (
            <button key={each} type="button" className="segment" aria-pressed={device === each} onClick={() => setDevice(each)}>
              {each === 'desktop' ? T.desktop : T.phone}
            </button>
          ))}
        </div>
      </div>
      <div ref={stage} className={`design-preview-stage design-preview-${device}`} style={device === 'desktop' ? { height: `${STAGE_HEIGHT}px` } : undefined}>
        {/* Same origin so the draft can be put into its document; the sandbox keeps a click inside from moving the editor's window. */}
        <iframe ref={frame} title={T.previewFrame(page.label)} src={previewAddress(page.path, preview)} className="design-preview-frame" style={frameStyle} sandbox="allow-same-origin allow-scripts allow-forms" onLoad={inject} />
      </div>
    </section>
  );
}
