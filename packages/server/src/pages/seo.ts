import { isVariantInStock } from '@vitrine/commerce/product';
import { imageAltText, truncate } from '@vitrine/format';
import type { PageTemplateName } from '@vitrine/theme';
import type { Website } from '../db/schema';
import type { ProductItemJson } from '../catalog';
import type { BasePageContext, CollectionJson } from './contexts';
import { socialImageOf } from './identity-view';

/**
 * What a page tells search engines and link previews: its description, the Open Graph and Twitter
 * card fields, and for a product the schema.org Product it sells. The layout prints every field
 * escaped; the structured data goes into a `<script type="application/ld+json">` block written by
 * the `json-ld` formatter (rendering/json-ld.ts).
 */
export interface PageSeo {
  /** The meta description and og/twitter description; '' leaves them out. */
  description: string;
  /** og:title and twitter:title: the page's own title, or the site title on the home page. */
  title: string;
  siteName: string;
  /** 'product' on product pages, 'article' on posts and events, else 'website'. */
  ogType: 'product' | 'article' | 'website';
  /** The page's absolute address, without its query. */
  url: string;
  /** The absolute address of the main image, when the page has one. */
  image?: string;
  imageAlt?: string;
  twitterCard: 'summary' | 'summary_large_image';
  /**
   * Pages a search engine should list (home, stores, products) name their address as canonical; the
   * others (cart, checkout, confirmation, gift card, search results, not found) ask not to be indexed:
   * they are per visitor, and an order's link must not end up in an index.
   */
  canonical?: string;
  noindex?: true;
  /** A blog's RSS feed (`<link rel="alternate" type="application/rss+xml">`) and its title. */
  feedUrl?: string;
  feedTitle?: string;
  /** A paginated list's neighbours (`<link rel="prev">` / `<link rel="next">`). */
  prevUrl?: string;
  nextUrl?: string;
}

/** The pages worth listing in a search engine. */
const INDEXED: ReadonlySet<PageTemplateName> = new Set(['home', 'collection', 'item', 'page', 'blog', 'post', 'events', 'event', 'gallery']);

/** What the site editor's pages carry for SEO (pages/content-pages.ts): their own SEO fields, a post's image. */
interface ContentSeoFields {
  contentPage?: { seoDescription?: string; description?: string; fullUrl?: string };
  collection?: { seoDescription?: string; description?: string; title?: string; typeName?: string };
  item?: { seoDescription?: string; excerpt?: string; image?: { src: string; alt: string } };
  feedUrl?: string;
  pagination?: { page?: number; previousPageUrl?: string; nextPageUrl?: string };
}

/** The SEO fields of a site editor page (page, blog, post, events, event, gallery); undefined for the shop's pages. */
function contentSeoOf(template: PageTemplateName, page: ContentSeoFields, site: string): Pick<PageSeo, 'description' | 'ogType' | 'image' | 'imageAlt' | 'feedUrl' | 'feedTitle' | 'prevUrl' | 'nextUrl'> | undefined {
  const own = ownDescription;
  switch (template) {
    case 'page':
      // The home page (the owner's, at /) is described like the site, as the store's home was.
      return { description: page.contentPage?.fullUrl === '/' ? site || own(page.contentPage) : own(page.contentPage) || site, ogType: 'website' };
    case 'blog':
    case 'events':
    case 'gallery':
      return {
        description: own(page.collection) || site,
        ogType: 'website',
        ...(page.feedUrl ? { feedUrl: page.feedUrl, feedTitle: page.collection?.title ?? '' } : {}),
        ...(page.pagination?.previousPageUrl ? { prevUrl: page.pagination.previousPageUrl } : {}),
        ...(page.pagination?.nextPageUrl ? { nextUrl: page.pagination.nextPageUrl } : {}),
      };
    case 'post':
    case 'event':
      return { description: own(page.item) || site, ogType: 'article', ...(page.item?.image ? { image: page.item.image.src, imageAlt: page.item.image.alt } : {}) };
    default:
      return undefined;
  }
}

/** Meta descriptions longer than this are cut at a word (search engines show about this much). */
export const META_DESCRIPTION_MAX = 160;

/** Text of merchant HTML: tags dropped, the common entities read, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' })[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const describe = (html: string | undefined) => truncate(plainText(html ?? ''), META_DESCRIPTION_MAX, '…');

/**
 * A page's own description, the same for every kind of page (site pages, posts, products, stores): its SEO
 * description, else its description, else its excerpt; '' when it has none.
 */
function ownDescription(fields?: { seoDescription?: string; description?: string; excerpt?: string }): string {
  return describe(fields?.seoDescription) || describe(fields?.description) || describe(fields?.excerpt);
}

