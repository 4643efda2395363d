import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';

/**
 * The popup overlay (issue 18; platform §2 page type 104, §3 slide type popup-overlay): one per website, designed
 * by the owner, shown once per visitor by the storefront's PopupOverlay island. The body is the whole design
 * (every field, replaced at once); what depends on another field (an image for an image layout, a label and URL
 * for a button, a newsletter form for a newsletter) is checked by the server, its errors keyed by field.
 * `version` is bumped by "show again" alone (see the server README's Popup overlay section).
 */

const tags = ['owner-popup-overlay'];

export const POPUP_LAYOUTS = ['image-left', 'image-right', 'image-top', 'none'] as const;
export const POPUP_ACTIONS = ['button', 'newsletter'] as const;
export const POPUP_TRIGGERS = ['delay', 'scroll'] as const;
/** Platform §3 position values: TOP/CENTER/BOTTOM × LEFT/CENTER/RIGHT. */
export const POPUP_POSITIONS = [
  'TOP_LEFT', 'TOP_CENTER', 'TOP_RIGHT',
  'CENTER_LEFT', 'CENTER_CENTER', 'CENTER_RIGHT',
  'BOTTOM_LEFT', 'BOTTOM_CENTER', 'BOTTOM_RIGHT',
] as const;
/** all: every page; home: the home page alone; not-cart: every page but the cart. Checkout never shows it. */
export const POPUP_PAGES = ['all', 'home', 'not-cart'] as const;

export type PopupLayout = (typeof POPUP_LAYOUTS)[number];
export type PopupAction = (typeof POPUP_ACTIONS)[number];
export type PopupTrigger = (typeof POPUP_TRIGGERS)[number];
export type PopupPosition = (typeof POPUP_POSITIONS)[number];
export type PopupPages = (typeof POPUP_PAGES)[number];

export const POPUP_OVERLAY_LIMITS = {
  headingLength: 150,
  bodyLength: 1000,
  buttonLabelLength: 60,
  /** Platform §5's URL validator. */
  urlLength: 2083,
  maxDelaySeconds: 120,
  minScrollPercent: 1,
  maxScrollPercent: 100,
} as const;

export const POPUP_OVERLAY_MESSAGES = {
  enabled: 'enabled must be true or false.',
  layout: "layout must be 'image-left', 'image-right', 'image-top' or 'none'.",
  heading: `Enter a heading of 1 to ${POPUP_OVERLAY_LIMITS.headingLength} characters.`,
  body: `Enter body text of up to ${POPUP_OVERLAY_LIMITS.bodyLength} characters.`,
  imageId: 'imageId must be an image id or null.',
  imageRequired: 'Choose an image for this layout, or choose the layout without an image.',
  unknownImage: 'This image does not exist in this website.',
  action: "action must be 'button' or 'newsletter'.",
  buttonLabel: `Enter a button label of 1 to ${POPUP_OVERLAY_LIMITS.buttonLabelLength} characters.`,
  buttonUrl: `Enter a link of up to ${POPUP_OVERLAY_LIMITS.urlLength} characters: a web address (https://…), a path on this site (/shop), mailto: or tel:.`,
  formId: 'formId must be a form id or null.',
  formRequired: 'Choose the newsletter form the popup shows.',
  notNewsletter: 'This form is not a newsletter form of this website.',
  trigger: "trigger must be 'delay' or 'scroll'.",
  delaySeconds: `Enter a delay of 0 to ${POPUP_OVERLAY_LIMITS.maxDelaySeconds} seconds.`,
  scrollPercent: `Enter a scroll depth of ${POPUP_OVERLAY_LIMITS.minScrollPercent} to ${POPUP_OVERLAY_LIMITS.maxScrollPercent} percent.`,
  position: 'position must be one of TOP_LEFT, TOP_CENTER, TOP_RIGHT, CENTER_LEFT, CENTER_CENTER, CENTER_RIGHT, BOTTOM_LEFT, BOTTOM_CENTER, BOTTOM_RIGHT.',
  pages: "pages must be 'all', 'home' or 'not-cart'.",
  overlayColor: 'Enter the overlay colour as #rrggbb, such as #000000.',
  overlayOpacity: 'Enter the overlay opacity from 0 to 100 percent.',
  invalid: 'Some fields are not valid.',
} as const;

const message = (text: string) => ({ [MESSAGE_KEYWORD]: text });
/** One of a few words: a pattern rather than an enum, so the string refuses NUL like every request string. */
const OneOf = <T extends readonly string[]>(values: T, text: string) =>
  Type.Unsafe<T[number]>({ type: 'string', pattern: `^(?:${values.join('|')})$`, ...message(text) });
const NullableId = (text: string) => Type.Union([Text({ minLength: 1, maxLength: LIMITS.idLength }), Type.Null()], message(text));

