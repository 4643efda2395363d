import { useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/*
 * The app's router: the History API and a handful of flat paths under /config, which is all the owner app
 * needs (a screen per path, its state in the query string). A library router (react-router 7: about 20 KB
 * brotli, and not among the versions STACK.md verified) would bring nested layouts, loaders and actions the
 * app does not use; TanStack Query already loads the data. The server answers the app for every /config path,
 * so a reload or a shared link opens the same screen.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Set by navigate(): the next screen's heading takes the focus (not on the first load, where the page starts at the top). */
let focusNextHeading = false;

export function takeHeadingFocus(): boolean {
  const take = focusNextHeading;
  focusNextHeading = false;
  return take;
}

/** Goes to an address of the app without a page load (`replace` for changes of the query string alone). */
export function navigate(to: string, options: { replace?: boolean; focus?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  focusNextHeading = options.focus ?? !options.replace;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener): () => void {
  const onPopState = () => {
    focusNextHeading = true;
    listener();
  };
  listeners.add(listener);
  window.addEventListener('popstate', onPopState);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', onPopState);
  };
}

const currentHref = () => window.location.pathname + window.location.search;

export interface AppLocation {
  /** Without a trailing slash: '/config/orders'. */
  pathname: string;
  search: URLSearchParams;
}

/** A path without trailing slashes ('/config/' → '/config'). */
export const normalPath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, currentHref, () => '/config');
  return useMemo(() => {
    const url = new URL(href, 'http://owner.invalid');
    return { pathname: normalPath(url.pathname), search: url.searchParams };
  }, [href]);
}

/**
 * The part of an address beneath its screen's path (screens are `/config/<name>`), as decoded segments:
 * `/config/orders/ord_1` → ['ord_1'].
 */
export function subPathOf(pathname: string): string[] {
  return normalPath(pathname)
    .split('/')
    .slice(3)
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** The current address beneath its screen's path, decoded: on `/config/orders/ord_1`, ['ord_1']. */
export function useSubPath(): string[] {
  const { pathname } = useLocation();
  return useMemo(() => subPathOf(pathname), [pathname]);
}

/** Replaces the query string of the current address (a screen's state: the dashboard's range). */
export function setSearch(pathname: string, search: URLSearchParams): void {
  const query = search.toString();
  navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Marks the link as the current page; by default, when it points at the current path exactly. */
  current?: boolean;
  children: ReactNode;
}

/** An ordinary link (a new tab, a copied address work as usual) that a plain click follows without a page load. */
export function Link({ to, children, onClick, current: currentGiven, ...rest }: LinkProps) {
  const { pathname } = useLocation();
  const current = currentGiven ?? normalPath(new URL(to, 'http://owner.invalid').pathname) === pathname;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} aria-current={current ? 'page' : undefined} {...rest}>
      {children}
    </a>
  );
}