/** The social picture of a shop page: the owner's SEO picture, else a product's main image. */
function shopImageOf(product: ProductItemJson | undefined, collection: CollectionJson | undefined, fallback: ProductItemJson['mainImage']): { url: string; alt: string } | undefined {
  const chosen = product?.seoImageId ? product.items.find((image) => image.id === product.seoImageId) : undefined;
  if (chosen) return { url: chosen.assetUrl, alt: imageAltText(chosen, product!.title) };
  if (!product && collection?.seoImageUrl) return { url: collection.seoImageUrl, alt: collection.title };
  return fallback ? { url: fallback.assetUrl, alt: fallback.altText } : undefined;
}

/** The site's own description (website setting `siteDescription`), else ''. */
export function siteDescriptionOf(website: Website): string {
  const value = website.settings.siteDescription;
  return typeof value === 'string' ? value : '';
}

/**
 * The origin a visitor used, from the request's protocol and Host header. The header is the
 * client's to write: anything but a plain host name or address (with a port) falls back to
 * `localhost`, so it can neither break the page nor point its links elsewhere in odd ways.
 */
export function originOf(protocol: string, host: string | undefined): string {
  const plainHost = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
  return `${protocol === 'https' ? 'https' : 'http'}://${host && plainHost.test(host) ? host : 'localhost'}`;
}

const absolute = (origin: string, address: string) => {
  try {
    return new URL(address, origin).href;
  } catch {
    return address;
  }
};

/**
 * The SEO fields of a found page. `origin` is the address the visitor used (`https://shop.example`):
 * Open Graph wants absolute URLs.
 */
export function pageSeoOf(
  template: PageTemplateName,
  page: BasePageContext,
  website: Website,
  origin: string,
  path: string,
  pageTitle: string | undefined,
): PageSeo {
  const shown = page as { item?: ProductItemJson | null; collection?: CollectionJson };
  const siteName = website.site_title;
  const product = template === 'item' ? shown.item ?? undefined : undefined;
  const site = describe(siteDescriptionOf(website));
  // A product's and a store's own SEO fields come first, as a site page's do (ownDescription).
  const collection = template === 'collection' ? ownDescription(shown.collection) : describe(shown.collection?.description);
  const image = shopImageOf(product, template === 'collection' ? shown.collection : undefined, shown.item?.mainImage);
  const description = product
    ? ownDescription({ seoDescription: product.seoDescription, excerpt: product.excerpt }) || describe(product.body) || site
    : template === 'home' ? site || collection : template === 'collection' ? collection || site : site;
  const content = contentSeoOf(template, page as ContentSeoFields, site);
  // A page with no picture of its own shows the site's social sharing picture in link previews (Settings → Site).
  const siteImage = socialImageOf(website);
  if (content) {
    const shownImage = content.image ?? siteImage;
    // A later page of a list names itself with its page number; filters and other parameters are the same page.
    const listPage = (page as ContentSeoFields).pagination?.page;
    const canonicalPath = listPage && listPage > 1 ? `${path}?page=${listPage}` : path;
    return {
      title: pageTitle ?? siteName,
      siteName,
      url: absolute(origin, path),
      ...content,
      ...(shownImage ? { image: absolute(origin, shownImage) } : {}),
      twitterCard: shownImage ? 'summary_large_image' : 'summary',
      canonical: absolute(origin, canonicalPath),
    };
  }
  return {
    description,
    title: pageTitle ?? siteName,
    siteName,
    ogType: product ? 'product' : 'website',
    url: absolute(origin, path),
    ...(image ? { image: absolute(origin, image.url), imageAlt: image.alt } : siteImage ? { image: absolute(origin, siteImage) } : {}),
    twitterCard: image || siteImage ? 'summary_large_image' : 'summary',
    ...(INDEXED.has(template) ? { canonical: absolute(origin, path) } : { noindex: true as const }),
  };
}

/** schema.org availability of a variant: digital products and gift cards never sell out. */
function availabilityOf(product: ProductItemJson, variant: ProductItemJson['structuredContent']['variants'][number]): string {
  const type = product.structuredContent.productType;
  const inStock = type === 2 || type === 4 || isVariantInStock(variant);
  return inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

/** The schema.org Product of a product page: one Offer per variant, at the price a shopper pays now. */
export function productStructuredData(product: ProductItemJson, origin: string): Record<string, unknown> {
  const url = absolute(origin, product.fullUrl);
  const description = plainText(product.excerpt) || plainText(product.body);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    ...(description ? { description } : {}),
    url,
    ...(product.items.length > 0 ? { image: product.items.map((image) => absolute(origin, image.assetUrl)) } : {}),
    ...(product.structuredContent.variants.length === 1 ? { sku: product.structuredContent.variants[0]!.sku } : {}),
    offers: product.structuredContent.variants.map((variant) => {
      const money = variant.onSale ? variant.salePriceMoney : variant.priceMoney;
      return {
        '@type': 'Offer',
        sku: variant.sku,
        price: money.value,
        priceCurrency: money.currency,
        availability: availabilityOf(product, variant),
        url,
      };
    }),
  };
}
