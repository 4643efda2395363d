import { useQuery } from '@tanstack/react-query';
import type { getSiteTemplatesContract, SiteTemplatesJson, switchSiteTemplateContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import { designKeys } from './design-api';

/** Design → Change template's calls: the theme's starter templates and the switch (site-styles domain). */
export const TEMPLATE_ROUTES = {
  templates: callRoute<typeof getSiteTemplatesContract>('GET', '/api/site-templates'),
  switch: callRoute<typeof switchSiteTemplateContract>('POST', '/api/site-templates/switch'),
} as const;

export type { SiteTemplatesJson };
export const templateKeys = { templates: ['site-templates'] as const };

export function useSiteTemplates() {
  const client = useOwnerClient();
  return useQuery<SiteTemplatesJson>({ queryKey: templateKeys.templates, queryFn: () => client.call(TEMPLATE_ROUTES.templates) as Promise<SiteTemplatesJson> });
}

/** A switch publishes a new style version: the styles, their versions and the list refetch. */
export function useSwitchTemplate() {
  const client = useOwnerClient();
  return useOwnerMutation<string, SiteTemplatesJson>({
    mutationFn: (templateId) => client.call(TEMPLATE_ROUTES.switch, { body: { templateId } }) as Promise<SiteTemplatesJson>,
    invalidates: [templateKeys.templates, designKeys.all],
  });
}
