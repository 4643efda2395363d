import { useQuery } from '@tanstack/react-query';
import type { getSiteLayoutContract, SiteLayoutJson, UpdateNavigationBody, updateNavigationContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The navigation section's calls (type-only imports of the contracts). */
export const NAVIGATION_ROUTES = {
  layout: callRoute<typeof getSiteLayoutContract>('GET', '/api/commondata/GetSiteLayout'),
  update: callRoute<typeof updateNavigationContract>('POST', '/api/widget/UpdateNavigation'),
} as const;

export const navigationKeys = { all: ['site-layout'] as const };

export function useSiteLayout() {
  const client = useOwnerClient();
  return useQuery<SiteLayoutJson>({
    queryKey: navigationKeys.all,
    queryFn: () => client.call(NAVIGATION_ROUTES.layout) as Promise<SiteLayoutJson>,
  });
}

export function useSaveNavigation() {
  const client = useOwnerClient();
  return useOwnerMutation<UpdateNavigationBody, SiteLayoutJson>({
    mutationFn: (body) => client.call(NAVIGATION_ROUTES.update, { body }) as Promise<SiteLayoutJson>,
    invalidates: [navigationKeys.all],
  });
}

/** The main navigation's identifier (the server's MAIN_NAVIGATION). */
export const MAIN_NAVIGATION = 'mainNav';

export const NAVIGATION_TEXTS = {
  intro: 'The links at the top of every page. Reorder them by dragging or with Move up and Move down; Indent makes a link part of the one above it (menus nest three levels at most). The header shows the top level.',
  main: 'Main navigation',
  other: (identifier: string) => `Navigation “${identifier}”`,
  noMain: 'Unable to find site main navigation',
  noMainHelp: 'The site has no main navigation. Add links and save to make one.',
  empty: 'No links yet.',
  listLabel: (name: string) => `Links of the ${name.toLowerCase()}`,
  title: (title: string, position: string) => `Title of link ${position}${title ? ` (${title})` : ''}`,
  store: 'Store',
  memberArea: 'Member area',
  address: 'Address',
  folder: 'Folder (holds links)',
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  indent: (title: string) => `Indent ${title}`,
  outdent: (title: string) => `Outdent ${title}`,
  remove: (title: string) => `Remove ${title}`,
  drag: (title: string) => `Drag ${title}`,
  untitled: 'Untitled link',
  moved: (title: string, position: number, total: number) => `${title} moved to position ${position} of ${total}.`,
  indented: (title: string, parent: string) => `${title} is now inside ${parent}.`,
  outdented: (title: string) => `${title} moved up a level.`,
  removed: (title: string) => `${title} removed.`,
  added: (title: string) => `${title} added at the end.`,
  confirmRemoveTitle: (title: string) => `Remove ${title}?`,
  confirmRemoveMessage: (children: number) =>
    children > 0
      ? `The link and the ${children === 1 ? 'link' : `${children} links`} inside it leave the navigation when you save.`
      : 'The link leaves the navigation when you save.',
  confirmRemoveLabel: 'Remove link',
  addHeading: 'Add a link',
  linkTo: 'Link to',
  aStore: 'A store',
  aMemberArea: 'A member area',
  anAddress: 'An address',
  storeLabel: 'Store',
  memberAreaLabel: 'Member area',
  memberAreaHelp: 'The link opens the first page the area gates; visitors who are not members see its join page.',
  addressLabel: 'Address',
  addressHelp: 'A web address (https://…), a mailto: address, or a path on this site such as /cart.',
  newTitle: 'Title',
  newTitleHelp: 'Leave empty to use the store’s or the member area’s name, or the address.',
  add: 'Add link',
  noStores: 'No store is linked from the navigation yet.',
  tooMany: `A navigation holds at most 100 links.`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  reset: 'Discard changes',
  unsaved: 'Unsaved changes.',
  readOnly: 'Your role may read the navigation but not change it.',
} as const;
