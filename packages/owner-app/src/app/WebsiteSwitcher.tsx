import { useQuery } from '@tanstack/react-query';
import type { listOwnerWebsitesContract, OwnerWebsitesReply } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useEffect, useId, useRef, useState } from 'react';
import { useBoot, useOwnerClient } from '../api/client';
import { failureText } from '../ui/messages';

/**
 * The website switcher (issue 32): in platform mode the site's name in the top bar is a button that opens the list of
 * the websites the owner's platform account works on, each with its role; choosing one goes to the platform's
 * `/websites/{id}/open`, which signs the owner in on that website's own host through a one-time hand-off (no cookie
 * is shared across hosts). With one website (no platform) the shell shows the plain name instead.
 */

export const SWITCHER_ROUTES = {
  websites: callRoute<typeof listOwnerWebsitesContract>('GET', '/api/owner/websites'),
} as const;

export const SWITCHER_TEXTS = {
  button: 'Switch website',
  current: 'this website',
  loading: 'Loading your websites…',
  all: 'All your websites',
  create: 'Create a website',
} as const;

/** 'storeManager' → 'store manager'. */
const roleWords = (roleName: string) => roleName.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

export function WebsiteSwitcher({ platformUrl }: { platformUrl: string }) {
  const boot = useBoot();
  const client = useOwnerClient();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const websites = useQuery<OwnerWebsitesReply>({
    queryKey: ['owner', 'websites'],
    queryFn: () => client.call(SWITCHER_ROUTES.websites) as Promise<OwnerWebsitesReply>,
    staleTime: 5 * 60_000,
    enabled: open,
  });

  // Open: the first website link takes the focus; Escape or a click outside closes it (Escape gives the focus back).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  useEffect(() => {
    if (open && websites.data) panel.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open, websites.data]);

  const title = boot.website.title;
  return (
    <div className="switcher">
      <button
        ref={button}
        type="button"
        className="site-name switcher-button"
        aria-expanded={open}
        aria-controls={panelId}
        // The visible name first (WCAG 2.5.3, label in name), then what the button does.
        aria-label={`${title}, ${SWITCHER_TEXTS.button}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="site-mark" aria-hidden="true">
          {(title.trim()[0] ?? 'V').toUpperCase()}
        </span>
        <span className="site-title">{title}</span>
        <span className="switcher-caret" aria-hidden="true" />
      </button>
      <div ref={panel} id={panelId} className="switcher-panel" hidden={!open}>
        {websites.isError ? (
          <p className="switcher-state" role="alert">
            {failureText(websites.error)}
          </p>
        ) : !websites.data ? (
          <p className="switcher-state" role="status">
            {SWITCHER_TEXTS.loading}
          </p>
        ) : (
          <ul className="switcher-list" aria-label="Your websites">
            {websites.data.websites.map((website) => (
              <li key={website.websiteId}>
                {website.current || !website.openUrl ? (
                  <span className="switcher-site switcher-current" aria-current="true">
                    <span className="switcher-site-name">{website.title}</span>
                    <span className="switcher-site-role">
                      {roleWords(website.roleName)} · {SWITCHER_TEXTS.current}
                    </span>
                  </span>
                ) : (
                  <a className="switcher-site" href={website.openUrl}>
                    <span className="switcher-site-name">{website.title}</span>
                    <span className="switcher-site-role">{roleWords(website.roleName)}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
        <p className="switcher-more">
          <a href={`${platformUrl}/websites`}>{SWITCHER_TEXTS.all}</a>
          <a href={`${platformUrl}/websites/new`}>{SWITCHER_TEXTS.create}</a>
        </p>
      </div>
    </div>
  );
}
