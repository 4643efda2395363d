import type { OwnerFormJson } from '@vitrine/contracts';
import type { FieldDefinition } from '@vitrine/forms/fields';

/** The demo-like contact form the Forms tests read and edit. */
export const fields: FieldDefinition[] = [
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'message', type: 'textarea', title: 'Message', maxLength: 500 },
];

export function formOf(over: Partial<OwnerFormJson['definition']> = {}, rest: Partial<OwnerFormJson> = {}): OwnerFormJson {
  return {
    id: 'f1',
    kind: 'form',
    name: 'Get in touch',
    fieldCount: 3,
    submissionCount: 2,
    spamCount: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    deletedAt: null,
    pages: [{ id: 'p1', title: 'Contact', path: '/contact' }],
    definition: {
      name: 'Get in touch',
      fields: fields as unknown as OwnerFormJson['definition']['fields'],
      submissionMessage: '',
      submissionHTML: '',
      successRedirect: '',
      disclaimerMessage: '',
      captcha: { enabled: false },
      storage: 'keep',
      ...over,
    },
    ...rest,
  };
}

