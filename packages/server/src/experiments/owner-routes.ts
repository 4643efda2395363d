import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createOwnerExperimentContract,
  deleteOwnerExperimentContract,
  getExperimentResultsContract,
  getFeatureFlagsContract,
  getOwnerExperimentContract,
  listOwnerExperimentsContract,
  updateFeatureFlagsContract,
  updateOwnerExperimentContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { createOwnerExperiment, deleteOwnerExperiment, getOwnerExperiment, listOwnerExperiments, updateOwnerExperiment } from './definitions-service';
import { getFeatureFlags, updateFeatureFlags } from './feature-flags';
import { getExperimentResults } from './results-service';

/** The owner's experiment, results and feature-flag calls (issue 19). */
export function registerOwnerExperimentRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...listOwnerExperimentsContract, handler: async ({ website, actor }) => listOwnerExperiments(db, website, actor) });
  app.route({
    ...createOwnerExperimentContract,
    handler: async ({ website, actor, body }, reply) => {
      const answer = await createOwnerExperiment(db, website, actor, body);
      reply.status(201);
      return answer;
    },
  });
  app.route({ ...getOwnerExperimentContract, handler: async ({ website, actor, params }) => getOwnerExperiment(db, website, actor, params.experimentId) });
  app.route({
    ...updateOwnerExperimentContract,
    handler: async ({ website, actor, params, body }) => updateOwnerExperiment(db, website, actor, { experimentId: params.experimentId, ...body }),
  });
  app.route({ ...deleteOwnerExperimentContract, handler: async ({ website, actor, params }) => deleteOwnerExperiment(db, website, actor, params.experimentId) });
  app.route({
    ...getExperimentResultsContract,
    handler: async ({ website, actor, params, query }) => getExperimentResults(db, website, actor, { experimentId: params.experimentId, ...query }),
  });
  app.route({ ...getFeatureFlagsContract, handler: async ({ website, actor }) => getFeatureFlags(db, website, actor) });
  app.route({ ...updateFeatureFlagsContract, handler: async ({ website, actor, body }) => updateFeatureFlags(db, website, actor, body) });
}
