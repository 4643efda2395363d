import type { CreateMemberAreaBody, MemberAreaAccessName, MemberAreaJson } from '@vitrine/contracts';
import { MEMBER_TEXTS as T } from './texts';

/** The member area form as typed: every field a string (or the chosen pages in order), read into a body on save. */
export interface AreaForm {
  name: string;
  description: string;
  access: MemberAreaAccessName;
  paywallProductId: string;
  durationDays: string;
  joinButtonText: string;
  pageIds: string[];
}

export type AreaFormErrors = Partial<Record<'name' | 'paywallProductId' | 'durationDays', string>>;

export const EMPTY_AREA_FORM: AreaForm = { name: '', description: '', access: 'free', paywallProductId: '', durationDays: '', joinButtonText: '', pageIds: [] };

export function areaFormOf(area: MemberAreaJson): AreaForm {
  return {
    name: area.name,
    description: area.description,
    access: area.access,
    paywallProductId: area.paywallProductId ?? '',
    durationDays: area.durationDays === null ? '' : String(area.durationDays),
    joinButtonText: area.joinButtonText,
    pageIds: area.pages.map((page) => page.id),
  };
}

/** Ticking a page adds it at the end (the first chosen stays where members land); unticking removes it. */
export function togglePage(form: AreaForm, pageId: string, chosen: boolean): AreaForm {
  const without = form.pageIds.filter((id) => id !== pageId);
  return { ...form, pageIds: chosen ? [...without, pageId] : without };
}

/** What the server would refuse, said before calling it: a name, a paid area's product, a whole number of days. */
export function checkAreaForm(form: AreaForm): AreaFormErrors {
  const errors: AreaFormErrors = {};
  const name = form.name.trim();
  if (name.length === 0 || name.length > 100) errors.name = T.nameRequired;
  if (form.access === 'paid' && !form.paywallProductId) errors.paywallProductId = T.productRequired;
  const days = form.durationDays.trim();
  if (form.access === 'paid' && days !== '' && !(/^\d{1,4}$/.test(days) && Number(days) >= 1 && Number(days) <= 3650)) errors.durationDays = T.durationInvalid;
  return errors;
}

/**
 * The body of a create (and, with the version, of an update): a free area carries no product or length, so
 * switching a paid area to free clears them on the server too.
 */
export function areaBodyOf(form: AreaForm): CreateMemberAreaBody {
  const paid = form.access === 'paid';
  const days = form.durationDays.trim();
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    access: form.access,
    paywallProductId: paid ? form.paywallProductId : null,
    durationDays: paid && days !== '' ? Number(days) : null,
    joinButtonText: form.joinButtonText.trim(),
    pageIds: form.pageIds,
  };
}

/** The server's 400 `errors` (keyed by field path: 'name', 'pageIds.0') placed on the form's fields. */
export function areaErrorsFromServer(errors: Readonly<Record<string, string>> | undefined): AreaFormErrors {
  const placed: AreaFormErrors = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const field = path.replace(/^\//, '').split(/[./]/)[0];
    if (field === 'name' || field === 'paywallProductId' || field === 'durationDays') placed[field] = message;
  }
  return placed;
}
