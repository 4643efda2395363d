import type { Kysely } from 'kysely';
import { POPUP_OVERLAY_MESSAGES, type PopupOverlayBody, type PopupOverlayJson, type PopupPosition } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { findLiveForm } from '../forms';
import { imageAssetUrl } from '../images';
import { notifyPopupOverlayChanged } from './storefront';
import { bumpPopupOverlayVersion, imageExists, readPopupOverlay, savePopupOverlay, type PopupOverlayRecord } from './queries';
import { designErrors } from './rules';

/** What a website that never saved its popup answers: disabled, a centred button popup five seconds in. */
export const DEFAULT_POPUP_OVERLAY: PopupOverlayJson = {
  enabled: false,
  version: 1,
  layout: 'none',
  heading: '',
  body: '',
  imageId: null,
  imageUrl: null,
  imageAlt: '',
  action: 'button',
  buttonLabel: '',
  buttonUrl: '',
  formId: null,
  trigger: 'delay',
  delaySeconds: 5,
  scrollPercent: 50,
  position: 'CENTER_CENTER',
  pages: 'all',
  overlayColor: '#000000',
  overlayOpacity: 50,
  updatedAt: null,
};

export function popupOverlayJson(row: PopupOverlayRecord | undefined): PopupOverlayJson {
  if (!row) return DEFAULT_POPUP_OVERLAY;
  const hasImage = row.image_id !== null && row.image_filename !== null;
  return {
    enabled: row.enabled,
    version: row.version,
    layout: row.layout,
    heading: row.heading,
    body: row.body,
    imageId: hasImage ? row.image_id : null,
    imageUrl: hasImage ? imageAssetUrl(row.image_id!, row.image_filename!) : null,
    imageAlt: row.image_alt ?? '',
    action: row.action_kind,
    buttonLabel: row.button_label,
    buttonUrl: row.button_url,
    formId: row.form_id,
    trigger: row.trigger_kind,
    delaySeconds: row.delay_seconds,
    scrollPercent: row.scroll_percent,
    position: row.position as PopupPosition,
    pages: row.pages,
    overlayColor: row.overlay_color,
    overlayOpacity: row.overlay_opacity,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** GET /api/owner/popup-overlay. */
export async function getPopupOverlay(db: Kysely<Database>, website: Website, actor: Actor): Promise<PopupOverlayJson> {
  authorize(actor, 'content:read');
  return popupOverlayJson(await readPopupOverlay(db, website.id));
}

/**
 * PUT /api/owner/popup-overlay: the whole design. Text is stored as written (the storefront escapes it). The version
 * stays: fixing a typo does not show the popup again to everyone who closed it; the owner asks for that (showAgain).
 */
export async function updatePopupOverlay(db: Kysely<Database>, website: Website, actor: Actor, input: PopupOverlayBody): Promise<PopupOverlayJson> {
  authorize(actor, 'content:write');
  const errors = designErrors(input);
  const [image, form] = await Promise.all([
    input.imageId !== null && !errors.imageId ? imageExists(db, website.id, input.imageId) : true,
    input.action === 'newsletter' && input.formId !== null ? findLiveForm(db, website.id, input.formId) : undefined,
  ]);
  if (!image) errors.imageId = POPUP_OVERLAY_MESSAGES.unknownImage;
  if (input.action === 'newsletter' && input.formId !== null && form?.kind !== 'newsletter') errors.formId = POPUP_OVERLAY_MESSAGES.notNewsletter;
  if (Object.keys(errors).length > 0) throw invalid(POPUP_OVERLAY_MESSAGES.invalid, errors);
  // A layout without a picture keeps none, and a button popup no form: what is saved is what is shown.
  await savePopupOverlay(db, website.id, {
    ...input,
    imageId: input.layout === 'none' ? null : input.imageId,
    formId: input.action === 'newsletter' ? input.formId : null,
  });
  notifyPopupOverlayChanged(website.id);
  return popupOverlayJson(await readPopupOverlay(db, website.id));
}

/** POST /api/owner/popup-overlay/show-again: a new version, so browsers that stored the old one show it again. */
export async function showPopupOverlayAgain(db: Kysely<Database>, website: Website, actor: Actor): Promise<PopupOverlayJson> {
  authorize(actor, 'content:write');
  await bumpPopupOverlayVersion(db, website.id);
  notifyPopupOverlayChanged(website.id);
  return popupOverlayJson(await readPopupOverlay(db, website.id));
}
