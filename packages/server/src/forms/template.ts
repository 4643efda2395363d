import { FIELD_PART_LABELS, FORM_MESSAGES } from '@vitrine/forms';
import type { FormTemplateReply } from '@vitrine/contracts';

/**
 * GET /api/template/GetTemplateSchema?type=form: the form block's template (the theme's block, which renders
 * the SiteForm island from a `{ id, type, form }` block) and every string the widget shows, by name — the
 * spec's messages and the sub-field labels of multi-part fields.
 */
export function formTemplate(blockTemplate: string): FormTemplateReply {
  const localizedStrings: Record<string, string> = { ...FORM_MESSAGES };
  for (const [kind, parts] of Object.entries(FIELD_PART_LABELS)) {
    for (const [part, label] of Object.entries(parts)) localizedStrings[`${kind}.${part}`] = label;
  }
  return { html: blockTemplate, localizedStrings };
}
