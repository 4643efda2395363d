// scripts/audit.mjs on reports shaped like `npm audit --json` (auditReportVersion 2), written here by hand.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { advisoriesOf, classifyFailure, evaluate, validateExceptions } from './audit.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audit.mjs');

function advisory(source, ghsa, name, severity, title = `${name} is unsafe`) {
  return { source, name, dependency: name, title, url: `https://example.test/advisories/${ghsa}`, severity, cwe: [], range: '<2.0.0' };
}

const report = {
  auditReportVersion: 2,
  vulnerabilities: {
    parser: {
      name: 'parser', severity: 'high', isDirect: false, range: '<2.0.0', nodes: ['node_modules/parser'],
      via: [advisory(1001, 'GHSA-aaaa-bbbb-cccc', 'parser', 'high'), advisory(1002, 'GHSA-cccc-dddd-ffff', 'parser', 'low')],
      effects: ['framework'], fixAvailable: true,
    },
    framework: {
      name: 'framework', severity: 'high', isDirect: true, range: '1.0.0 - 1.2.0', nodes: ['node_modules/framework'],
      via: ['parser', advisory(1003, 'GHSA-gggg-hhhh-jjjj', 'framework', 'moderate')], effects: [], fixAvailable: false,
    },
    other: {
      name: 'other', severity: 'high', isDirect: false, range: '*', nodes: ['node_modules/x/node_modules/parser'],
      via: [advisory(1001, 'GHSA-aaaa-bbbb-cccc', 'parser', 'high')], effects: [], fixAvailable: true,
    },
  },
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 3, critical: 0, total: 3 }, dependencies: { prod: 40 } },
};

describe('scripts/audit.mjs', () => {
  it('reads each advisory once, by GHSA id, most severe first', () => {
    const advisories = advisoriesOf(report);
    expect(advisories.map((a) => [a.id, a.severity])).toEqual([
      ['GHSA-aaaa-bbbb-cccc', 'high'],
      ['GHSA-gggg-hhhh-jjjj', 'moderate'],
      ['GHSA-cccc-dddd-ffff', 'low'],
    ]);
    expect([...advisories[0].paths]).toEqual(['parser', 'other']);
  });

  it('fails moderate and higher, reports low ones, and honours unexpired exceptions by id, URL or source id', () => {
    const none = evaluate(report, { advisories: {} }, '2026-11-23');
    expect(none.failing.map((f) => f.advisory.id)).toEqual(['GHSA-aaaa-bbbb-cccc', 'GHSA-gggg-hhhh-jjjj']);
    expect(none.below.map((f) => f.advisory.id)).toEqual(['GHSA-cccc-dddd-ffff']);

    const exceptions = {
      advisories: {
        'ghsa-aaaa-bbbb-cccc': { reason: 'only reached from the build', expires: '2026-11-23' },
        'https://example.test/advisories/GHSA-gggg-hhhh-jjjj': { reason: 'not reachable from our routes', review: 'next upgrade' },
        '9999': { reason: 'fixed long ago', expires: '2027-01-01' },
      },
    };
    const today = evaluate(report, exceptions, '2026-11-23');
    expect(today.failing).toEqual([]);
    expect(today.excepted.map((e) => e.advisory.id)).toEqual(['GHSA-aaaa-bbbb-cccc', 'GHSA-gggg-hhhh-jjjj']);
    expect(today.unused).toEqual(['9999']);

    const later = evaluate(report, exceptions, '2026-11-24');
    expect(later.failing.map((f) => [f.advisory.id, f.expired])).toEqual([['GHSA-aaaa-bbbb-cccc', true]]);
  });

  it('rejects exceptions without a reason or without an expiry or review note', () => {
    expect(validateExceptions({ advisories: { a: { reason: 'x', expires: '2027-01-01' }, b: { reason: 'y', review: 'z' } } })).toEqual([]);
    expect(validateExceptions({ advisories: { a: { expires: '2027-01-01' }, b: { reason: 'y' }, c: { reason: 'z', expires: 'soon' } } }))
      .toEqual(['a: needs a "reason"', 'b: needs "expires" (YYYY-MM-DD) or a "review" note', 'c: "expires" must be YYYY-MM-DD']);
    expect(validateExceptions([])).toHaveLength(1);
  });

  it('tells an audit service that cannot be used from a problem of ours', () => {
    expect(classifyFailure({ message: '405 Method Not Allowed - POST …/advisories/bulk', statusCode: 405 }, '')).toBe('unreachable');
    expect(classifyFailure({ message: 'request to http://127.0.0.1:9/… failed, reason: connect ECONNREFUSED 127.0.0.1:9' }, '')).toBe('unreachable');
    expect(classifyFailure(null, 'npm audit did not finish within 120 s: ETIMEDOUT')).toBe('unreachable');
    expect(classifyFailure({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' } }, '')).toBe('error');
    expect(classifyFailure(null, 'something else broke')).toBe('error');
  });

  it('exits 1 on a report with a high advisory, 0 on a clean one (--report)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-audit-'));
    try {
      const bad = path.join(dir, 'bad.json');
      const clean = path.join(dir, 'clean.json');
      writeFileSync(bad, JSON.stringify(report));
      writeFileSync(clean, JSON.stringify({ auditReportVersion: 2, vulnerabilities: {}, metadata: { vulnerabilities: {} } }));
      const failing = spawnSync(process.execPath, [script, '--report', bad], { encoding: 'utf8' });
      expect(failing.status).toBe(1);
      expect(failing.stdout).toContain('FAIL     high     GHSA-aaaa-bbbb-cccc');
      expect(failing.stdout).toContain('audit: FAILED — 2 advisories of moderate or higher severity');
      const passing = spawnSync(process.execPath, [script, '--report', clean], { encoding: 'utf8' });
      expect(passing.status).toBe(0);
      expect(passing.stdout).toContain('audit: OK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
