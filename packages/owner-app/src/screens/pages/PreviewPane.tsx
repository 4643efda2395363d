import { useState } from 'react';
import type { ContentTarget } from './content-api';
import { PAGES_TEXTS as T } from './texts';

/** The preview's address: the server's real theme rendering of the draft (the published body when there is none). */
export const previewUrl = (target: ContentTarget, id: string, revision: number) => `/config/preview/${target === 'page' ? 'pages' : 'items'}/${encodeURIComponent(id)}?r=${revision}`;

/**
 * The live preview: an iframe of the page as visitors will see it, reloaded after each autosave (`revision`
 * changes its address), at desktop width or a 390 px phone's (platform §3's device views).
 */
export function PreviewPane({ target, id, title, revision }: { target: ContentTarget; id: string; title: string; revision: number }) {
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
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
      <div className={`pages-preview-stage pages-preview-${device}`}>
        {/* Sandboxed: the page's own scripts run (its islands), but a click in it cannot take the editor's window elsewhere or submit a form. */}
        <iframe title={T.previewFrame(title)} src={previewUrl(target, id, revision)} className="pages-preview-frame" sandbox="allow-same-origin allow-scripts" />
      </div>
    </section>
  );
}
