import { useQuery } from '@tanstack/react-query';
import type {
  getMailTemplateContract, listMailTemplatesContract, ListMailTemplatesReply, MailPreviewReply, MailTemplateReply, previewMailTemplateContract,
  resetMailTemplateContract, saveMailTemplateContract, sendTestMailTemplateContract, MailTemplateDraft, EditableMailTemplate,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** Settings → Mail → Templates' calls (type-only contract imports: no TypeBox in the bundle). */
export const TEMPLATE_ROUTES = {
  list: callRoute<typeof listMailTemplatesContract>('GET', '/api/owner/mail-templates'),
  get: callRoute<typeof getMailTemplateContract>('GET', '/api/owner/mail-templates/:name'),
  save: callRoute<typeof saveMailTemplateContract>('PUT', '/api/owner/mail-templates/:name'),
  reset: callRoute<typeof resetMailTemplateContract>('DELETE', '/api/owner/mail-templates/:name'),
  preview: callRoute<typeof previewMailTemplateContract>('POST', '/api/owner/mail-templates/:name/preview'),
  test: callRoute<typeof sendTestMailTemplateContract>('POST', '/api/owner/mail-templates/:name/test'),
} as const;

export const templateKeys = {
  all: ['mail-templates'] as const,
  one: (name: string) => ['mail-templates', name] as const,
};

export function useMailTemplates() {
  const client = useOwnerClient();
  return useQuery<ListMailTemplatesReply>({ queryKey: templateKeys.all, queryFn: () => client.call(TEMPLATE_ROUTES.list, {}) as Promise<ListMailTemplatesReply> });
}

export function useMailTemplate(name: EditableMailTemplate) {
  const client = useOwnerClient();
  return useQuery<MailTemplateReply>({ queryKey: templateKeys.one(name), queryFn: () => client.call(TEMPLATE_ROUTES.get, { params: { name } }) as Promise<MailTemplateReply> });
}

const bodyOf = (draft: MailTemplateDraft) => ({ subject: draft.subject, blocks: draft.blocks as Array<{ type: string; text?: string; label?: string; url?: string }> });

export function useTemplateActions(name: EditableMailTemplate) {
  const client = useOwnerClient();
  return {
    save: useOwnerMutation({ mutationFn: (draft: MailTemplateDraft) => client.call(TEMPLATE_ROUTES.save, { params: { name }, body: bodyOf(draft) }) as Promise<MailTemplateReply>, invalidates: [templateKeys.all] }),
    reset: useOwnerMutation({ mutationFn: () => client.call(TEMPLATE_ROUTES.reset, { params: { name } }) as Promise<MailTemplateReply>, invalidates: [templateKeys.all] }),
    test: useOwnerMutation({ mutationFn: (draft: MailTemplateDraft) => client.call(TEMPLATE_ROUTES.test, { params: { name }, body: bodyOf(draft) }) as Promise<{ sentTo: string; mailId: string }>, invalidates: [['mail']] }),
    preview: (draft: MailTemplateDraft) => client.call(TEMPLATE_ROUTES.preview, { params: { name }, body: bodyOf(draft) }) as Promise<MailPreviewReply>,
  };
}
