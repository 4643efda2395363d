import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FormBuilderSectionName } from '@vitrine/forms';
import {
  addOwnerFormFieldContract,
  createOwnerFormContract,
  deleteFormSubmissionContract,
  deleteOwnerFormContract,
  deleteOwnerFormFieldContract,
  exportFormSubmissionsContract,
  getFormSubmissionContract,
  getOwnerFormContract,
  listFormSubmissionsContract,
  listOwnerFormsContract,
  markFormSubmissionSpamContract,
  reorderOwnerFormFieldsContract,
  replaceOwnerFormContract,
  replaceOwnerFormFieldContract,
  updateOwnerFormSectionContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import {
  addOwnerFormField,
  createOwnerForm,
  deleteOwnerForm,
  deleteOwnerFormField,
  getOwnerForm,
  listOwnerForms,
  reorderOwnerFormFields,
  replaceOwnerForm,
  replaceOwnerFormField,
  updateOwnerFormSection,
} from './owner-service';
import { deleteFormSubmission, getFormSubmission, listFormSubmissions, markFormSubmissionSpam } from './submissions';
import { exportFormSubmissionsCsv } from './submissions-csv';

/** The owner's form calls (issue 14): definitions by section and by field, deletion, submissions and their CSV. */
export function registerOwnerFormRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...listOwnerFormsContract, handler: async ({ website, actor, query }) => listOwnerForms(db, website, actor, query) });

  app.route({
    ...createOwnerFormContract,
    handler: async ({ website, actor, body }, reply) => {
      const answer = await createOwnerForm(db, website, actor, body);
      reply.status(201);
      return answer;
    },
  });

  app.route({ ...getOwnerFormContract, handler: async ({ website, actor, params }) => getOwnerForm(db, website, actor, params) });

  app.route({
    ...replaceOwnerFormContract,
    handler: async ({ website, actor, params, body }) => replaceOwnerForm(db, website, actor, { formId: params.formId, definition: body.definition }),
  });

  app.route({
    ...updateOwnerFormSectionContract,
    handler: async ({ website, actor, params, body }) =>
      updateOwnerFormSection(db, website, actor, { formId: params.formId, section: params.section as FormBuilderSectionName, changes: body as Record<string, unknown> }),
  });

  app.route({
    ...addOwnerFormFieldContract,
    handler: async ({ website, actor, params, body }, reply) => {
      const answer = await addOwnerFormField(db, website, actor, { formId: params.formId, ...body });
      reply.status(201);
      return answer;
    },
  });

  app.route({
    ...replaceOwnerFormFieldContract,
    handler: async ({ website, actor, params, body }) => replaceOwnerFormField(db, website, actor, { ...params, field: body.field }),
  });

  app.route({ ...deleteOwnerFormFieldContract, handler: async ({ website, actor, params }) => deleteOwnerFormField(db, website, actor, params) });

  app.route({
    ...reorderOwnerFormFieldsContract,
    handler: async ({ website, actor, params, body }) => reorderOwnerFormFields(db, website, actor, { formId: params.formId, fieldIds: body.fieldIds }),
  });

  app.route({
    ...deleteOwnerFormContract,
    handler: async ({ website, actor, params, query }) => deleteOwnerForm(db, website, actor, { formId: params.formId, force: query.force === 'true' }),
  });

  app.route({
    ...listFormSubmissionsContract,
    handler: async ({ website, actor, params, query }) => listFormSubmissions(db, website, actor, { ...query, formId: params.formId }),
  });

  app.route({
    ...exportFormSubmissionsContract,
    handler: async ({ website, actor, params, query }, reply) => {
      const { csv, filename } = await exportFormSubmissionsCsv(db, website, actor, { ...query, formId: params.formId });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        // A stream is sent as it is (no serialisation); the contract's 200 schema only documents text/csv.
        .send(csv as unknown as string);
    },
  });

  app.route({ ...getFormSubmissionContract, handler: async ({ website, actor, params }) => getFormSubmission(db, website, actor, params) });

  app.route({
    ...markFormSubmissionSpamContract,
    handler: async ({ website, actor, params, body }) => markFormSubmissionSpam(db, website, actor, { ...params, isSpam: body.isSpam }),
  });

  app.route({ ...deleteFormSubmissionContract, handler: async ({ website, actor, params }) => deleteFormSubmission(db, website, actor, params) });
}
