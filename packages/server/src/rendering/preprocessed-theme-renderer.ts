import { hasPreprocessorDirectives, preprocess, type TemplateError } from '@vitrine/template';
import { PAGE_TEMPLATES, type PageTemplateName, type Theme } from '@vitrine/theme';
import { createThemeRenderer, type PageAssets, type ThemeRenderer } from './theme-renderer';
import type { ThemeSheetStore } from './theme-sheets';

/**
 * A theme's `{^…}` preprocessor directives (packages/template, "Preprocessor directives") run against what is known
 * before a request: the website's design options, the values of the theme's settings schema that the owner chose in
 * Design (`{^.equal? website.design.options.header.layout "centered"}…{^.end}`). Each distinct set of options gets
 * its own compiled copy of the theme, kept in a small LRU: websites that chose the same options share one, and a
 * design preview's draft options get theirs without touching the published copy. A theme without `{^` compiles once,
 * exactly as before (no per-request work at all).
 */

/** Compiled option variants of one theme kept at once (each is a full compile of its templates). */
export const PREPROCESSED_VARIANT_CAP = 32;

/** What the preprocessor pass reads: the same paths a template reads at render time. */
export interface PreprocessContext {
  website: { design: { options: Record<string, unknown> } };
}

export function preprocessContextOf(pageContext: object): PreprocessContext {
  const website = (pageContext as { website?: { design?: { options?: unknown } } }).website;
  const options = website?.design?.options;
  return { website: { design: { options: typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {} } } };
}

export function themeHasPreprocessorDirectives(theme: Omit<Theme, 'assetsDir'>): boolean {
  return [theme.layout, theme.checkoutLayout, ...Object.values(theme.pages), ...Object.values(theme.partials)].some(hasPreprocessorDirectives);
}

/** The theme's sources with their directives run (errors kept with their file for the log). */
export function preprocessTheme<T extends Omit<Theme, 'assetsDir'>>(theme: T, context: PreprocessContext): { theme: T; errors: TemplateError[] } {
  const errors: TemplateError[] = [];
  const run = (source: string) => {
    const result = preprocess(source, context, { partials: theme.partials });
    errors.push(...result.errors);
    return result.source;
  };
  const pages = Object.fromEntries(PAGE_TEMPLATES.map((name) => [name, run(theme.pages[name])])) as Record<PageTemplateName, string>;
  const partials = Object.fromEntries(Object.entries(theme.partials).map(([name, source]) => [name, run(source)]));
  return { theme: { ...theme, layout: run(theme.layout), checkoutLayout: run(theme.checkoutLayout), pages, partials }, errors };
}

/** createThemeRenderer, with the theme's preprocessor directives run per set of design options when it has any. */
export function createPreprocessingThemeRenderer(theme: Theme, assets: PageAssets, sheets?: ThemeSheetStore): ThemeRenderer {
  if (!themeHasPreprocessorDirectives(theme)) return createThemeRenderer(theme, assets, sheets);
  const variants = new Map<string, { renderer: ThemeRenderer; errors: TemplateError[] }>();
  const variantFor = (context: PreprocessContext) => {
    const key = JSON.stringify(context);
    let variant = variants.get(key);
    if (variant) {
      // Most recently used last: the oldest goes first when the cap is reached.
      variants.delete(key);
    } else {
      const preprocessed = preprocessTheme(theme, context);
      variant = { renderer: createThemeRenderer(preprocessed.theme, assets, sheets), errors: preprocessed.errors };
    }
    variants.set(key, variant);
    while (variants.size > PREPROCESSED_VARIANT_CAP) variants.delete(variants.keys().next().value!);
    return variant;
  };
  return {
    partial: (name, context = {}) => variantFor(preprocessContextOf(context)).renderer.partial(name),
    renderPage(name, context, chrome) {
      const variant = variantFor(preprocessContextOf(context));
      const page = variant.renderer.renderPage(name, context, chrome);
      return variant.errors.length > 0 ? { html: page.html, errors: [...variant.errors, ...page.errors] } : page;
    },
  };
}
