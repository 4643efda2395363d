import Type, { type Static, type TSchema } from 'typebox';
import { DEFINITION_MESSAGES, EXPERIMENT_LIMITS, FEATURE_FLAG_RANGE } from '@vitrine/experiments';
import { EVENT_SCHEMA_NAMES } from '@vitrine/tracking/event-names';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * The owner's experiments and feature flags (issue 19): feature toggles and A/B tests of the website (and,
 * read-only here, the platform-wide ones the operator defines), their results, and the platform feature
 * flags 1–70. The definition rules are @vitrine/experiments' `checkDefinition`, run in code so the messages
 * are the same as everywhere; the schemas here bound shapes and sizes.
 */

const tags = ['owner-experiments'];
const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A request string that must be one of `values` (typed as their union). */
const OneOf = <V extends string>(values: readonly V[], message?: string) =>
  Type.Unsafe<V>(Text({ pattern: `^(${values.join('|')})$`, ...(message ? withMessage(message) : {}) }));

export const OWNER_EXPERIMENT_MESSAGES = {
  experimentId: 'experimentId must be an experiment id.',
  version: 'version must be the version you read (a whole number).',
  conversionEvent: `conversionEvent must be one of the analytics events: ${EVENT_SCHEMA_NAMES.join(', ')}.`,
  time: 'startsAt and endsAt must be ISO 8601 times, or null.',
  segment: 'segment must be null or { name, rules: { locales?, devices?, visitor?, signedIn? } }.',
  variants: DEFINITION_MESSAGES.variants,
  flags: `flags must list { code (1–${FEATURE_FLAG_RANGE.max}), enabled } at most once each.`,
  range: 'from and to must be dates (YYYY-MM-DD), from not after to.',
  notFound: 'No experiment has this id.',
  platformOwned: 'This experiment is defined for the whole platform; its operator changes it.',
  changedElsewhere: 'This experiment was changed elsewhere. Reload to see the latest version.',
  nameTaken: 'This website already has an experiment with this name.',
} as const;

