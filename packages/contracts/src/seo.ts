import Type, { type Static } from 'typebox';
import { LIMITS, MESSAGE_KEYWORD, ResponseObject, Text } from './fields';

/**
 * What an owner writes for search engines and link previews, one set of fields for every kind of page:
 * site pages and posts (owner-content), products and stores (owner-catalog). Empty text means "use the
 * page's own" (its title, its description); the head tags read them (server pages/seo.ts).
 */
export const SEO_LIMITS = {
  seoTitleLength: 200,
  seoDescriptionLength: 500,
} as const;

export const SEO_MESSAGES = {
  seoTitle: `seoTitle must be text of ${SEO_LIMITS.seoTitleLength} characters at most.`,
  seoDescription: `seoDescription must be text of ${SEO_LIMITS.seoDescriptionLength} characters at most.`,
  seoImageId: 'seoImageId must be the id of a picture uploaded to this website, or null.',
  /** 400 when the id names no picture of the website. */
  seoImageUnknown: 'No such picture: upload it first.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });

export const SeoTitleText = () => Text({ maxLength: SEO_LIMITS.seoTitleLength, ...withMessage(SEO_MESSAGES.seoTitle) });
export const SeoDescriptionText = () => Text({ maxLength: SEO_LIMITS.seoDescriptionLength, ...withMessage(SEO_MESSAGES.seoDescription) });

/** The SEO fields of a product or a store as the owner writes them; each left out keeps what is stored. */
export const SeoBodyProperties = {
  seoTitle: Type.Optional(SeoTitleText()),
  seoDescription: Type.Optional(SeoDescriptionText()),
  /** The social picture (og:image): an uploaded picture's id; null removes it (the main image is used). */
  seoImageId: Type.Optional(Type.Union([Text({ minLength: 1, maxLength: LIMITS.idLength }), Type.Null()], withMessage(SEO_MESSAGES.seoImageId))),
};

/** The SEO fields as the owner reads them. */
export const SeoFieldsSchema = ResponseObject({
  seoTitle: Type.String(),
  seoDescription: Type.String(),
  seoImageId: Type.Union([Type.String(), Type.Null()]),
  /** The social picture's address, or null without one. */
  seoImageUrl: Type.Union([Type.String(), Type.Null()]),
});
export type SeoFieldsJson = Static<typeof SeoFieldsSchema>;
