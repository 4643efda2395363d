// Every formatter and predicate the reference engine registers is one of ours, so a theme written for the reference
// can use any of them (what they print is checked by the conformance suites).
import { Formatters, Predicates } from '@squarespace/template-engine';
import { describe, expect, it } from 'vitest';
import '../index';
import { FORMATTERS, PREDICATES } from '../registry';

describe('the reference engine’s formatter and predicate names', () => {
  it('are all registered here', () => {
    const missingFormatters = Object.keys(Formatters).filter((name) => FORMATTERS[name] === undefined);
    const missingPredicates = Object.keys(Predicates).filter((name) => PREDICATES[name] === undefined);
    expect({ missingFormatters, missingPredicates }).toEqual({ missingFormatters: [], missingPredicates: [] });
  });

  it('is a list worth comparing (the reference still exports its tables)', () => {
    expect(Object.keys(Formatters).length).toBeGreaterThan(90);
    expect(Object.keys(Predicates).length).toBeGreaterThan(90);
  });
});
