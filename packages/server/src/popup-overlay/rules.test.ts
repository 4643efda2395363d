import { describe, expect, it } from 'vitest';
import { POPUP_OVERLAY_MESSAGES, type PopupOverlayBody } from '@vitrine/contracts';
import { designErrors, isAllowedLink, popupShownOn } from './rules';

describe('isAllowedLink', () => {
  it('takes web addresses, paths on this site, mailto: and tel:, up to 2083 characters', () => {
    for (const url of ['https://example.com/sale', 'http://example.com', '/shop', '/shop?sort=new#top', 'mailto:hello@example.com', 'tel:+15551234567', `https://example.com/${'a'.repeat(2083 - 20)}`]) {
      expect(isAllowedLink(url), url).toBe(true);
    }
  });

  it('refuses scripts, data, other hosts through //, blanks, spaces and 2084 characters', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', '//evil.example', '/\\evil.example', '', '   ', 'https://', 'https://exa mple.com', 'mailto:', 'shop', `https://example.com/${'a'.repeat(2083 - 19)}`]) {
      expect(isAllowedLink(url), url).toBe(false);
    }
  });
});

describe('popupShownOn', () => {
  it('never on checkout or the owner app, whatever the choice', () => {
    for (const pages of ['all', 'home', 'not-cart'] as const) {
      for (const path of ['/checkout', '/checkout/', '/checkout/order-confirmed', '/checkout/gift-card?x=1', '/config', '/config/popup']) {
        expect(popupShownOn(pages, path), `${pages} ${path}`).toBe(false);
      }
    }
  });

  it('all: every other page; home: / alone; not-cart: all but /cart', () => {
    expect(['/', '/shop', '/cart', '/contact'].map((path) => popupShownOn('all', path))).toEqual([true, true, true, true]);
    expect(['/', '/?utm=x', '/shop', '/cart'].map((path) => popupShownOn('home', path))).toEqual([true, true, false, false]);
    expect(['/', '/shop', '/cart', '/cart/', '/checkouts'].map((path) => popupShownOn('not-cart', path))).toEqual([true, true, false, false, true]);
  });
});

describe('designErrors', () => {
  const base: PopupOverlayBody = {
    enabled: true, layout: 'none', heading: 'Hi', body: '', imageId: null, action: 'button', buttonLabel: 'Shop', buttonUrl: '/shop',
    formId: null, trigger: 'delay', delaySeconds: 3, scrollPercent: 50, position: 'CENTER_CENTER', pages: 'all', overlayColor: '#000000', overlayOpacity: 50,
  };

  it('a complete button popup has none', () => {
    expect(designErrors(base)).toEqual({});
  });

  it('an image layout needs an image, a button a label and a link, a newsletter a form', () => {
    expect(designErrors({ ...base, layout: 'image-left', buttonLabel: '  ', buttonUrl: 'javascript:alert(1)' })).toEqual({
      imageId: POPUP_OVERLAY_MESSAGES.imageRequired,
      buttonLabel: POPUP_OVERLAY_MESSAGES.buttonLabel,
      buttonUrl: POPUP_OVERLAY_MESSAGES.buttonUrl,
    });
    expect(designErrors({ ...base, action: 'newsletter', buttonLabel: '', buttonUrl: '' })).toEqual({ formId: POPUP_OVERLAY_MESSAGES.formRequired });
  });
});
