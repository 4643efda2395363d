import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITABLE_BLOCKS } from './definitions';

describe('the package README', () => {
  it("has a settings table for every editable block, naming each of its top-level keys", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const definition of EDITABLE_BLOCKS) {
      const heading = `### ${definition.label} — \`${definition.name}\` ${definition.type}`;
      expect(readme, heading).toContain(heading);
      const section = readme.split(heading)[1]!.split('\n### ')[0]!;
      for (const key of Object.keys(definition.schema.properties)) expect(section, `${definition.name}.${key}`).toContain(`| \`${key}`);
    }
  });
});
