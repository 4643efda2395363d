import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Site settings at the platform's paths (platform spec §3, §5, §7): commerce preferences, the site
 * layout and its navigations, header and footer, multilingual, the site user's locale, the website's
 * status, and the maps places proxy (public: shoppers' address autocomplete).
 */

const tags = ['site-settings'];

/** Storefront spec §3: the 27 currencies a store may sell in (also a CHECK on websites, migration 002). */
export const SUPPORTED_CURRENCIES = [
  'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
  'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR',
] as const;

export const SITE_SETTINGS_LIMITS = {
  /** Commerce preferences: keys per website, and the JSON size and nesting of one free-form value. */
  preferenceKeys: 100,
  preferenceValueBytes: 16_384,
  preferenceValueDepth: 5,
  /** A minimum subtotal or an installment bound, in minor units. */
  maxCents: 100_000_000_00,
  /** Platform spec §5: the URL validator's maximum length. */
  urlLength: 2083,
  navigationDepth: 3,
  navigationItems: 100,
  navigationsPerSite: 10,
  navigationTitleLength: 100,
  /** Header and footer HTML, each. */
  headerFooterLength: 20_000,
  languages: 20,
  languageCodeLength: 35,
  placesInputLength: 200,
  /** The manual payment method (issue 38 item 6). */
  manualPaymentLabelLength: 60,
  manualPaymentInstructionsLength: 2000,
  manualPaymentExpiryDays: { min: 1, max: 60 },
  placeIdLength: 300,
} as const;

export const SITE_SETTINGS_MESSAGES = {
  websiteId: 'websiteId must name this website.',
  currency: 'Choose one of the supported currencies.',
  cents: 'Enter an amount in minor units, 0 or more.',
  flag: 'Enter true or false.',
  country: 'Enter a two-letter country code.',
  preferenceKey: 'A preference name is letters, digits and _ (64 at most), starting with a letter.',
  fieldName: 'fieldName must name a navigation: letters, digits, - and _ (64 at most).',
  templateId: 'templateId must be text of 64 characters at most.',
  navigation: 'navigation must be { items: [...] }.',
  navigationItems: `A navigation holds at most ${SITE_SETTINGS_LIMITS.navigationItems} items, nested ${SITE_SETTINGS_LIMITS.navigationDepth} deep at most.`,
  headerFooter: `Header and footer are HTML of ${SITE_SETTINGS_LIMITS.headerFooterLength} characters at most.`,
  languages: `languages must be a list of up to ${SITE_SETTINGS_LIMITS.languages} language codes such as en, fr-CA or zh-Hant.`,
  language: 'Enter a language code such as en, fr-CA or zh-Hant.',
  placesInput: `input must be 1–${SITE_SETTINGS_LIMITS.placesInputLength} characters.`,
  placeId: 'place_id must name a place.',
  manualPaymentLabel: 'Enter a name of 60 characters at most, such as Bank transfer.',
  manualPaymentInstructions: 'Enter instructions of 2000 characters at most.',
  manualPaymentExpiryDays: 'Enter a whole number of days from 1 to 60.',
  trackingEmpty: 'Send analyticsDisabled, analyticsCookieRestrictions or both.',
} as const;

/** BCP 47-ish: a 2–3 letter language, then up to three subtags (script, region, variant). */
export const LANGUAGE_CODE_PATTERN = '^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$';

const nullable = <T extends TSchema>(schema: T, message: string) =>
  Type.Optional(Type.Union([schema, Type.Null()], { [MESSAGE_KEYWORD]: message }));

const WebsiteIdParams = RequestParams({
  websiteId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.websiteId }),
});

// ---------------------------------------------------------------------------------------------
// Commerce preferences (platform spec §3, §4, §7)

/** A preference name: what a JSON settings object can key safely (no __proto__, no NUL). */
export const PREFERENCE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

const Cents = (message: string) => nullable(Type.Integer({ minimum: 0, maximum: SITE_SETTINGS_LIMITS.maxCents }), message);
const Flag = () => nullable(Type.Boolean(), SITE_SETTINGS_MESSAGES.flag);

/**
 * The preferences: a free-form set of fields. Those the storefront reads are typed here; any other
 * name is kept as given (bounded in the server). null, '', [] and {} remove a preference.
 */
