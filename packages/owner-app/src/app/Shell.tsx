import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBoot } from '../api/client';
import { useSignOut } from '../api/hooks';
import { APP_TEXTS, failureText } from '../ui/messages';
import { NavIcon } from '../ui/NavIcon';
import { Link, useLocation } from './router';
import { SCREENS, screenAt } from './screens';
import { WebsiteSwitcher } from './WebsiteSwitcher';

/**
 * The frame around every screen: the header (the site's name, a link to the site, the owner and sign-out),
 * the navigation (a column on a desktop; behind the Menu button on a phone), and the main region.
 */
export function Shell({ children }: { children: ReactNode }) {
  const boot = useBoot();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const signOut = useSignOut();

  const nav = useRef<HTMLElement>(null);

  // Following a link closes the phone's menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  // The phone's menu: opened, its first link takes the focus; Escape (wherever the focus is) closes it and gives the focus back to the button.
  useEffect(() => {
    if (!menuOpen) return;
    nav.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {APP_TEXTS.skipToContent}
      </a>
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          {APP_TEXTS.menu}
        </button>
        {boot.platformUrl ? (
          <WebsiteSwitcher platformUrl={boot.platformUrl} />
        ) : (
          <p className="site-name">
            <span className="site-mark" aria-hidden="true">
              {(boot.website.title.trim()[0] ?? 'V').toUpperCase()}
            </span>
            <span className="site-title">{boot.website.title}</span>
          </p>
        )}
        <div className="topbar-actions">
          <a className="topbar-link topbar-view-site" href="/" target="_blank" rel="noopener">
            {APP_TEXTS.viewSite}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <span className="owner-email" title={boot.owner.siteUser.email}>
            {boot.owner.siteUser.email}
          </span>
          <button type="button" className="button button-topbar" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? APP_TEXTS.signingOut : APP_TEXTS.signOut}
          </button>
        </div>
      </header>
      {signOut.isError ? (
        <p className="banner banner-error" role="alert">
          {failureText(signOut.error)}
        </p>
      ) : null}
      <div className="layout">
        <nav ref={nav} id={navId} className={menuOpen ? 'sidebar sidebar-open' : 'sidebar'} aria-label="Main">
          <ul>
            {SCREENS.map((screen) => (
              <li key={screen.path}>
                <Link to={screen.path} className="nav-link" current={screenAt(pathname)?.path === screen.path}>
                  <NavIcon path={screen.path} />
                  {screen.title}
                </Link>
              </li>
            ))}
            <li className="nav-extra">
              <a className="nav-link" href="/" target="_blank" rel="noopener">
                <NavIcon path="/" />
                {APP_TEXTS.viewSite}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
        <main id="main" className="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
