import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPE_NAMES,
  BillingPeriodUnit,
  BlockType,
  BlockVariant,
  CollectionType,
  ContributorRole,
  FeatureFlag,
  isEnumValue,
  LIKERT_LABELS,
  PageType,
  POSITIONS,
  ProductType,
  RecordType,
  SliceType,
  WebsiteStatus,
} from './enumerations';
import { defaultGallerySettings, GALLERY_SETTINGS, resolveGallerySettings } from './gallery';

describe('enumerations of platform.md §2–3', () => {
  it.each([
    [ProductType, { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 }],
    [BillingPeriodUnit, { WEEK: 'WEEK', MONTH: 'MONTH', YEAR: 'YEAR' }],
    [
      WebsiteStatus,
      {
        EXPIRED: 1, PAST_DUE: 2, TRIAL: 3, BETA: 4, REMOVED: 5, INTERNAL: 6, COMPED: 7, PAID: 8,
        PARKING_PAGE: 12, RESOLD: 13, GRACE_PERIOD: 14, ENTERPRISE: 15,
      },
    ],
    [
      ContributorRole,
      {
        ADMIN: 1, BILLING: 2, REPORTING: 3, EDITOR: 4, MODERATOR: 6, COMMENTER: 7, STORE_MANAGER: 8,
        SCHEDULING: 9, VIEWER: 10, CAMPAIGNS_EDITOR: 11, SCHEDULING_VIEWER: 12, SCHEDULING_EDITOR: 13,
        NONE: 14, WEBSITE_MANAGER: 15,
      },
    ],
    [
      FeatureFlag,
      {
        SITE_USER_ACCOUNTS: 29, GIFT_CARDS: 40, COMMERCE_SUBSCRIPTIONS: 50, AFTERPAY: 64,
        NATIVE_PRODUCT_REVIEWS: 66, CLEARPAY: 68, KLARNA: 70,
      },
    ],
  ])('%#: exact members', (enumeration, expected) => {
    expect(enumeration).toEqual(expected);
  });

  it.each([
    [PageType.MAIN_CONTENT, 1], [PageType.CONTENT_ITEM, 50], [PageType.NOT_FOUND, 100],
    [PageType.MEMBER_AREA_ACCESS_DENIED, 106], [PageType.SHOW_CART, 200], [PageType.CHECKOUT, 201],
    [PageType.ORDER_CONFIRMED, 202], [PageType.ORDER_STATUS, 211], [PageType.COMMERCE_EMAIL_PREVIEW, 301],
    [BlockType.COMMENTS, 16], [BlockType.AUDIO, 41], [BlockType.PRODUCT, 43], [BlockType.ZOLA, 63],
    [BlockType.ACUITY, 65], [BlockType.ACCORDION, 69],
    [CollectionType.PAGE, 10], [CollectionType.PRODUCTS, 13], [CollectionType.ALBUM_BLOCK, 18], [CollectionType.COURSE, 25],
    [RecordType.QUOTE, 4], [RecordType.STORE_ITEM, 11], [RecordType.KBARTICLE, 54],
    [SliceType.HEADING, 1], [SliceType.BODY, 3], [SliceType.TWITTER, 19],
    [BlockVariant.GALLERY_SLIDESHOW, 1000], [BlockVariant.GALLERY_CAROUSEL, 1002], [BlockVariant.EVENTS, 1019],
  ])('%i is %i', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has unique codes within each numeric enumeration', () => {
    for (const enumeration of [PageType, BlockType, CollectionType, RecordType, SliceType, BlockVariant, WebsiteStatus, ContributorRole]) {
      const values = Object.values(enumeration);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('names block types the way templates spell them', () => {
    expect(BLOCK_TYPE_NAMES[BlockType.SOCIALACCOUNTLINKS_V2]).toBe('socialaccountlinks-v2');
    expect(BLOCK_TYPE_NAMES[BlockType.IN_BROWSER_MESSAGE_LINK]).toBe('in-browser-message-link');
    expect(BLOCK_TYPE_NAMES[BlockType.PRODUCT]).toBe('product');
  });

  it('checks untyped values against an enumeration', () => {
    expect(isEnumValue(ProductType, 5)).toBe(true);
    expect(isEnumValue(ProductType, 6)).toBe(false);
    expect(isEnumValue(ProductType, '1')).toBe(false);
  });

  it('lays out the 3×3 positions and the Likert scale', () => {
    expect(POSITIONS).toEqual([
      'TOP_LEFT', 'TOP_CENTER', 'TOP_RIGHT', 'CENTER_LEFT', 'CENTER_CENTER', 'CENTER_RIGHT',
      'BOTTOM_LEFT', 'BOTTOM_CENTER', 'BOTTOM_RIGHT',
    ]);
    expect(LIKERT_LABELS['-2']).toBe('Strongly Disagree');
    expect(LIKERT_LABELS['2']).toBe('Strongly Agree');
  });
});

describe('gallery settings (storefront.md §9)', () => {
  it('has the spec defaults', () => {
    expect(defaultGallerySettings()).toEqual({
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
    ['autoplay-duration', 1, 10],
    ['thumbnail-strip-height', 0, 200],
    ['thumbnail-strip-margin', 0, 60],
    ['thumbnails-per-row', 1, 10],
    ['padding', 0, 50],
    ['max-width', 100, 300],
  ] as const)('%s ranges over %i..%i and clamps into it', (name, min, max) => {
    expect(GALLERY_SETTINGS[name]).toMatchObject({ min, max });
    expect(resolveGallerySettings({ [name]: min - 1 })[name]).toBe(min);
    expect(resolveGallerySettings({ [name]: max + 1 })[name]).toBe(max);
    expect(resolveGallerySettings({ [name]: String(max) })[name]).toBe(max);
  });

  it('accepts only listed options', () => {
    expect(GALLERY_SETTINGS['aspect-ratio'].options).toEqual([
      'square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen',
    ]);
    expect(GALLERY_SETTINGS['meta-position'].options).toEqual([
      'top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right',
    ]);
    const resolved = resolveGallerySettings({
      design: 'carousel',
      'aspect-ratio': 'widescreen',
      'meta-position': 'middle',
      lightboxTheme: 'light',
      'active-alignment': 'left',
      autoplay: 'true',
      lightbox: 'yes',
      extra: 1,
    });
    expect(resolved).toMatchObject({
      design: 'slider',
      'aspect-ratio': 'widescreen',
      'meta-position': 'bottom',
      lightboxTheme: 'light',
      'active-alignment': 'left',
      autoplay: true,
      lightbox: false,
    });
    expect(resolved).not.toHaveProperty('extra');
  });
});
