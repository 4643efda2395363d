import Type, { type Static } from 'typebox';
import { EXPERIMENT_LIMITS } from '@vitrine/experiments';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';

/**
 * The visitor's side of experiments (issue 19 item 2): the page carries its configuration, and the browser
 * reports the first exposure to each experiment (by beacon). The server evaluates the experiment again for
 * this visitor and records the exposure once, as an `experiment-exposure` analytics event.
 */
export const RecordExposureBodySchema = RequestBody({
  name: Text({ minLength: 1, maxLength: EXPERIMENT_LIMITS.nameLength, [MESSAGE_KEYWORD]: 'name must be the name of an experiment.' }),
});
export type RecordExposureBody = Static<typeof RecordExposureBodySchema>;

export const recordExperimentExposureContract = defineContract({
  operationId: 'recordExperimentExposure',
  method: 'POST',
  url: '/api/experiments/exposures',
  summary: "Records the visitor's first exposure to an experiment, after evaluating it again on the server (202 either way).",
  tags: ['experiments'],
  schema: { body: RecordExposureBodySchema, response: { 202: ResponseObject({ recorded: Type.Boolean() }), ...ERROR_RESPONSES } },
});

export const EXPERIMENT_CONTRACTS = [recordExperimentExposureContract] as const;