export const CommercePreferencesBodySchema = Type.Object(
  {
    websiteId: Type.Optional(Text({ maxLength: 64, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.websiteId })),
    currency: Type.Optional(Text({ pattern: `^(?:${SUPPORTED_CURRENCIES.join('|')})$`, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.currency })),
    minimumOrderSubtotalCents: Cents(SITE_SETTINGS_MESSAGES.cents),
    multipleQuantityAllowedForServices: Flag(),
    afterPayAvailable: Flag(),
    afterPayMin: Cents(SITE_SETTINGS_MESSAGES.cents),
    afterPayMax: Cents(SITE_SETTINGS_MESSAGES.cents),
    stripeAccountCountry: nullable(Text({ pattern: '^(?:[A-Z]{2})?$' }), SITE_SETTINGS_MESSAGES.country),
    customCart: Flag(),
    expressCheckout: Flag(),
    restockAutoSend: Flag(),
    /** Issue 17: prices include tax (EU, UK, JP style); absent or false, tax is added at checkout. */
    pricesIncludeTax: Flag(),
    /** Issue 38 item 6: the manual method (bank transfer, cash on delivery), its label, instructions and expiry. */
    manualPaymentEnabled: Flag(),
    manualPaymentLabel: nullable(Text({ maxLength: SITE_SETTINGS_LIMITS.manualPaymentLabelLength }), SITE_SETTINGS_MESSAGES.manualPaymentLabel),
    manualPaymentInstructions: nullable(Text({ maxLength: SITE_SETTINGS_LIMITS.manualPaymentInstructionsLength }), SITE_SETTINGS_MESSAGES.manualPaymentInstructions),
    manualPaymentExpiryDays: nullable(
      Type.Integer({ minimum: SITE_SETTINGS_LIMITS.manualPaymentExpiryDays.min, maximum: SITE_SETTINGS_LIMITS.manualPaymentExpiryDays.max }),
      SITE_SETTINGS_MESSAGES.manualPaymentExpiryDays,
    ),
  },
  {
    additionalProperties: false,
    patternProperties: { [PREFERENCE_KEY_PATTERN]: Type.Unknown() },
    maxProperties: SITE_SETTINGS_LIMITS.preferenceKeys,
  },
);
export type CommercePreferencesBody = Record<string, unknown>;

export const CommercePreferencesSchema = ResponseObject({ currency: Type.String() });

export const getCommercePreferencesContract = defineContract({
  operationId: 'getCommercePreferences',
  method: 'GET',
  url: '/api/v1/commerce-preferences/:websiteId',
  summary: "The website's commerce preferences (websiteId left out, empty values dropped).",
  tags,
  access: 'store-settings:read',
  schema: { params: WebsiteIdParams, response: { 200: CommercePreferencesSchema, ...ERROR_RESPONSES } },
});

