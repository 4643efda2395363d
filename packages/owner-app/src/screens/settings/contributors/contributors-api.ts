import { useQuery } from '@tanstack/react-query';
import type {
  cancelContributorInvitationContract, changeContributorRoleContract, ContributorJson, ContributorRole, ContributorsReply, InvitedReply, inviteContributorContract,
  listContributorsContract, removeContributorContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The contributors panel's calls (type-only imports of the contracts). */
export const CONTRIBUTOR_ROUTES = {
  list: callRoute<typeof listContributorsContract>('GET', '/api/owner/contributors'),
  invite: callRoute<typeof inviteContributorContract>('POST', '/api/owner/contributors/invitations'),
  cancelInvitation: callRoute<typeof cancelContributorInvitationContract>('DELETE', '/api/owner/contributors/invitations/:invitationId'),
  changeRole: callRoute<typeof changeContributorRoleContract>('PUT', '/api/owner/contributors/:siteUserId/role'),
  remove: callRoute<typeof removeContributorContract>('DELETE', '/api/owner/contributors/:siteUserId'),
} as const;

export const contributorKeys = { all: ['contributors'] as const };

export function useContributors() {
  const client = useOwnerClient();
  return useQuery<ContributorsReply>({ queryKey: contributorKeys.all, queryFn: () => client.call(CONTRIBUTOR_ROUTES.list) as Promise<ContributorsReply> });
}

export function useInviteContributor() {
  const client = useOwnerClient();
  return useOwnerMutation<{ email: string; role: ContributorRole }, InvitedReply>({
    mutationFn: (body) => client.call(CONTRIBUTOR_ROUTES.invite, { body }) as Promise<InvitedReply>,
    invalidates: [contributorKeys.all],
  });
}

export function useCancelInvitation() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { cancelled: true }>({
    mutationFn: (invitationId) => client.call(CONTRIBUTOR_ROUTES.cancelInvitation, { params: { invitationId } }) as Promise<{ cancelled: true }>,
    invalidates: [contributorKeys.all],
  });
}

export function useChangeRole() {
  const client = useOwnerClient();
  return useOwnerMutation<{ siteUserId: string; role: ContributorRole }, { contributor: ContributorJson }>({
    mutationFn: ({ siteUserId, role }) => client.call(CONTRIBUTOR_ROUTES.changeRole, { params: { siteUserId }, body: { role } }) as Promise<{ contributor: ContributorJson }>,
    invalidates: [contributorKeys.all],
  });
}

export function useRemoveContributor() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { removed: true }>({
    mutationFn: (siteUserId) => client.call(CONTRIBUTOR_ROUTES.remove, { params: { siteUserId } }) as Promise<{ removed: true }>,
    invalidates: [contributorKeys.all],
  });
}

/** Looks like an address (something@domain.tld): the app's quick check; the server applies the shared rule. */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(text.trim()) && text.trim().length <= 256;
}

export const CONTRIBUTOR_TEXTS = {
  intro: 'Contributors sign in at /config with their own account. Their role decides what they see and may change.',
  inviteTitle: 'Invite a contributor',
  email: 'Email',
  emailHelp: 'They get an email with a link that works for 7 days, for this address only.',
  emailInvalid: 'Please enter a valid email',
  role: 'Role',
  send: 'Send invitation',
  sending: 'Sending…',
  confirmInviteTitle: 'Send the invitation?',
  confirmInvite: (email: string, role: string) => `${email} gets an email with a link to join as ${role}. The link works for 7 days.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  listTitle: 'People with access',
  you: 'you',
  accepted: 'Active',
  invitedStatus: 'Invited',
  roleOf: (email: string) => `Role of ${email}`,
  saveRole: 'Save role',
  saveRoleOf: (email: string) => `Save role of ${email}`,
  roleSaved: (email: string, role: string) => `${email} is now ${role}.`,
  remove: 'Remove',
  removeOf: (email: string) => `Remove ${email}`,
  removeTitle: 'Remove this contributor?',
  removeMessage: (email: string) => `${email} loses access to this website at once. Their account stays; you can invite them again.`,
  removeConfirm: 'Remove',
  removed: (email: string) => `${email} removed.`,
  cancelInvite: 'Cancel invitation',
  cancelInviteOf: (email: string) => `Cancel the invitation of ${email}`,
  cancelTitle: 'Cancel this invitation?',
  cancelMessage: (email: string) => `The link sent to ${email} stops working.`,
  cancelConfirm: 'Cancel invitation',
  keepInvitation: 'Keep it',
  cancelled: (email: string) => `Invitation to ${email} cancelled.`,
  yourRole: 'Your own role is changed by another admin.',
  expires: (date: string) => `link until ${date}`,
} as const;
