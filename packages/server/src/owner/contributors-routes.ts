import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  cancelContributorInvitationContract, changeContributorRoleContract, inviteContributorContract, listContributorsContract, removeContributorContract,
} from '@vitrine/contracts';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { cancelContributorInvitation, changeContributorRole, inviteContributor, listContributors, removeContributor } from './contributors-service';

/** The contributors panel's calls (Settings → Contributors): list, invite by mail, change a role, remove, cancel an invitation. */
export function registerContributorRoutes(fastify: FastifyInstance, context: SharedParts & { mail: MailSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;

  app.route({ ...listContributorsContract, handler: async ({ website, actor }) => listContributors(db, website, actor) });

  app.route({
    ...inviteContributorContract,
    handler: async ({ website, actor, body }, reply) => {
      const invited = await inviteContributor(db, website, actor, body, context.mail);
      reply.status(201);
      return invited;
    },
  });

  app.route({
    ...cancelContributorInvitationContract,
    handler: async ({ website, actor, params }) => cancelContributorInvitation(db, website, actor, params.invitationId),
  });

  app.route({
    ...changeContributorRoleContract,
    handler: async ({ website, actor, params, body }) => changeContributorRole(db, website, actor, params.siteUserId, body),
  });

  app.route({ ...removeContributorContract, handler: async ({ website, actor, params }) => removeContributor(db, website, actor, params.siteUserId) });
}
