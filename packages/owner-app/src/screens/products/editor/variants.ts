/**
 * A product's options (up to three: Size, Colour, …) and the variants they make: one variant per combination of
 * values. Generating keeps the variants that already have a combination (their id, sku, prices and stock), and
 * makes the new ones from the first variant's prices.
 */

export interface OptionDraft {
  name: string;
  /** The values as typed, comma-separated: 'S, M, L'. */
  valuesText: string;
}

export interface VariantDraft {
  /** A key for React and for field errors while the variant has no id. */
  key: string;
  id?: string;
  sku: string;
  /** One value per option, in the options' order. */
  optionValues: string[];
  price: string;
  salePrice: string;
  onSale: boolean;
  stock: string;
  unlimited: boolean;
  imageIds: string[];
  /** Grams as typed; '' when not given (weight-based shipping counts it as 0). */
  weight: string;
}

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 250;

/** 'S, M,, L , M' → ['S', 'M', 'L']: trimmed, blanks and repeats dropped. */
export function optionValuesOf(text: string): string[] {
  return [...new Set(text.split(',').map((value) => value.trim()).filter(Boolean))];
}

/** The options that count: a name and at least one value. */
export function usableOptions(options: readonly OptionDraft[]): Array<{ name: string; values: string[] }> {
  return options.map((option) => ({ name: option.name.trim(), values: optionValuesOf(option.valuesText) })).filter((option) => option.name !== '' && option.values.length > 0);
}

/** Every combination of the options' values, the first option changing slowest. */
export function combinations(options: ReadonlyArray<{ values: string[] }>): string[][] {
  return options.reduce<string[][]>((rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])), [[]]);
}

const skuPart = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '');

let keys = 0;
export const newVariantKey = () => `new-${++keys}`;

/**
 * The variants for these options: a variant whose values (by option name) match a combination is kept; the
 * others are new, with a sku made of the base sku and the values ('LS-M-NAVY'), the first variant's price
 * and sale price, stock 0. Without options, one variant (the first one kept).
 */
export function generateVariants(options: readonly OptionDraft[], existing: readonly VariantDraft[], previousNames: readonly string[] = []): VariantDraft[] {
  const usable = usableOptions(options);
  const first = existing[0];
  const template = { price: first?.price ?? '', salePrice: first?.salePrice ?? '', onSale: false, stock: '0', unlimited: first?.unlimited ?? false, imageIds: [] as string[], weight: first?.weight ?? '' };
  if (usable.length === 0) return first ? [{ ...first, optionValues: [] }] : [{ key: newVariantKey(), sku: '', optionValues: [], ...template }];
  const baseSku = (first?.sku ?? '').split('-')[0] || 'SKU';
  const valueOf = (variant: VariantDraft, name: string) => {
    const index = previousNames.indexOf(name);
    return index >= 0 ? variant.optionValues[index] : undefined;
  };
  const used = new Set<VariantDraft>();
  return combinations(usable).slice(0, MAX_VARIANTS).map((values) => {
    const match = existing.find((variant) => !used.has(variant) && usable.every((option, index) => valueOf(variant, option.name) === values[index]));
    if (match) {
      used.add(match);
      return { ...match, optionValues: values };
    }
    return { key: newVariantKey(), sku: [baseSku, ...values.map(skuPart)].filter(Boolean).join('-'), optionValues: values, ...template };
  });
}