/** An ISO 8601 time with its zone (checked again in code: a real date). */
const IsoTime = Nullable(Text({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$', maxLength: 40 }));

const SegmentSchema = Nullable(
  Type.Object(
    {
      name: Text({ minLength: 1, maxLength: 64 }),
      rules: Type.Object(
        {
          locales: Type.Optional(Type.Array(Text({ maxLength: 10 }), { maxItems: EXPERIMENT_LIMITS.segmentLocales })),
          devices: Type.Optional(Type.Array(OneOf(['desktop', 'phone', 'tablet'] as const), { maxItems: 3 })),
          visitor: Type.Optional(OneOf(['new', 'returning'] as const)),
          signedIn: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);

const VariantsSchema = Type.Array(
  Type.Object({ name: Text({ minLength: 1, maxLength: EXPERIMENT_LIMITS.variantNameLength }), weight: Type.Number({ minimum: 0, maximum: 100 }) }, { additionalProperties: false }),
  { minItems: 2, maxItems: EXPERIMENT_LIMITS.variants, ...withMessage(OWNER_EXPERIMENT_MESSAGES.variants) },
);

const ConversionEventSchema = Text({ pattern: `^(${EVENT_SCHEMA_NAMES.join('|')})$`, ...withMessage(OWNER_EXPERIMENT_MESSAGES.conversionEvent) });

const definitionFields = {
  name: Text({ minLength: 1, maxLength: EXPERIMENT_LIMITS.nameLength, ...withMessage(DEFINITION_MESSAGES.name) }),
  experimentType: OneOf(['FEATURE_TOGGLE', 'AB_TEST'] as const, DEFINITION_MESSAGES.experimentType),
  variants: VariantsSchema,
  segment: Type.Optional(Type.Unsafe<Static<typeof SegmentSchema>>({ ...SegmentSchema, ...withMessage(OWNER_EXPERIMENT_MESSAGES.segment) })),
  status: Type.Optional(OneOf(['draft', 'running', 'stopped'] as const, DEFINITION_MESSAGES.status)),
  startsAt: Type.Optional(Type.Unsafe<string | null>({ ...IsoTime, ...withMessage(OWNER_EXPERIMENT_MESSAGES.time) })),
  endsAt: Type.Optional(Type.Unsafe<string | null>({ ...IsoTime, ...withMessage(OWNER_EXPERIMENT_MESSAGES.time) })),
  conversionEvent: Type.Optional(ConversionEventSchema),
};

export const CreateExperimentBodySchema = RequestBody(definitionFields);
export type CreateExperimentBody = Static<typeof CreateExperimentBodySchema>;

export const UpdateExperimentBodySchema = RequestBody({
  version: Type.Integer({ minimum: 1, ...withMessage(OWNER_EXPERIMENT_MESSAGES.version) }),
  ...definitionFields,
});
export type UpdateExperimentBody = Static<typeof UpdateExperimentBodySchema>;

export const ExperimentParamsSchema = RequestParams({
  experimentId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_EXPERIMENT_MESSAGES.experimentId) }),
});

export const OwnerExperimentSchema = ResponseObject({
  id: Type.String(),
  /** 'website': this website's own; 'platform': defined for every website by the operator (read-only here). */
  scope: Type.Union([Type.Literal('website'), Type.Literal('platform')]),
  name: Type.String(),
  experimentType: Type.Union([Type.Literal('FEATURE_TOGGLE'), Type.Literal('AB_TEST')]),
  variants: Type.Array(ResponseObject({ name: Type.String(), weight: Type.Number() })),
  segment: Nullable(ResponseObject({ name: Type.String(), rules: ResponseObject({}) })),
  status: Type.Union([Type.Literal('draft'), Type.Literal('running'), Type.Literal('stopped')]),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  conversionEvent: Type.String(),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type OwnerExperiment = Static<typeof OwnerExperimentSchema>;

const ExperimentReply = ResponseObject({ experiment: OwnerExperimentSchema });

export const listOwnerExperimentsContract = defineContract({
  operationId: 'listOwnerExperiments',
  method: 'GET',
  url: '/api/owner/experiments',
  summary: "The website's feature toggles and A/B tests, then the platform-wide ones it inherits, by name.",
  tags,
  access: 'site:read',
  schema: { response: { 200: ResponseObject({ experiments: Type.Array(OwnerExperimentSchema) }), ...ERROR_RESPONSES } },
});

export const createOwnerExperimentContract = defineContract({
  operationId: 'createOwnerExperiment',
  method: 'POST',
  url: '/api/owner/experiments',
  summary: 'Defines a feature toggle or an A/B test (a draft unless a status is given).',
  tags,
  access: 'site:write',
  schema: { body: CreateExperimentBodySchema, response: { 201: ExperimentReply, ...ERROR_RESPONSES } },
});

export const getOwnerExperimentContract = defineContract({
  operationId: 'getOwnerExperiment',
  method: 'GET',
  url: '/api/owner/experiments/:experimentId',
  summary: 'One experiment.',
  tags,
  access: 'site:read',
  schema: { params: ExperimentParamsSchema, response: { 200: ExperimentReply, ...ERROR_RESPONSES } },
});

export const updateOwnerExperimentContract = defineContract({
  operationId: 'updateOwnerExperiment',
  method: 'PUT',
  url: '/api/owner/experiments/:experimentId',
  summary: 'Replaces a definition (start, stop, weights, segment…) made on the version read; 409 when another change came first.',
  tags,
  access: 'site:write',
  schema: { params: ExperimentParamsSchema, body: UpdateExperimentBodySchema, response: { 200: ExperimentReply, ...ERROR_RESPONSES } },
});

export const deleteOwnerExperimentContract = defineContract({
  operationId: 'deleteOwnerExperiment',
  method: 'DELETE',
  url: '/api/owner/experiments/:experimentId',
  summary: 'Deletes an experiment (its exposures stay for the record; visitors get the default again).',
  tags,
  access: 'site:write',
  schema: { params: ExperimentParamsSchema, response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String() }), ...ERROR_RESPONSES } },
});

const IntervalSchema = ResponseObject({ low: Type.Number(), high: Type.Number() });

export const ExperimentResultsSchema = ResponseObject({
  experimentId: Type.String(),
  name: Type.String(),
  conversionEvent: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** How the numbers are computed (server README "Experiments"). */
  method: Type.String(),
  variants: Type.Array(
    ResponseObject({
      variant: Type.String(),
      exposures: Type.Integer(),
      conversions: Type.Integer(),
      rate: Type.Number(),
      rateInterval: IntervalSchema,
      difference: Nullable(ResponseObject({ value: Type.Number(), interval: IntervalSchema, pValue: Type.Number(), significant: Type.Boolean() })),
      enoughData: Type.Boolean(),
    }),
  ),
});
export type ExperimentResults = Static<typeof ExperimentResultsSchema>;

const DateText = Text({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', ...withMessage(OWNER_EXPERIMENT_MESSAGES.range) });

export const getExperimentResultsContract = defineContract({
  operationId: 'getExperimentResults',
  method: 'GET',
  url: '/api/owner/experiments/:experimentId/results',
  summary: 'Exposures and conversions per variant, with 95 % intervals and the test against the control, from the stored analytics events.',
  tags,
  access: 'reports:read',
  schema: {
    params: ExperimentParamsSchema,
    querystring: RequestQuery({ from: Type.Optional(DateText), to: Type.Optional(DateText), conversionEvent: Type.Optional(ConversionEventSchema) }),
    response: { 200: ExperimentResultsSchema, ...ERROR_RESPONSES },
  },
});

export const FeatureFlagsReplySchema = ResponseObject({
  flags: Type.Array(ResponseObject({ code: Type.Integer(), name: Type.String(), enabled: Type.Boolean(), isDefault: Type.Boolean() })),
});
export type FeatureFlagsReply = Static<typeof FeatureFlagsReplySchema>;

export const getFeatureFlagsContract = defineContract({
  operationId: 'getFeatureFlags',
  method: 'GET',
  url: '/api/owner/feature-flags',
  summary: "The platform feature flags 1–70 and whether each is on for this website (and whether that is the platform's default).",
  tags,
  access: 'site:read',
  schema: { response: { 200: FeatureFlagsReplySchema, ...ERROR_RESPONSES } },
});

export const UpdateFeatureFlagsBodySchema = RequestBody({
  flags: Type.Array(
    Type.Object(
      { code: Type.Integer({ minimum: FEATURE_FLAG_RANGE.min, maximum: FEATURE_FLAG_RANGE.max }), enabled: Type.Boolean() },
      { additionalProperties: false },
    ),
    { minItems: 1, maxItems: FEATURE_FLAG_RANGE.max, ...withMessage(OWNER_EXPERIMENT_MESSAGES.flags) },
  ),
});
export type UpdateFeatureFlagsBody = Static<typeof UpdateFeatureFlagsBodySchema>;

export const updateFeatureFlagsContract = defineContract({
  operationId: 'updateFeatureFlags',
  method: 'PUT',
  url: '/api/owner/feature-flags',
  summary: 'Switches feature flags on or off for this website (gift cards 40 off hides gift cards and refuses their calls).',
  tags,
  access: 'site:write',
  schema: { body: UpdateFeatureFlagsBodySchema, response: { 200: FeatureFlagsReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_EXPERIMENT_CONTRACTS = [
  listOwnerExperimentsContract,
  createOwnerExperimentContract,
  getOwnerExperimentContract,
  updateOwnerExperimentContract,
  deleteOwnerExperimentContract,
  getExperimentResultsContract,
  getFeatureFlagsContract,
  updateFeatureFlagsContract,
] as const;
