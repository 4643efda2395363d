import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from './index';

// This package runs in the browser and on the server: its sources may use neither Node-only APIs nor the DOM,
// and import nothing but their siblings and @vitrine/format.
const sourceDir = import.meta.dirname;
const sources = readdirSync(sourceDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('package purity', () => {
  it.each(sources)('%s imports nothing but its siblings and @vitrine/format', (name) => {
    const text = readFileSync(join(sourceDir, name), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    for (const specifier of imports) expect(specifier).toMatch(/^(\.\/[a-z-]+|@vitrine\/format(\/[a-z-]+){0,2})$/);
    expect(text).not.toMatch(/\b(process|Buffer|require|window|document|globalThis|fetch|localStorage)\b\s*[.(]/);
  });

  it('exports the public API from the index', () => {
    for (const name of [
      'FIELD_KINDS', 'FIELD_PARTS', 'REQUIRED_PARTS', 'LIKERT_ANSWERS', 'emptyValueOf', 'readFieldDefinitions',
      'isValidEmail', 'EMAIL_PATTERN', 'FORM_LIMITS', 'FORM_MESSAGES', 'FIELD_RULE_MESSAGES',
      'submissionFailure', 'problemLines', 'maxLengthCounter', 'shapeFormValues',
      'buildSubmissionEnvelope', 'validateFormValues', 'validateFormSubmission', 'validateFieldValue',
      'summarizeField', 'summaryText', 'summaryFieldsOf', 'noAnswerText', 'validateFormDefinition',
      'validateFormDefinitionUpdate', 'validateFieldDefinition', 'isSafeSuccessRedirect', 'FORM_BUILDER_SECTIONS',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
  });
});
