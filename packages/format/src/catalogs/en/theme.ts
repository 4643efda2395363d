/** The default theme's own words (packages/theme templates read them as `{themeStrings.key}`). */
export const EN_THEME = {
  skipToContent: 'Skip to content',
  /** The header's language switcher's name. */
  language: 'Language',
  /** The language suggestion banner (shown in the suggested language, before the link named with it). */
  languageSuggestion: 'This site is also in your language:',
  /** The language suggestion's close button. */
  dismissLanguageSuggestion: 'No thanks',
  menu: 'Menu',
  search: 'Search',
  searchTheShop: 'Search the shop',
  secureCheckout: 'Secure checkout',
  backToCart: 'Back to cart',
  cart: 'Cart',
  yourCart: 'Your cart',
  /** A count of products in the cart (ours; plural forms per language). */
  itemCount: '{count, plural, one {# item} other {# items}}',
} as const;
