// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupOverlay, type PopupOverlayProps } from './PopupOverlay';
import { POPUP_FORM_BLOCK_ID, PopupOverlayView } from './PopupOverlayView';
import { overlayBackground } from './PopupOverlayCard';
import { popupShouldShow, popupStorageKey, scrolledPercent } from './popup-overlay-rules';

const SITE = 'site_1';
const key = (name: 'date-closed' | 'version' | 'submitted') => `vitrine:popup-overlay:${SITE}:${name}`;

function popup(overrides: Partial<PopupOverlayProps['popup']> = {}): PopupOverlayProps['popup'] {
  return {
    websiteId: SITE,
    version: 3,
    layout: 'none',
    heading: 'Ten percent off',
    body: 'Join the list.',
    image: null,
    action: { kind: 'button', label: 'Shop the sale', url: '/shop' },
    trigger: { kind: 'delay', seconds: 5 },
    position: 'CENTER_CENTER',
    overlayColor: '#000000',
    overlayOpacity: 50,
    ...overrides,
  };
}

let views: Event[];
const onView = (event: Event) => views.push(event);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  views = [];
  document.addEventListener('vitrine:overlay-view', onView);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('vitrine:overlay-view', onView);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function elapse(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('the stored keys (platform §9: date-closed, version, submitted)', () => {
  it('are the spec names behind a per-website prefix', () => {
    expect(popupStorageKey('site_1', 'date-closed')).toBe('vitrine:popup-overlay:site_1:date-closed');
    expect(popupStorageKey('site_1', 'version')).toBe('vitrine:popup-overlay:site_1:version');
    expect(popupStorageKey('site_1', 'submitted')).toBe('vitrine:popup-overlay:site_1:submitted');
  });

  it('show: nothing stored; closed at another version. Hide: closed at this version; submitted at any; no storage', () => {
    expect(popupShouldShow(localStorage, SITE, 3)).toBe(true);
    localStorage.setItem(key('date-closed'), '2026-11-24T03:00:00.000Z');
    localStorage.setItem(key('version'), '2');
    expect(popupShouldShow(localStorage, SITE, 3)).toBe(true);
    expect(popupShouldShow(localStorage, SITE, 2)).toBe(false);
    expect(popupShouldShow(localStorage, 'site_2', 2)).toBe(true);
    localStorage.setItem(key('submitted'), 'true');
    expect(popupShouldShow(localStorage, SITE, 3)).toBe(false);
    expect(popupShouldShow(null, SITE, 3)).toBe(false);
    const throwing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined };
    expect(popupShouldShow(throwing, 'other', 1)).toBe(false);
  });

  it('scroll depth: how much of the page has been seen; a short page is all seen', () => {
    expect(scrolledPercent(0, 800, 4000)).toBe(20);
    expect(scrolledPercent(1200, 800, 4000)).toBe(50);
    expect(scrolledPercent(0, 800, 600)).toBe(100);
  });

  it('the overlay colour with its opacity', () => {
    expect(overlayBackground('#1A2B3C', 40)).toBe('rgba(26, 43, 60, 0.4)');
    expect(overlayBackground('red', 100)).toBe('rgba(0, 0, 0, 1)');
  });
});