/** The whole design, as the owner saves it. */
export const PopupOverlayBodySchema = RequestBody({
  enabled: Type.Boolean(message(POPUP_OVERLAY_MESSAGES.enabled)),
  layout: OneOf(POPUP_LAYOUTS, POPUP_OVERLAY_MESSAGES.layout),
  /** Plain text, stored as written and escaped where shown. */
  heading: Text({ minLength: 1, maxLength: POPUP_OVERLAY_LIMITS.headingLength, pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$', ...message(POPUP_OVERLAY_MESSAGES.heading) }),
  body: Text({ maxLength: POPUP_OVERLAY_LIMITS.bodyLength, ...message(POPUP_OVERLAY_MESSAGES.body) }),
  imageId: NullableId(POPUP_OVERLAY_MESSAGES.imageId),
  action: OneOf(POPUP_ACTIONS, POPUP_OVERLAY_MESSAGES.action),
  buttonLabel: Text({ maxLength: POPUP_OVERLAY_LIMITS.buttonLabelLength, ...message(POPUP_OVERLAY_MESSAGES.buttonLabel) }),
  buttonUrl: Text({ maxLength: POPUP_OVERLAY_LIMITS.urlLength, ...message(POPUP_OVERLAY_MESSAGES.buttonUrl) }),
  formId: NullableId(POPUP_OVERLAY_MESSAGES.formId),
  trigger: OneOf(POPUP_TRIGGERS, POPUP_OVERLAY_MESSAGES.trigger),
  delaySeconds: Type.Integer({ minimum: 0, maximum: POPUP_OVERLAY_LIMITS.maxDelaySeconds, ...message(POPUP_OVERLAY_MESSAGES.delaySeconds) }),
  scrollPercent: Type.Integer({
    minimum: POPUP_OVERLAY_LIMITS.minScrollPercent,
    maximum: POPUP_OVERLAY_LIMITS.maxScrollPercent,
    ...message(POPUP_OVERLAY_MESSAGES.scrollPercent),
  }),
  position: OneOf(POPUP_POSITIONS, POPUP_OVERLAY_MESSAGES.position),
  pages: OneOf(POPUP_PAGES, POPUP_OVERLAY_MESSAGES.pages),
  overlayColor: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', ...message(POPUP_OVERLAY_MESSAGES.overlayColor) }),
  overlayOpacity: Type.Integer({ minimum: 0, maximum: 100, ...message(POPUP_OVERLAY_MESSAGES.overlayOpacity) }),
});
export type PopupOverlayBody = Static<typeof PopupOverlayBodySchema>;

export const PopupOverlaySchema = ResponseObject({
  enabled: Type.Boolean(),
  /** What visitors' browsers compare with their stored `version` key: a new one shows the popup again. */
  version: Type.Integer(),
  layout: Type.Unsafe<PopupLayout>({ type: 'string' }),
  heading: Type.String(),
  body: Type.String(),
  imageId: Type.Union([Type.String(), Type.Null()]),
  /** The picture's address (`/images/{id}/{filename}`) and alt text, for the preview. */
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  imageAlt: Type.String(),
  action: Type.Unsafe<PopupAction>({ type: 'string' }),
  buttonLabel: Type.String(),
  buttonUrl: Type.String(),
  formId: Type.Union([Type.String(), Type.Null()]),
  trigger: Type.Unsafe<PopupTrigger>({ type: 'string' }),
  delaySeconds: Type.Integer(),
  scrollPercent: Type.Integer(),
  position: Type.Unsafe<PopupPosition>({ type: 'string' }),
  pages: Type.Unsafe<PopupPages>({ type: 'string' }),
  overlayColor: Type.String(),
  overlayOpacity: Type.Integer(),
  /** When the owner last saved it; null until the first save (the answer is then the defaults). */
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PopupOverlayJson = Static<typeof PopupOverlaySchema>;

export const getPopupOverlayContract = defineContract({
  operationId: 'getPopupOverlay',
  method: 'GET',
  url: '/api/owner/popup-overlay',
  summary: "The website's popup overlay: its design, trigger, position, pages, overlay and version (the defaults, disabled, until first saved).",
  tags,
  access: 'content:read',
  schema: { response: { 200: PopupOverlaySchema, ...ERROR_RESPONSES } },
});

export const updatePopupOverlayContract = defineContract({
  operationId: 'updatePopupOverlay',
  method: 'PUT',
  url: '/api/owner/popup-overlay',
  summary: 'Replaces the popup overlay (every field); pages show the change at once. The version is kept: visitors who closed it do not see it again.',
  tags,
  access: 'content:write',
  schema: { body: PopupOverlayBodySchema, response: { 200: PopupOverlaySchema, ...ERROR_RESPONSES } },
});

export const showPopupOverlayAgainContract = defineContract({
  operationId: 'showPopupOverlayAgain',
  method: 'POST',
  url: '/api/owner/popup-overlay/show-again',
  summary: 'Bumps the version: visitors who closed the popup see it again (those who submitted its form never do).',
  tags,
  access: 'content:write',
  schema: { response: { 200: PopupOverlaySchema, ...ERROR_RESPONSES } },
});

export const OWNER_POPUP_OVERLAY_CONTRACTS = [getPopupOverlayContract, updatePopupOverlayContract, showPopupOverlayAgainContract] as const;
