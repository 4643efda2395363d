// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gallery } from './Gallery';
import { GALLERY_DEFAULTS, lightboxImageSize, resolveGallerySettings } from './gallery-settings';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const images = [
  { id: 'a', assetUrl: '/a.jpg', title: 'Harbour', description: 'Morning light' },
  { id: 'b', assetUrl: '/b.jpg', altText: 'Boats at rest' },
  { id: 'c', assetUrl: '/c.jpg', filename: 'c.jpg' },
];

describe('resolveGallerySettings', () => {
  it('has the spec defaults', () => {
    expect(resolveGallerySettings()).toEqual({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      controls: false,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'square-thumbs': true,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'show-meta-basic': true,
      'show-meta': true,
      'show-meta-only-title': false,
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      'max-width': 300,
      newWindow: false,
      transparentBackground: false,
    });
  });

  it.each([
    ['autoplay-duration', 0, 1],
    ['autoplay-duration', 11, 10],
    ['thumbnail-strip-height', -5, 0],
    ['thumbnail-strip-height', 201, 200],
    ['thumbnail-strip-margin', 61, 60],
    ['thumbnails-per-row', 0, 1],
    ['thumbnails-per-row', 11, 10],
    ['padding', 51, 50],
    ['max-width', 99, 100],
    ['max-width', 301, 300],
    ['padding', '12', 12],
  ] as const)('clamps %s=%s to %s', (key, value, expected) => {
    expect(resolveGallerySettings({ [key]: value })[key]).toBe(expected);
  });

  it('falls back to the default for unknown options and unreadable values', () => {
    const settings = resolveGallerySettings({ design: 'mosaic', 'aspect-ratio': '5:4', padding: 'wide', lightbox: 'yes' });
    expect(settings.design).toBe(GALLERY_DEFAULTS.design);
    expect(settings['aspect-ratio']).toBe('square');
    expect(settings.padding).toBe(20);
    expect(settings.lightbox).toBe(false);
  });

  it("reads 'carousel' as the slider design", () => {
    expect(resolveGallerySettings({ design: 'carousel' }).design).toBe('slider');
  });
});

describe('lightboxImageSize', () => {
  it('keeps an image that fits and shrinks one taller than the window to leave a 50 px margin', () => {
    expect(lightboxImageSize({ width: 400, height: 300 }, { width: 1000, height: 800 })).toEqual({ width: 400, height: 300 });
    expect(lightboxImageSize({ width: 1000, height: 2000 }, { width: 1200, height: 900 })).toEqual({ width: 400, height: 800 });
  });
});

describe('Gallery', () => {
  it('renders a grid by default with alt text fallbacks, the first image eager and the rest lazy', () => {
    render(<Gallery images={images} />);
    const region = screen.getByRole('region', { name: 'Gallery' });
    const imgs = within(region).getAllByRole('img');
    expect(imgs.map((img) => img.getAttribute('alt'))).toEqual(['Harbour', 'Boats at rest', 'c.jpg']);
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
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
});