describe('PopupOverlay island', () => {
  it('renders nothing on the server (the page HTML carries no popup)', () => {
    expect(renderToString(<PopupOverlay popup={popup()} />)).toBe('');
  });

  it('after its delay, a modal dialog named by its heading, focus inside, and one overlay-view event', async () => {
    render(<PopupOverlayView popup={popup()} />);
    await elapse(4999);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(views).toHaveLength(0);
    await elapse(1);
    const dialog = screen.getByRole('dialog', { name: 'Ten percent off' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Join the list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop the sale' }).getAttribute('href')).toBe('/shop');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(views).toHaveLength(1);
    expect((views[0] as CustomEvent).detail).toEqual({ overlayId: 'popup-overlay-3' });
  });

  it('Escape closes it, remembers date-closed and the version, and gives focus back', async () => {
    const before = document.createElement('button');
    before.textContent = 'Before';
    document.body.append(before);
    before.focus();
    vi.setSystemTime(new Date('2026-11-24T03:30:00.000Z'));
    render(<PopupOverlayView popup={popup()} />);
    await elapse(5000);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(key('date-closed'))).toBe('2026-11-24T03:30:05.000Z');
    expect(localStorage.getItem(key('version'))).toBe('3');
    expect(localStorage.getItem(key('submitted'))).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('the close button and a click outside the panel close it too; then the same version stays closed', async () => {
    const first = render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    localStorage.clear();
    const second = render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    fireEvent.click(document.querySelector('.vitrine-popup-overlay')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(key('version'))).toBe('3');
    second.unmount();
    render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(views).toHaveLength(2);
  });

  it('a new version shows again after a close; a submission never', async () => {
    localStorage.setItem(key('date-closed'), '2026-11-20T10:00:00.000Z');
    localStorage.setItem(key('version'), '2');
    const shown = render(<PopupOverlayView popup={popup({ version: 3 })} />);
    await elapse(5000);
    expect(screen.getByRole('dialog')).toBeTruthy();
    shown.unmount();
    localStorage.setItem(key('submitted'), 'true');
    render(<PopupOverlayView popup={popup({ version: 4 })} />);
    await elapse(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the newsletter form inside it: a successful submission of its block remembers submitted', async () => {
    render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    window.dispatchEvent(new CustomEvent('vitrine:form-submit-success', { detail: { formId: 'f1', blockId: 'footer-newsletter' } }));
    expect(localStorage.getItem(key('submitted'))).toBeNull();
    window.dispatchEvent(new CustomEvent('vitrine:form-submit-success', { detail: { formId: 'f1', blockId: POPUP_FORM_BLOCK_ID } }));
    expect(localStorage.getItem(key('submitted'))).toBe('true');
    expect(popupShouldShow(localStorage, SITE, 99)).toBe(false);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    const close = screen.getByRole('button', { name: 'Close' });
    const link = screen.getByRole('link', { name: 'Shop the sale' });
    link.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(link);
  });

  it('with a scroll trigger, waits until the page is read down to its percent', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    render(<PopupOverlayView popup={popup({ trigger: { kind: 'scroll', percent: 50 } })} />);
    await elapse(30_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    scrollY = 1000;
    await act(async () => void window.dispatchEvent(new Event('scroll')));
    expect(screen.queryByRole('dialog')).toBeNull();
    scrollY = 1200;
    await act(async () => void window.dispatchEvent(new Event('scroll')));
    expect(screen.getByRole('dialog', { name: 'Ten percent off' })).toBeTruthy();
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  it('fades in, unless the visitor prefers reduced motion', async () => {
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { configurable: true, value: animate });
    const reduce = (matches: boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: matches && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList);
    reduce(false);
    const first = render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    expect(animate).toHaveBeenCalledTimes(1);
    first.unmount();
    localStorage.clear();
    reduce(true);
    render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(animate).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(HTMLElement.prototype, 'animate');
  });

  it('the island shell loads the popup after hydration', async () => {
    render(<PopupOverlay popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Ten percent off' })).toBeTruthy();
  });

  it('shows nothing when the storage cannot be read (private modes)', async () => {
    const getItem = vi.spyOn(localStorage, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const first = render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    getItem.mockRestore();
    // Reaching localStorage at all throws (storage turned off).
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    render(<PopupOverlayView popup={popup({ trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(views).toHaveLength(0);
  });

  it('writes hostile text as text, and an image layout with its picture and alt text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    render(<PopupOverlayView popup={popup({ heading: hostile, layout: 'image-left', image: { url: '/images/i1/a.png', alt: 'A linen shirt' }, trigger: { kind: 'delay', seconds: 0 } })} />);
    await elapse(0);
    expect(screen.getByRole('dialog', { name: hostile })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A linen shirt' }).getAttribute('src')).toBe('/images/i1/a.png');
    expect(document.querySelectorAll('img')).toHaveLength(1);
  });
});
