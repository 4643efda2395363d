import type { SeoFieldsJson } from '@vitrine/contracts';

/**
 * The SEO fields products and stores share (migration 036), as the owner writes and reads them. Text is
 * stored trimmed; '' and a null picture mean "use the page's own" (its title, description, main image).
 */

export interface SeoInput {
  seoTitle?: string;
  seoDescription?: string;
  seoImageId?: string | null;
}

export interface SeoColumns {
  seo_title?: string;
  seo_description?: string;
  seo_image_id?: string | null;
}

/** The columns a write changes: only the fields it sends. */
export function seoColumnsOf(input: SeoInput): SeoColumns {
  return {
    ...(input.seoTitle !== undefined ? { seo_title: input.seoTitle.trim() } : {}),
    ...(input.seoDescription !== undefined ? { seo_description: input.seoDescription.trim() } : {}),
    ...(input.seoImageId !== undefined ? { seo_image_id: input.seoImageId } : {}),
  };
}

/** The owner's view of a row's SEO fields; `imageUrl` is the social picture's address when it has one. */
export function seoFieldsJson(row: { seo_title: string; seo_description: string; seo_image_id: string | null }, imageUrl: string | undefined): SeoFieldsJson {
  return {
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    seoImageId: row.seo_image_id && imageUrl ? row.seo_image_id : null,
    seoImageUrl: row.seo_image_id && imageUrl ? imageUrl : null,
  };
}
