import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { ResponseObject } from './fields';

export const HealthReplySchema = ResponseObject({
  status: Type.Literal('ok'),
  /** Which database answered `SELECT 1`. */
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres'), Type.Literal('unknown')]),
});
export type HealthReply = Static<typeof HealthReplySchema>;

export const getHealthContract = defineContract({
  operationId: 'getHealth',
  method: 'GET',
  url: '/api/health',
  summary: 'Answers once the database answers; for load balancers and process managers.',
  tags: ['health'],
  schema: { response: { 200: HealthReplySchema, ...ERROR_RESPONSES } },
});

export const HEALTH_CONTRACTS = [getHealthContract] as const;
