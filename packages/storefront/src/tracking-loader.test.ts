// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pageHasExperiments } from './tracking-loader';

const configuration = (text: string) => {
  document.body.innerHTML = `<script type="application/json" id="vitrine-experiments">${text}</script>`;
};
afterEach(() => {
  document.body.innerHTML = '';
});

describe('pageHasExperiments: the experiments chunk only where the page was rendered with one (issue 35)', () => {
  it('is false without the configuration, with no definitions, or with one that does not parse', () => {
    expect(pageHasExperiments()).toBe(false);
    configuration('{"definitions":{},"shown":[]}');
    expect(pageHasExperiments()).toBe(false);
    configuration('{"shown":["a"]}');
    expect(pageHasExperiments()).toBe(false);
    configuration('{"definitions":');
    expect(pageHasExperiments()).toBe(false);
  });

  it('is true with an experiment or a toggle (session replay is one)', () => {
    configuration('{"definitions":{"session-replay":{"experimentType":"FEATURE_TOGGLE","variants":[]}},"shown":[]}');
    expect(pageHasExperiments()).toBe(true);
  });
});
