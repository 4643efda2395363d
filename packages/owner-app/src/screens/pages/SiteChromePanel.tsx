import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from '../../app/router';
import { Loading } from '../../ui/states';
import './site-chrome.css';

/**
 * The header and the footer in the page editor (issue 34 item 4): the outline shows "Header" above the page's blocks
 * and "Footer" below them; choosing one opens its settings in the editor's side panel, where a block's settings open.
 *
 * Decision: the header and the footer are the SITE's, drawn around every page, so they are not drafted with the page.
 * Their forms are the ones Settings → Announcement bar and Settings → Footer use, with the same explicit Save: a save
 * changes the live site at once (every page, published or not), and the panel says so. The preview reloads after each
 * save. Drafting them with a page would let two pages' drafts disagree about one footer.
 */

export type SiteChromePart = 'header' | 'footer';

// The settings forms are their own chunks (Settings loads them the same way): the editor pays for them when opened.
const AnnouncementSection = lazy(() => import('../settings/announcement/AnnouncementSection'));
const FooterSection = lazy(() => import('../settings/footer/FooterSection'));
const HeaderPlacement = lazy(() => import('./HeaderPlacement').then((module) => ({ default: module.HeaderPlacement })));

export const SITE_CHROME_TEXTS = {
  header: 'Header',
  footer: 'Footer',
  outlineHint: 'Shared by every page',
  settingsOf: (part: SiteChromePart) => `${part === 'header' ? 'Header' : 'Footer'} settings`,
  close: 'Close settings',
  siteWide: (part: SiteChromePart) => `The ${part} is shared by every page of the site: saving it here changes the live site at once. It is not part of this page’s draft, and Publish does not wait for it.`,
  announcement: 'Announcement bar',
  placement: 'Logo and menu placement',
  placementText: 'Also in ',
  placementLink: 'Design → Layout → Header',
  footerLayoutText: 'Columns, centred or one line: ',
  footerLayoutLink: 'Design → Layout → Footer',
  newsletter: 'Newsletter sign-up',
  newsletterText: 'The footer shows the site’s first newsletter form on every page; its fields are edited in ',
  newsletterLink: 'Forms',
  advanced: 'Your own HTML (advanced)',
  advancedText: 'HTML above the page or below the footer, sanitised when saved: ',
  advancedLink: 'Settings → Header and footer',
} as const;
const T = SITE_CHROME_TEXTS;

/** One outline entry: a button that opens the header's or the footer's settings; pressed while they are open. */
export function SiteChromeOutlineEntry({ part, open, onOpen }: { part: SiteChromePart; open: boolean; onOpen: (part: SiteChromePart) => void }) {
  const hintId = `pages-chrome-${part}-hint`;
  // Named "Header" / "Footer" alone; the hint is its description, not part of its name.
  return (
    <div className={`pages-chrome-entry pages-chrome-entry-${part}`}>
      <button type="button" className="pages-chrome-button" aria-pressed={open} aria-label={part === 'header' ? T.header : T.footer} aria-describedby={hintId} onClick={() => onOpen(part)}>
        <span className="pages-chrome-name">{part === 'header' ? T.header : T.footer}</span>
        <span className="pages-chrome-hint" id={hintId}>
          {T.outlineHint}
        </span>
      </button>
    </div>
  );
}

/**
 * The side panel of the header or the footer: the site-wide notice, then the forms (the announcement bar for the
 * header; columns, social links and legal text for the footer) and where the rest is set. Focus moves to its heading
 * when it opens, so a keyboard or screen-reader user lands on what they chose; Close gives it back to the outline.
 */
export function SiteChromePanel({ part, onClose, onSaved }: { part: SiteChromePart; onClose: () => void; onSaved: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [part]);
  const headingId = `pages-chrome-${part}-heading`;
  return (
    <section className="card pages-settings pages-panel pages-chrome-panel" aria-labelledby={headingId}>
      <div className="pages-settings-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {T.settingsOf(part)}
        </h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {T.close}
        </button>
      </div>
      <p className="pages-chrome-notice">{T.siteWide(part)}</p>
      <Suspense fallback={<Loading />}>
        {part === 'header' ? (
          <>
            <h3>{T.announcement}</h3>
            <AnnouncementSection onSaved={onSaved} />
            <h3>{T.placement}</h3>
            <HeaderPlacement onSaved={onSaved} />
            <p className="pages-muted">
              {T.placementText}
              <Link to="/config/design">{T.placementLink}</Link>.
            </p>
          </>
        ) : (
          <>
            <FooterSection onSaved={onSaved} />
            <h3>{T.newsletter}</h3>
            <p>
              {T.newsletterText}
              <Link to="/config/forms">{T.newsletterLink}</Link>.
            </p>
            <p>
              {T.footerLayoutText}
              <Link to="/config/design">{T.footerLayoutLink}</Link>.
            </p>
          </>
        )}
        <h3>{T.advanced}</h3>
        <p>
          {T.advancedText}
          <Link to="/config/settings/header-footer">{T.advancedLink}</Link>.
        </p>
      </Suspense>
    </section>
  );
}
