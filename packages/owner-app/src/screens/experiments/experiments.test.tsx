// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { FEATURE_FLAGS } from '@vitrine/experiments';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import { bodyOf, checkDraft, emptyDraft, toggleVariants } from './experiment-draft';
import { EXPERIMENT_ROUTES, type Experiment, type ExperimentResultsReply } from './experiments-api';
import { missingRecordingExperiments, recordingState, durationText } from './replay-setup';
import { differenceText, pValueText, rateText } from './results-format';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const ADMIN = bootWith(['site:read', 'site:write', 'reports:read']);
const VIEWER = bootWith(['site:read', 'reports:read']);

const experiment = (over: Partial<Experiment>): Experiment => ({
  id: 'e1', scope: 'website', name: 'checkout-button', experimentType: 'AB_TEST',
  variants: [{ name: 'control', weight: 50 }, { name: 'green', weight: 50 }], segment: null, status: 'running',
  startsAt: null, endsAt: null, conversionEvent: 'add-to-cart', version: 3, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const abTest = experiment({});
const toggle = experiment({ id: 'e2', name: 'new-header', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 25 }, { name: 'false', weight: 75 }], status: 'draft', segment: { name: 'French phones', rules: { locales: ['fr'], devices: ['phone'] } } });
const platform = experiment({ id: 'e3', scope: 'platform', name: 'platform-banner', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }] });

interface Call { method: string; url: string; body: unknown }

/** An owner client whose fetch answers from `answer(call)` and records every call with its JSON body. */
function fakeApi(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const call = { method: init.method ?? 'GET', url: input, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const result = await answer(call);
    const { status, body } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

function renderApp(answer: (call: Call) => unknown, boot: OwnerAppBoot = ADMIN) {
  const api = fakeApi(answer);
  render(<App client={api.client} boot={boot} queryClient={createQueryClient()} />);
  return api;
}

const listOf = (...experiments: Experiment[]) => ({ experiments });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('the experiment calls and rules', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(EXPERIMENT_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it("makes a toggle's variants from its roll-out and checks a draft with @vitrine/experiments' words", () => {
    expect(toggleVariants('25')).toEqual([{ name: 'true', weight: 25 }, { name: 'false', weight: 75 }]);
    const draft = { ...emptyDraft(), name: 'Bad Name', startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' };
    expect(checkDraft(draft, 'UTC')).toEqual({
      name: 'name must be lowercase letters, digits and dashes, starting with a letter, at most 64 characters.',
      endsAt: 'endsAt must be after startsAt.',
    });
    expect(checkDraft({ ...draft, name: 'page', startsAt: '', endsAt: '' }, 'UTC')).toEqual({ name: 'name is a query parameter the pages already use; choose another.' });
    expect(checkDraft({ ...emptyDraft(), name: 'ok', experimentType: 'FEATURE_TOGGLE', rollout: '120' }, 'UTC')).toEqual({ rollout: 'The roll-out must be a number from 0 to 100.' });
    expect(checkDraft({ ...emptyDraft(), name: 'ok', variants: [{ name: 'a', weight: '50' }, { name: 'a', weight: '50' }] }, 'UTC')).toEqual({ variants: 'Variant names must differ.' });
    expect(bodyOf({ ...emptyDraft(), name: 'x', startsAt: '2026-12-01T09:00', segmentOn: true, segmentName: 'fr', locales: 'fr, fr-CA', signedIn: 'no' }, 'America/Los_Angeles')).toMatchObject({
      startsAt: '2026-12-01T17:00:00.000Z',
      endsAt: null,
      segment: { name: 'fr', rules: { locales: ['fr', 'fr-CA'], signedIn: false } },
    });
  });

  it('writes results as rates with intervals, differences in points and p-values', () => {
    expect(rateText({ rate: 0.125, rateInterval: { low: 0.0812, high: 0.1873 } }, 'en-US')).toBe('12.5% (8.1% – 18.7%)');
    expect(differenceText({ value: 0.034, interval: { low: -0.0123, high: 0.0801 }, pValue: 0.2, significant: false }, 'en-US')).toBe('+3.4 pts (-1.2 pts to +8.0 pts)');
    expect(pValueText(0.04567)).toBe('0.046');
    expect(pValueText(0.0004)).toBe('< 0.001');
    expect(durationText(7_400)).toBe('0:07');
    expect(durationText(3_725_000)).toBe('1:02:05');
  });

  it('knows when recording is on, and creates only what is missing with a 10 % sample', () => {
    expect(recordingState([])).toBe('off');
    const missing = missingRecordingExperiments([]);
    expect(missing.map((body) => [body.name, body.experimentType, body.status, body.variants])).toEqual([
      ['session-replay', 'FEATURE_TOGGLE', 'running', [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }]],
      ['session-replay-sample', 'AB_TEST', 'running', [{ name: 'not-sampled', weight: 90 }, { name: 'sampled', weight: 10 }]],
    ]);
    const replayToggle = experiment({ name: 'session-replay', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }] });
    expect(missingRecordingExperiments([replayToggle]).map((body) => body.name)).toEqual(['session-replay-sample']);
    expect(recordingState([replayToggle])).toBe('partly');
    const sample = experiment({ name: 'session-replay-sample', variants: [{ name: 'not-sampled', weight: 90 }, { name: 'sampled', weight: 10 }] });
    expect(recordingState([replayToggle, sample])).toBe('on');
  });
});

