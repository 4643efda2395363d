import { useQuery } from '@tanstack/react-query';
import type {
  CampaignDraft, CampaignReply, InventoryReply, ListCampaignsReply, MailPreviewReply,
  cancelCampaignContract, createCampaignContract, deleteCampaignContract, getCampaignContract, listCampaignsContract, listInventoryContract,
  previewCampaignContract, sendCampaignContract, testCampaignContract, updateCampaignContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** Mail → Campaigns' calls (type-only contract imports: no TypeBox in the bundle). */
export const CAMPAIGN_ROUTES = {
  list: callRoute<typeof listCampaignsContract>('GET', '/api/owner/campaigns'),
  create: callRoute<typeof createCampaignContract>('POST', '/api/owner/campaigns'),
  get: callRoute<typeof getCampaignContract>('GET', '/api/owner/campaigns/:campaignId'),
  update: callRoute<typeof updateCampaignContract>('PUT', '/api/owner/campaigns/:campaignId'),
  remove: callRoute<typeof deleteCampaignContract>('DELETE', '/api/owner/campaigns/:campaignId'),
  preview: callRoute<typeof previewCampaignContract>('POST', '/api/owner/campaigns/preview'),
  test: callRoute<typeof testCampaignContract>('POST', '/api/owner/campaigns/test'),
  send: callRoute<typeof sendCampaignContract>('POST', '/api/owner/campaigns/:campaignId/send'),
  cancel: callRoute<typeof cancelCampaignContract>('POST', '/api/owner/campaigns/:campaignId/cancel'),
  products: callRoute<typeof listInventoryContract>('GET', '/api/owner/products'),
} as const;

export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string) => ['campaigns', id] as const,
  products: ['campaigns', 'products'] as const,
};

export function useCampaigns() {
  const client = useOwnerClient();
  // Counts move while a campaign is sending: asked again every 5 s then.
  return useQuery<ListCampaignsReply>({
    queryKey: campaignKeys.all,
    queryFn: () => client.call(CAMPAIGN_ROUTES.list, {}) as Promise<ListCampaignsReply>,
    refetchInterval: (query) => (query.state.data?.campaigns.some((each) => each.status === 'sending') ? 5000 : false),
  });
}

export function useCampaign(campaignId: string) {
  const client = useOwnerClient();
  return useQuery<CampaignReply>({ queryKey: campaignKeys.one(campaignId), queryFn: () => client.call(CAMPAIGN_ROUTES.get, { params: { campaignId } }) as Promise<CampaignReply>, enabled: campaignId !== 'new' });
}

/** The store's products, for product cards (the first 200 by title). */
export function useCampaignProducts() {
  const client = useOwnerClient();
  return useQuery<InventoryReply>({ queryKey: campaignKeys.products, queryFn: () => client.call(CAMPAIGN_ROUTES.products, { query: { sort: 'name', direction: 'asc', limit: '200' } }) as Promise<InventoryReply> });
}

export const bodyOf = (draft: CampaignDraft) => ({
  subject: draft.subject, preheader: draft.preheader, trackOpens: draft.trackOpens,
  audience: draft.audience as { kind: string; tag?: string; language?: string },
  blocks: draft.blocks as Array<{ type: string; text?: string; label?: string; url?: string; alt?: string; productIds?: string[] }>,
});

export function useCampaignActions() {
  const client = useOwnerClient();
  const invalidates = [campaignKeys.all];
  return {
    create: useOwnerMutation({ mutationFn: (draft: CampaignDraft) => client.call(CAMPAIGN_ROUTES.create, { body: bodyOf(draft) }) as Promise<CampaignReply>, invalidates }),
    update: useOwnerMutation({ mutationFn: ({ id, draft }: { id: string; draft: CampaignDraft }) => client.call(CAMPAIGN_ROUTES.update, { params: { campaignId: id }, body: bodyOf(draft) }) as Promise<CampaignReply>, invalidates }),
    remove: useOwnerMutation({ mutationFn: (id: string) => client.call(CAMPAIGN_ROUTES.remove, { params: { campaignId: id } }) as Promise<{ deleted: true; id: string }>, invalidates }),
    send: useOwnerMutation({ mutationFn: ({ id, sendAt }: { id: string; sendAt: string | null }) => client.call(CAMPAIGN_ROUTES.send, { params: { campaignId: id }, body: { sendAt } }) as Promise<CampaignReply>, invalidates }),
    cancel: useOwnerMutation({ mutationFn: (id: string) => client.call(CAMPAIGN_ROUTES.cancel, { params: { campaignId: id } }) as Promise<CampaignReply>, invalidates }),
    test: useOwnerMutation({ mutationFn: (draft: CampaignDraft) => client.call(CAMPAIGN_ROUTES.test, { body: bodyOf(draft) }) as Promise<{ sentTo: string; mailId: string }>, invalidates: [['mail']] }),
    preview: (draft: CampaignDraft) => client.call(CAMPAIGN_ROUTES.preview, { body: bodyOf(draft) }) as Promise<MailPreviewReply>,
  };
}