export const updateCommercePreferencesContract = defineContract({
  operationId: 'updateCommercePreferences',
  method: 'PUT',
  url: '/api/v1/commerce-preferences/:websiteId',
  summary: 'Merges preference fields into the stored ones (an empty value removes one); the storefront serves them on its next request.',
  tags,
  access: 'store-settings:write',
  schema: { params: WebsiteIdParams, body: CommercePreferencesBodySchema, response: { 200: CommercePreferencesSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Site layout and navigation (platform spec §3 "Navigation item", §5, §7)

/** A navigation item as sent: a link to a store, an external (or site-relative) URL, or a folder of items. */
function navigationItemSchema(depth: number): TSchema {
  const properties: Record<string, TSchema> = {
    title: Type.Optional(Text({ maxLength: SITE_SETTINGS_LIMITS.navigationTitleLength })),
    collectionId: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
    externalLink: Type.Optional(Text({ minLength: 1, maxLength: SITE_SETTINGS_LIMITS.urlLength })),
    memberAreaId: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
  };
  if (depth > 1) properties.items = Type.Optional(navigationItemsSchema(depth - 1));
  return Type.Object(properties, { additionalProperties: false });
}

function navigationItemsSchema(depth: number): TSchema {
  return Type.Array(navigationItemSchema(depth), { maxItems: SITE_SETTINGS_LIMITS.navigationItems });
}

export interface NavigationItemInput {
  title?: string;
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  items?: NavigationItemInput[];
}

export const UpdateNavigationBodySchema = RequestBody({
  fieldName: Text({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$', [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.fieldName }),
  templateId: Type.Optional(Text({ maxLength: 64, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.templateId })),
  navigation: Type.Object(
    { items: navigationItemsSchema(SITE_SETTINGS_LIMITS.navigationDepth) },
    { additionalProperties: false, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.navigationItems },
  ),
});
export type UpdateNavigationBody = { fieldName: string; templateId?: string; navigation: { items: NavigationItemInput[] } };

/** A link of the site layout; children nest the same shape. */
export const SiteLayoutLinkSchema = ResponseObject({
  title: Type.String(),
  collectionId: Type.Optional(Type.String()),
  externalLink: Type.Optional(Type.String()),
  children: Type.Array(Type.Unknown()),
});

export const SiteLayoutSchema = ResponseObject({
  /** The first entry is the main navigation. */
  layout: Type.Array(ResponseObject({ identifier: Type.String(), templateId: Type.String(), links: Type.Array(SiteLayoutLinkSchema) })),
});
export type SiteLayoutJson = Static<typeof SiteLayoutSchema>;

export const getSiteLayoutContract = defineContract({
  operationId: 'getSiteLayout',
  method: 'GET',
  url: '/api/commondata/GetSiteLayout',
  summary: "The site's navigations; the first is the main navigation.",
  tags,
  access: 'site:read',
  schema: { response: { 200: SiteLayoutSchema, ...ERROR_RESPONSES } },
});

export const updateNavigationContract = defineContract({
  operationId: 'updateNavigation',
  method: 'POST',
  url: '/api/widget/UpdateNavigation',
  summary: 'Replaces one navigation (nested items; store links must name a store; external links are URLs of 2083 characters at most).',
  tags,
  access: 'site:write',
  schema: { body: UpdateNavigationBodySchema, response: { 200: SiteLayoutSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Header and footer (platform spec §3, §7)

const HeaderFooterHtml = () => Text({ maxLength: SITE_SETTINGS_LIMITS.headerFooterLength, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.headerFooter });

export const HeaderFooterBodySchema = RequestBody({ header: HeaderFooterHtml(), footer: HeaderFooterHtml() });
export type HeaderFooterBody = Static<typeof HeaderFooterBodySchema>;

export const HeaderFooterSchema = ResponseObject({ header: Type.String(), footer: Type.String() });

export const getHeaderFooterContract = defineContract({
  operationId: 'getSiteHeaderFooter',
  method: 'GET',
  url: '/api/site-header-footer',
  summary: "The site's own header and footer HTML (sanitised).",
  tags,
  access: 'site:read',
  schema: { response: { 200: HeaderFooterSchema, ...ERROR_RESPONSES } },
});

export const updateHeaderFooterContract = defineContract({
  operationId: 'updateSiteHeaderFooter',
  method: 'PUT',
  url: '/api/site-header-footer',
  summary: 'Saves the header and footer HTML, sanitised to an allow-list; the theme shows them on every page.',
  tags,
  access: 'site:write',
  schema: { body: HeaderFooterBodySchema, response: { 200: HeaderFooterSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Multilingual (platform spec §3, §7)

const LanguageCode = (message: string) =>
  Type.String({ pattern: LANGUAGE_CODE_PATTERN, maxLength: SITE_SETTINGS_LIMITS.languageCodeLength, [MESSAGE_KEYWORD]: message });

export const MultilingualStatusSchema = ResponseObject({
  connected: Type.Boolean(),
  provider: Type.Union([Type.String(), Type.Null()]),
});

export const LanguagesSchema = ResponseObject({ languages: Type.Array(Type.String()) });

export const MultilingualSettingsSchema = ResponseObject({
  defaultLanguage: Type.String(),
  languages: Type.Array(Type.String()),
  connected: Type.Boolean(),
  provider: Type.Union([Type.String(), Type.Null()]),
});

export const getMultilingualSettingsContract = defineContract({
  operationId: 'getMultilingualSettings',
  method: 'GET',
  url: '/api/multilingual/settings',
  summary: "The site's language, its extra languages, and whether a translation service is connected.",
  tags,
  access: 'site:read',
  schema: { response: { 200: MultilingualSettingsSchema, ...ERROR_RESPONSES } },
});

export const getMultilingualStatusContract = defineContract({
  operationId: 'getMultilingualStatus',
  method: 'GET',
  url: '/api/multilingual/status',
  summary: 'Whether a translation service is connected, and which.',
  tags,
  access: 'site:read',
  schema: { response: { 200: MultilingualStatusSchema, ...ERROR_RESPONSES } },
});

export const getLanguagesContract = defineContract({
  operationId: 'getMultilingualLanguages',
  method: 'GET',
  url: '/api/multilingual/languages',
  summary: "The site's extra languages.",
  tags,
  access: 'site:read',
  schema: { response: { 200: LanguagesSchema, ...ERROR_RESPONSES } },
});

export const LanguagesBodySchema = RequestBody({
  languages: Type.Array(LanguageCode(SITE_SETTINGS_MESSAGES.languages), {
    maxItems: SITE_SETTINGS_LIMITS.languages,
    [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.languages,
  }),
});
export type LanguagesBody = Static<typeof LanguagesBodySchema>;

export const updateLanguagesContract = defineContract({
  operationId: 'updateMultilingualLanguages',
  method: 'PUT',
  url: '/api/multilingual/languages',
  summary: "Replaces the site's extra languages (and reconnects a configured translation service).",
  tags,
  access: 'site:write',
  schema: { body: LanguagesBodySchema, response: { 200: LanguagesSchema, ...ERROR_RESPONSES } },
});

export const disconnectTranslationContract = defineContract({
  operationId: 'disconnectTranslationService',
  method: 'DELETE',
  url: '/api/multilingual/connection',
  summary: 'Disconnects the translation service from this site.',
  tags,
  access: 'site:write',
  schema: { response: { 200: MultilingualStatusSchema, ...ERROR_RESPONSES } },
});

export const SiteUserLocaleBodySchema = RequestBody({ language: LanguageCode(SITE_SETTINGS_MESSAGES.language) });
export type SiteUserLocaleBody = Static<typeof SiteUserLocaleBodySchema>;

export const setSiteUserLocaleContract = defineContract({
  operationId: 'setSiteUserLocale',
  method: 'POST',
  url: '/api/site-users/account/locale',
  summary: "Stores the signed-in site user's language (any signed-in site user; 401 otherwise).",
  tags,
  schema: { body: SiteUserLocaleBodySchema, response: { 200: ResponseObject({ language: Type.String() }), ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Website status (platform spec §2 upgrade destinations, §3 website status)

export const WEBSITE_STATUSES = {
  expired: 1,
  pastDue: 2,
  trial: 3,
  beta: 4,
  removed: 5,
  internal: 6,
  comped: 7,
  paid: 8,
  parkingPage: 12,
  resold: 13,
  gracePeriod: 14,
  enterprise: 15,
} as const;

export const WebsiteStatusSchema = ResponseObject({
  status: Type.Integer(),
  statusName: Type.String(),
  selfHosted: Type.Boolean(),
  upgrade: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});
export type WebsiteStatusJson = Static<typeof WebsiteStatusSchema>;

export const getWebsiteStatusContract = defineContract({
  operationId: 'getWebsiteStatus',
  method: 'GET',
  url: '/api/owner/website-status',
  summary: "The website's status code (platform spec §3); a self-hosted site is paid, with nothing to upgrade.",
  tags,
  access: 'billing:read',
  schema: { response: { 200: WebsiteStatusSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Tracking switches (the website settings the storefront's tracking context reads; issue 15)

const TrackingFlag = () => Type.Optional(Type.Boolean({ [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.flag }));

/** Either switch or both (neither: 400, checked by the service); a switch left out keeps its value. */
export const TrackingSettingsBodySchema = RequestBody({
  /** true: no page of this website loads the shopper tracking client (the global disable flag). */
  analyticsDisabled: TrackingFlag(),
  /** true: cookie restrictions apply: the client clears ss_cid, ss_cpvisit, ss_cvisit, ss_cvr, ss_cvt and tracks nothing. */
  analyticsCookieRestrictions: TrackingFlag(),
});
export type TrackingSettingsBody = Static<typeof TrackingSettingsBodySchema>;

export const TrackingSettingsSchema = ResponseObject({
  analyticsDisabled: Type.Boolean(),
  analyticsCookieRestrictions: Type.Boolean(),
  /** The server's ANALYTICS_DISABLED: when true no website of this server is tracked, whatever its own switch. */
  serverDisabled: Type.Boolean(),
});
export type TrackingSettingsJson = Static<typeof TrackingSettingsSchema>;

export const getTrackingSettingsContract = defineContract({
  operationId: 'getTrackingSettings',
  method: 'GET',
  url: '/api/owner/site-settings/tracking',
  summary: "The website's tracking switches: analytics off, cookie restrictions on, and whether the server turned analytics off for every site.",
  tags,
  access: 'site:read',
  schema: { response: { 200: TrackingSettingsSchema, ...ERROR_RESPONSES } },
});

export const updateTrackingSettingsContract = defineContract({
  operationId: 'updateTrackingSettings',
  method: 'PUT',
  url: '/api/owner/site-settings/tracking',
  summary: "Sets either tracking switch (the other is kept); every storefront page's tracking context carries them from the next request.",
  tags,
  access: 'site:write',
  schema: { body: TrackingSettingsBodySchema, response: { 200: TrackingSettingsSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// The website's captcha switch (issue 16): on makes a site key (websites.captcha_site_key), off clears it

export const CaptchaSettingsBodySchema = RequestBody({
  /** true: restock sign-ups and site forms (with their own switch on) ask for a solved captcha. */
  enabled: Type.Boolean({ [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.flag }),
});
export type CaptchaSettingsBody = Static<typeof CaptchaSettingsBodySchema>;

export const CaptchaSettingsSchema = ResponseObject({ enabled: Type.Boolean() });
export type CaptchaSettingsJson = Static<typeof CaptchaSettingsSchema>;

export const getCaptchaSettingsContract = defineContract({
  operationId: 'getCaptchaSettings',
  method: 'GET',
  url: '/api/owner/site-settings/captcha',
  summary: "Whether the website has a captcha (a site key): restock sign-ups and site forms then ask for a solved one.",
  tags,
  access: 'site:read',
  schema: { response: { 200: CaptchaSettingsSchema, ...ERROR_RESPONSES } },
});

export const updateCaptchaSettingsContract = defineContract({
  operationId: 'updateCaptchaSettings',
  method: 'PUT',
  url: '/api/owner/site-settings/captcha',
  summary: "Turns the website's captcha on (a new site key) or off (the key cleared); every page and guarded call follows from the next request.",
  tags,
  access: 'site:write',
  schema: { body: CaptchaSettingsBodySchema, response: { 200: CaptchaSettingsSchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Maps places proxy (platform spec §7): public, for shoppers' address autocomplete

const placesTags = ['maps'];

export const PlacesAutocompleteQuerySchema = RequestQuery({
  input: Text({ minLength: 1, maxLength: SITE_SETTINGS_LIMITS.placesInputLength, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.placesInput }),
  sessiontoken: Type.Optional(Text({ maxLength: 200 })),
  language: Type.Optional(Text({ maxLength: SITE_SETTINGS_LIMITS.languageCodeLength })),
  components: Type.Optional(Text({ maxLength: 200 })),
  types: Type.Optional(Text({ maxLength: 100 })),
});
export type PlacesAutocompleteQuery = Static<typeof PlacesAutocompleteQuerySchema>;

export const PlaceDetailsQuerySchema = RequestQuery({
  place_id: Text({ minLength: 1, maxLength: SITE_SETTINGS_LIMITS.placeIdLength, [MESSAGE_KEYWORD]: SITE_SETTINGS_MESSAGES.placeId }),
  sessiontoken: Type.Optional(Text({ maxLength: 200 })),
  language: Type.Optional(Text({ maxLength: SITE_SETTINGS_LIMITS.languageCodeLength })),
  fields: Type.Optional(Text({ maxLength: 300 })),
});
export type PlaceDetailsQuery = Static<typeof PlaceDetailsQuerySchema>;

export const PlacePredictionSchema = ResponseObject({
  description: Type.String(),
  place_id: Type.String(),
  structured_formatting: ResponseObject({ main_text: Type.String(), secondary_text: Type.String() }),
});

export const PlacesAutocompleteSchema = ResponseObject({ status: Type.String(), predictions: Type.Array(PlacePredictionSchema) });

export const PlaceDetailsSchema = ResponseObject({
  status: Type.String(),
  result: Type.Optional(Type.Unknown()),
});

export const placesAutocompleteContract = defineContract({
  operationId: 'placesAutocomplete',
  method: 'GET',
  url: '/api/google-maps/places/autocomplete',
  summary: 'Place predictions for an address or city being typed: Google Places with a key, the offline gazetteer without.',
  tags: placesTags,
  schema: { querystring: PlacesAutocompleteQuerySchema, response: { 200: PlacesAutocompleteSchema, ...ERROR_RESPONSES } },
});

export const placeDetailsContract = defineContract({
  operationId: 'placeDetails',
  method: 'GET',
  url: '/api/google-maps/places/details',
  summary: "One place's details (name, country, geometry.location); tracking-context parameters are accepted and ignored.",
  tags: placesTags,
  schema: { querystring: PlaceDetailsQuerySchema, response: { 200: PlaceDetailsSchema, ...ERROR_RESPONSES } },
});

export const OWNER_SITE_CONTRACTS = [
  getCommercePreferencesContract,
  updateCommercePreferencesContract,
  getSiteLayoutContract,
  updateNavigationContract,
  getHeaderFooterContract,
  updateHeaderFooterContract,
  getMultilingualSettingsContract,
  getMultilingualStatusContract,
  getLanguagesContract,
  updateLanguagesContract,
  disconnectTranslationContract,
  setSiteUserLocaleContract,
  getWebsiteStatusContract,
  getTrackingSettingsContract,
  updateTrackingSettingsContract,
  getCaptchaSettingsContract,
  updateCaptchaSettingsContract,
  placesAutocompleteContract,
  placeDetailsContract,
] as const;