describe('the Experiments screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('is in the navigation and lists each experiment: type, status, variants with weights, segment; platform rows read-only', async () => {
    renderApp(() => listOf(abTest, toggle, platform));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Experiments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Experiments' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Experiments and feature toggles' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const ab = rowOf('checkout-button');
    expect(within(ab).getByText('A/B test')).toBeTruthy();
    expect(within(ab).getByText('Running')).toBeTruthy();
    expect(within(ab).getByText('control 50 · green 50')).toBeTruthy();
    expect(within(ab).getByText('Everyone')).toBeTruthy();
    expect(within(ab).getByRole('link', { name: 'Results of checkout-button' }).getAttribute('href')).toBe('/config/experiments/results/e1');
    const flag = rowOf('new-header');
    expect(within(flag).getByText('Feature toggle')).toBeTruthy();
    expect(within(flag).getByText('On for 25 % of visitors')).toBeTruthy();
    expect(within(flag).getByText('French phones')).toBeTruthy();
    expect(within(flag).getByText('Draft')).toBeTruthy();
    const inherited = rowOf('platform-banner');
    expect(within(inherited).getByText('Platform')).toBeTruthy();
    expect(within(inherited).getByRole('link', { name: 'View platform-banner' })).toBeTruthy();
    expect(within(inherited).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText(/Defined for every website by the platform’s operator/)).toBeTruthy();
  });

  it('shows the field checks before any call, then creates a toggle with its roll-out and opens it', async () => {
    const made = experiment({ id: 'e9', name: 'gift-banner', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 30 }, { name: 'false', weight: 70 }], status: 'running' });
    let createdYet = false;
    const api = renderApp((call) => {
      if (call.method !== 'POST') return createdYet ? listOf(abTest, made) : listOf(abTest);
      createdYet = true;
      return { status: 201, body: { experiment: made } };
    });
    await act(async () => navigate('/config/experiments'));
    fireEvent.click(await screen.findByRole('link', { name: 'New experiment' }));
    const form = await screen.findByRole('form', { name: 'New experiment' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Gift Banner' } });
    fireEvent.blur(name);
    expect(within(form).getByText('name must be lowercase letters, digits and dashes, starting with a letter, at most 64 characters.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Some fields need attention.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: 'gift-banner' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Feature toggle' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Roll-out (% of visitors who get it)' }), { target: { value: '30' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Status' }), { target: { value: 'running' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    expect(await screen.findByText('gift-banner is created.')).toBeTruthy();
    expect(window.location.pathname).toBe('/config/experiments/e9');
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/owner/experiments');
    expect(post.body).toEqual({ name: 'gift-banner', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 30 }, { name: 'false', weight: 70 }], segment: null, status: 'running', startsAt: null, endsAt: null, conversionEvent: 'add-to-cart' });
  });

  it("puts the server's field errors beside their fields", async () => {
    renderApp((call) => (call.method === 'POST' ? { status: 409, body: { message: 'This website already has an experiment with this name.', errors: { name: 'This website already has an experiment with this name.' } } } : listOf(abTest)));
    await act(async () => navigate('/config/experiments/new'));
    const form = await screen.findByRole('form', { name: 'New experiment' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'checkout-button' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create experiment' }));
    await waitFor(() => expect(within(form).getAllByText('This website already has an experiment with this name.')).toHaveLength(2));
    expect(within(form).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('saves an edit on the version read; a 409 says so and Reload starts again from the server', async () => {
    let stored = abTest;
    let refuse = true;
    const api = renderApp((call) => {
      if (call.method === 'PUT') {
        if (refuse) return { status: 409, body: { message: 'This experiment was changed elsewhere. Reload to see the latest version.' } };
        stored = { ...stored, ...(call.body as object), version: stored.version + 1 } as Experiment;
        return { experiment: stored };
      }
      return listOf(stored);
    });
    await act(async () => navigate('/config/experiments/e1'));
    const form = await screen.findByRole('form', { name: 'Edit checkout-button' });
    expect((within(form).getByRole('spinbutton', { name: 'Weight of variant 2' }) as HTMLInputElement).value).toBe('50');
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Weight of variant 2' }), { target: { value: '80' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('This experiment was changed elsewhere. Reload to see the latest version.');
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ version: 3, variants: [{ name: 'control', weight: 50 }, { name: 'green', weight: 80 }] });

    stored = { ...stored, version: 4, variants: [{ name: 'control', weight: 40 }, { name: 'green', weight: 60 }] };
    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByRole('spinbutton', { name: 'Weight of variant 2' }) as HTMLInputElement).value).toBe('60'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('checkout-button is saved.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')[1]!.body).toMatchObject({ version: 4 });
  });

  it('deletes after the destructive confirm', async () => {
    let gone = false;
    const api = renderApp((call) => {
      if (call.method === 'DELETE') {
        gone = true;
        return { deleted: true, id: 'e1' };
      }
      return gone ? listOf(toggle) : listOf(abTest, toggle);
    });
    await act(async () => navigate('/config/experiments'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete checkout-button' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete checkout-button?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete experiment' }));
    expect(await screen.findByText('checkout-button is deleted.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url === '/api/owner/experiments/e1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'checkout-button' })).toBeNull());
  });

  it('gives a viewer the list and the form read-only: no New, Delete or Save', async () => {
    renderApp(() => listOf(abTest), VIEWER);
    await act(async () => navigate('/config/experiments'));
    await screen.findByRole('table', { name: 'Experiments and feature toggles' });
    expect(screen.getByText('Your role can view experiments but not change them.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New experiment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'View checkout-button' }));
    const form = await screen.findByRole('form', { name: 'Edit checkout-button' });
    expect((within(form).getByRole('textbox', { name: 'Name' }).closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it("shows an A/B test's results per variant with the range and the event sent", async () => {
    const results: ExperimentResultsReply = {
      experimentId: 'e1', name: 'checkout-button', conversionEvent: 'add-to-cart', from: '2026-11-20', to: '2026-11-24', method: 'wilson-95',
      variants: [
        { variant: 'control', exposures: 1200, conversions: 120, rate: 0.1, rateInterval: { low: 0.0844, high: 0.1181 }, difference: null, enoughData: true },
        { variant: 'green', exposures: 1180, conversions: 165, rate: 0.1398, rateInterval: { low: 0.1213, high: 0.1607 }, difference: { value: 0.0398, interval: { low: 0.0131, high: 0.0664 }, pValue: 0.0031, significant: true }, enoughData: true },
        { variant: 'blue', exposures: 12, conversions: 2, rate: 0.1667, rateInterval: { low: 0.047, high: 0.448 }, difference: { value: 0.0667, interval: { low: -0.05, high: 0.35 }, pValue: 0.49, significant: false }, enoughData: false },
      ],
    };
    const api = renderApp((call) => (call.url.includes('/results') ? results : listOf(abTest, toggle)));
    await act(async () => navigate('/config/experiments'));
    fireEvent.click(await screen.findByRole('link', { name: 'Results of checkout-button' }));
    const table = await screen.findByRole('table', { name: 'Results of checkout-button: conversions are add-to-cart' });
    const cells = (name: string) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('control')).toEqual(['1,200', '120', '10.0% (8.4% – 11.8%)', '—', '—', 'Control']);
    expect(cells('green')).toEqual(['1,180', '165', '14.0% (12.1% – 16.1%)', '+4.0 pts (+1.3 pts to +6.6 pts)', '0.003', 'Significant']);
    expect(cells('blue')).toEqual(['12', '2', '16.7% (4.7% – 44.8%)', '+6.7 pts (-5.0 pts to +35.0 pts)', '0.490', 'Not enough data yet']);
    expect(screen.getByText(/Wilson score interval at 95 %/)).toBeTruthy();
    expect(api.calls.some((call) => call.url === '/api/owner/experiments/e1/results?conversionEvent=add-to-cart')).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Conversion event' }), { target: { value: 'view-cart' } });
    await waitFor(() => expect(api.calls.some((call) => call.url === '/api/owner/experiments/e1/results?from=2026-11-21&conversionEvent=view-cart')).toBe(true));
  });

  it('lists the 70 flags, named ones first with what they gate, and saves only what changed', async () => {
    let flags = FEATURE_FLAGS.map(({ code, name }) => ({ code, name, enabled: [29, 40, 50, 64, 66, 68, 70].includes(code), isDefault: true }));
    const api = renderApp((call) => {
      if (call.method === 'PUT') flags = flags.map((flag) => (flag.code === 40 ? { ...flag, enabled: false, isDefault: false } : flag));
      return { flags };
    });
    await act(async () => navigate('/config/experiments/flags'));
    const named = await screen.findByRole('table', { name: 'Named flags' });
    expect(within(named).getAllByRole('row')).toHaveLength(8);
    const gift = within(named).getByRole('switch', { name: 'Gift cards (40)' }) as HTMLInputElement;
    expect(gift.checked).toBe(true);
    expect(within(gift.closest('tr')!).getByText('Gift cards: selling them, their delivery, checking a balance and paying with one. Off hides them and refuses their calls.')).toBeTruthy();
    expect(within(within(named).getByRole('switch', { name: 'Klarna (70)' }).closest('tr')!).getByText('No feature yet')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Other flags' })).getAllByRole('row')).toHaveLength(64);
    fireEvent.click(gift);
    expect(screen.getByText('1 unsaved change.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save flags' }));
    expect(await screen.findByText('Feature flags saved.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({ flags: [{ code: 40, enabled: false }] });
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Gift cards (40)' }) as HTMLInputElement).checked).toBe(false));
  });

  it("gives a viewer the flags' switches disabled and no Save", async () => {
    renderApp(() => ({ flags: FEATURE_FLAGS.map(({ code, name }) => ({ code, name, enabled: false, isDefault: true })) }), VIEWER);
    await act(async () => navigate('/config/experiments/flags'));
    expect(((await screen.findByRole('switch', { name: 'Gift cards (40)' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save flags' })).toBeNull();
  });

  it('lists recorded sessions and turns recording on by creating the two experiments', async () => {
    const created: string[] = [];
    const api = renderApp((call) => {
      if (call.method === 'POST') {
        const body = call.body as { name: string };
        created.push(body.name);
        return { status: 201, body: { experiment: experiment({ id: `n${created.length}`, name: body.name }) } };
      }
      if (call.url.startsWith('/api/owner/replays')) {
        return { sessions: [{ id: 's1', startedAt: '2026-11-24T10:00:00.000Z', lastEventAt: '2026-11-24T10:01:05.000Z', durationMs: 65_000, firstPath: '/shop', device: 'desktop', browser: 'Chrome', eventCount: 321 }], nextCursor: null };
      }
      return listOf(abTest);
    });
    await act(async () => navigate('/config/experiments/replays'));
    const table = await screen.findByRole('table', { name: 'Recorded sessions, newest first' });
    const row = within(table).getByRole('link', { name: 'Play the session of Nov 24, 2026, 10:00 AM' }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1:05', '/shop', 'desktop', 'Chrome', '321']);
    expect(screen.getByText(/Every input was masked/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn recording on (10 % sample)' }));
    expect(await screen.findByText('Recording is on for a 10 % sample of visitors.')).toBeTruthy();
    expect(created).toEqual(['session-replay', 'session-replay-sample']);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => (call.body as { variants: unknown }).variants)).toEqual([
      [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }],
      [{ name: 'not-sampled', weight: 90 }, { name: 'sampled', weight: 10 }],
    ]);
  });
});
