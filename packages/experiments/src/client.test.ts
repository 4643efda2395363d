import { describe, expect, it, vi } from 'vitest';
import { createExperimentClient, readPageExperimentConfiguration } from './client';
import type { ExperimentConfiguration } from './evaluate';

const configuration: ExperimentConfiguration = {
  definitions: {
    'new-header': { name: 'new-header', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }], segment: null, status: 'running', startsAt: null, endsAt: null },
  },
  analyticsId: 'visitor-abcdefgh',
  visitor: { locale: 'en-US', device: 'desktop', isNewVisitor: true, signedIn: false },
  overrides: {},
  evaluatedAt: '2026-11-24T00:00:00.000Z',
};

const pageWith = (text: string | null) => ({ getElementById: (id: string) => (id === 'vitrine-experiments' && text !== null ? ({ textContent: text } as HTMLElement) : null) });

describe('the page configuration', () => {
  it('reads the script the server wrote, and nothing else', () => {
    expect(readPageExperimentConfiguration(pageWith(JSON.stringify(configuration)))).toEqual(configuration);
    expect(readPageExperimentConfiguration(pageWith(null))).toBeNull();
    expect(readPageExperimentConfiguration(pageWith('{not json'))).toBeNull();
    expect(readPageExperimentConfiguration(pageWith('{"definitions":{}}'))).toBeNull();
  });
});

describe('the experiment client', () => {
  it('reports an exposure once per experiment and warns the spec errors', () => {
    const onExposure = vi.fn();
    const warn = vi.fn();
    const client = createExperimentClient(configuration, { onExposure, warn });
    expect(client.getFeatureToggle('new-header', false).enabled).toBe(true);
    expect(client.getFeatureToggle('new-header', false).enabled).toBe(true);
    expect(onExposure).toHaveBeenCalledTimes(1);
    expect(onExposure.mock.calls[0]![0].context).toEqual({ name: 'new-header', experimentType: 'FEATURE_TOGGLE', variant: 'true', segmentName: null, containsError: false });
    expect(client.getABTestVariant('new-header', 'a')).toMatchObject({ error: 'The specified feature is not a AB_TEST', context: { variant: 'a' } });
    expect(warn).toHaveBeenCalledWith('The specified feature is not a AB_TEST', 'new-header');
    const unloaded = createExperimentClient(null, { warn });
    expect(unloaded.getFeatureToggle('new-header', true)).toMatchObject({ enabled: true, error: 'The underlying Praetor configuration is not loaded' });
  });
});
