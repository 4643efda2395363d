import { sql, type Kysely, type Selectable } from 'kysely';
import type { PopupOverlayBody } from '@vitrine/contracts';
import type { Database, PopupOverlaysTable } from '../db/schema';

type Db = Kysely<Database>;
export type PopupOverlayRow = Selectable<PopupOverlaysTable>;

/** The popup with its picture's address parts (the picture is the images domain's row, read here, never written). */
export interface PopupOverlayRecord extends PopupOverlayRow {
  image_filename: string | null;
  image_alt: string | null;
}

export async function readPopupOverlay(db: Db, websiteId: string): Promise<PopupOverlayRecord | undefined> {
  return db
    .selectFrom('popup_overlays as p')
    .leftJoin('images as i', (join) => join.onRef('i.id', '=', 'p.image_id').onRef('i.website_id', '=', 'p.website_id'))
    .selectAll('p')
    .select(['i.filename as image_filename', 'i.alt_text as image_alt'])
    .where('p.website_id', '=', websiteId)
    .executeTakeFirst();
}

/** Whether a picture of this website exists (the image chosen for the popup). */
export async function imageExists(db: Db, websiteId: string, imageId: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('id').where('website_id', '=', websiteId).where('id', '=', imageId).executeTakeFirst();
  return row !== undefined;
}

/** Writes the whole design in one statement (a first save inserts); the version is left as it is. */
export async function savePopupOverlay(db: Db, websiteId: string, input: PopupOverlayBody): Promise<void> {
  const design = {
    enabled: input.enabled,
    layout: input.layout,
    heading: input.heading,
    body: input.body,
    image_id: input.imageId,
    action_kind: input.action,
    button_label: input.buttonLabel,
    button_url: input.buttonUrl,
    form_id: input.formId,
    trigger_kind: input.trigger,
    delay_seconds: input.delaySeconds,
    scroll_percent: input.scrollPercent,
    position: input.position,
    pages: input.pages,
    overlay_color: input.overlayColor.toLowerCase(),
    overlay_opacity: input.overlayOpacity,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('popup_overlays')
    .values({ website_id: websiteId, ...design })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet(design))
    .execute();
}

/** Adds one to the version in one statement, so two "show again" at once make two versions, never one. */
export async function bumpPopupOverlayVersion(db: Db, websiteId: string): Promise<void> {
  await db
    .insertInto('popup_overlays')
    .values({ website_id: websiteId, version: 2 })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({ version: sql<number>`popup_overlays.version + 1`, updated_at: sql<Date>`now()` }))
    .execute();
}
