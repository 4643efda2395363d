// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gallery, gallerySizes } from './Gallery';
import { lightboxImageSize } from './lightbox-size';
import { resolveGallerySettings } from '@vitrine/format';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const images = [
  { id: 'a', assetUrl: '/a.jpg', title: 'Harbour', description: 'Morning light' },
  { id: 'b', assetUrl: '/b.jpg', altText: 'Boats at rest' },
  { id: 'c', assetUrl: '/c.jpg', filename: 'c.jpg' },
];

describe('Gallery settings (defaults and ranges of spec §9)', () => {
  const region = () => screen.getByRole('region', { name: 'Gallery' });
  const cssVar = (name: string) => region().style.getPropertyValue(name);

  it('uses the defaults: grid, 4 per row, 20 px padding, square crop, 300 px max width, no lightbox', () => {
    render(<Gallery images={images} />);
    expect(region().className).toBe('vitrine-gallery vitrine-gallery--grid vitrine-gallery--meta-bottom vitrine-gallery--crop');
    expect([cssVar('--gallery-columns'), cssVar('--gallery-padding'), cssVar('--gallery-aspect-ratio'), cssVar('--gallery-max-width')])
      .toEqual(['4', '20px', '1', '300px']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    [{ 'thumbnails-per-row': 11, padding: 51, 'max-width': 99 }, ['10', '50px', '100px']],
    [{ 'thumbnails-per-row': 0, padding: -1, 'max-width': 301 }, ['1', '0px', '300px']],
    [{ 'thumbnails-per-row': '6', padding: 'wide', 'max-width': 200 }, ['6', '20px', '200px']],
  ])('clamps %o into range', (settings, expected) => {
    render(<Gallery images={images} settings={settings} />);
    expect([cssVar('--gallery-columns'), cssVar('--gallery-padding'), cssVar('--gallery-max-width')]).toEqual(expected);
  });

  it('reads the aspect ratio, meta position and transparency', () => {
    render(<Gallery images={images} settings={{ 'aspect-ratio': 'widescreen', 'meta-position': 'top-left', 'auto-crop': false, transparentBackground: true }} />);
    expect(cssVar('--gallery-aspect-ratio')).toBe(String(16 / 9));
    expect(region().className).toBe('vitrine-gallery vitrine-gallery--grid vitrine-gallery--meta-top-left vitrine-gallery--transparent');
  });

  it("falls back to the grid for an unknown design and reads 'carousel' as the slider", () => {
    render(<Gallery images={images} settings={{ design: 'mosaic' }} />);
    expect(region().className).toContain('vitrine-gallery--grid');
    cleanup();
    render(<Gallery images={images} settings={{ design: 'carousel' }} />);
    expect(region().className).toContain('vitrine-gallery--slider');
  });

  it('stacks images in the stacked design', () => {
    render(<Gallery images={images} settings={{ design: 'stacked' }} />);
    expect(region().className).toContain('vitrine-gallery--stacked');
    expect(within(region()).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('gallerySizes', () => {
  it('asks for a picture as wide as its share of the row, the whole window for one-at-a-time designs', () => {
    const sizes = (settings: Record<string, unknown>) => gallerySizes(resolveGallerySettings(settings));
    expect(sizes({})).toBe('(max-width: 760px) 34vw, 25vw');
    expect(sizes({ 'thumbnails-per-row': 2 })).toBe('(max-width: 760px) 50vw, 50vw');
    expect(sizes({ design: 'stacked' })).toBe('(max-width: 760px) 100vw, 100vw');
    expect(sizes({ design: 'slideshow' })).toBe('100vw');
  });
});

describe('lightboxImageSize', () => {
  it('keeps an image that fits and shrinks one taller than the window to leave a 50 px margin', () => {
    expect(lightboxImageSize({ width: 400, height: 300 }, { width: 1000, height: 800 })).toEqual({ width: 400, height: 300 });
    expect(lightboxImageSize({ width: 1000, height: 2000 }, { width: 1200, height: 900 })).toEqual({ width: 400, height: 800 });
  });
});

describe('Gallery', () => {
  it('loads only its first picture at once, with high priority, when it leads the page', () => {
    render(<Gallery images={images} priority />);
    const imgs = [...screen.getByRole('region', { name: 'Gallery' }).querySelectorAll('img')];
    expect(imgs.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('renders a grid by default with alt text fallbacks, every image lazy', () => {
    render(<Gallery images={images} />);
    const region = screen.getByRole('region', { name: 'Gallery' });
    // A picture with no text of its own is decorative (alt ""), never named by its file name (issue 31 item 5).
    const imgs = [...region.querySelectorAll('img')];
    expect(imgs.map((img) => img.getAttribute('alt'))).toEqual(['Harbour', 'Boats at rest', '']);
    expect(within(region).getAllByRole('img')).toHaveLength(2);
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy']);
    expect(region.className).toContain('vitrine-gallery--grid');
    expect(region.style.getPropertyValue('--gallery-columns')).toBe('4');
    expect(screen.getByText('Morning light')).toBeTruthy();
  });

  it('shows only titles with show-meta-only-title', () => {
    render(<Gallery images={images} settings={{ 'show-meta-only-title': true }} />);
    expect(screen.getByText('Harbour')).toBeTruthy();
    expect(screen.queryByText('Morning light')).toBeNull();
  });

  it('opens the lightbox from an image and steps through by keyboard, closing on Escape', () => {
    render(<Gallery images={images} settings={{ lightbox: true, lightboxTheme: 'light' }} />);
    const opener = screen.getByRole('button', { name: 'Harbour' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Harbour' });
    expect(dialog.className).toContain('vitrine-lightbox--light');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Boats at rest' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('steps by a horizontal touch swipe in the lightbox and in a slideshow; a mouse drag or a short move does not', () => {
    const swipe = (target: Element, fromX: number, toX: number, pointerType = 'touch') => {
      fireEvent.pointerDown(target, { pointerId: 1, pointerType, isPrimary: true, clientX: fromX, clientY: 100 });
      fireEvent.pointerUp(target, { pointerId: 1, pointerType, isPrimary: true, clientX: toX, clientY: 105 });
    };
    render(<Gallery images={images} settings={{ lightbox: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Harbour' }));
    const stage = () => document.querySelector('.vitrine-lightbox-stage')!;
    swipe(stage(), 300, 100);
    expect(screen.getByRole('dialog', { name: 'Boats at rest' })).toBeTruthy();
    swipe(stage(), 100, 300);
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeTruthy();
    swipe(stage(), 300, 100, 'mouse');
    swipe(stage(), 300, 280);
    expect(screen.getByRole('dialog', { name: 'Harbour' })).toBeTruthy();
    cleanup();

    render(<Gallery images={images} settings={{ design: 'slideshow' }} />);
    swipe(screen.getByRole('group', { name: 'Gallery' }), 300, 100);
    const visible = screen.getAllByRole('group', { name: /of 3/ }).filter((slide) => !slide.hidden);
    expect(visible.map((slide) => slide.getAttribute('aria-label'))).toEqual(['2 of 3']);
  });

  it('makes images links when there is no lightbox, in a new window when asked', () => {
    render(<Gallery images={[{ id: 'a', assetUrl: '/a.jpg', title: 'A', clickthroughUrl: '/about' }]} settings={{ newWindow: true }} />);
    const link = screen.getByRole('link', { name: 'A' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/about', '_blank']);
  });

  it('a slideshow shows one slide, with controls and a thumbnail strip when enabled', () => {
    render(<Gallery images={images} settings={{ design: 'slideshow', controls: true, thumbnails: true, 'thumbnail-strip-height': 60 }} />);
    const visible = () => screen.getAllByRole('group', { name: /of 3/ }).filter((slide) => !slide.hidden);
    expect(visible().map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(visible().map((slide) => slide.getAttribute('aria-label'))).toEqual(['2 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(visible().map((slide) => slide.getAttribute('aria-label'))).toEqual(['3 of 3']);
    const strip = document.querySelector<HTMLElement>('.vitrine-gallery-thumbs')!;
    expect([strip.style.height, strip.style.marginTop]).toEqual(['60px', '20px']);
  });

  it('a carousel (slider) never shows the thumbnail strip', () => {
    render(<Gallery images={images} settings={{ design: 'slider', thumbnails: true }} />);
    expect(document.querySelector('.vitrine-gallery-thumbs')).toBeNull();
  });

  it('autoplay advances every autoplay-duration seconds and can be paused', () => {
    vi.useFakeTimers();
    render(<Gallery images={images} settings={{ design: 'slideshow', autoplay: true, 'autoplay-duration': 2 }} />);
    const current = () => screen.getAllByRole('group', { name: /of 3/ }).find((slide) => !slide.hidden)?.getAttribute('aria-label');
    act(() => vi.advanceTimersByTime(1999));
    expect(current()).toBe('1 of 3');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(10000));
    expect(current()).toBe('2 of 3');
  });

  it('starts paused for shoppers who prefer reduced motion', () => {
    vi.useFakeTimers();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as typeof window.matchMedia;
    try {
      render(<Gallery images={images} settings={{ design: 'slideshow', autoplay: true, 'autoplay-duration': 1 }} />);
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.getAllByRole('group', { name: /of 3/ }).find((slide) => !slide.hidden)?.getAttribute('aria-label')).toBe('1 of 3');
      expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });
});
