// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExperimentConfiguration } from '@vitrine/experiments';
import { startSessionReplayIfEligible } from './start';
import { REPLAY_BATCH, startRecorder } from './recorder';

const running = { segment: null, status: 'running' as const, startsAt: null, endsAt: null };
const configuration = (sampleWeight: number): ExperimentConfiguration => ({
  definitions: {
    'session-replay': { name: 'session-replay', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }], ...running },
    'session-replay-sample': {
      name: 'session-replay-sample',
      experimentType: 'AB_TEST',
      variants: [{ name: 'sampled', weight: sampleWeight }, { name: 'not-sampled', weight: 100 - sampleWeight }],
      ...running,
    },
  },
  analyticsId: 'visitor-12345678',
  visitor: { locale: 'en-US', device: 'desktop', isNewVisitor: true, signedIn: false },
  overrides: {},
  evaluatedAt: '2026-11-24T00:00:00.000Z',
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('starting session replay', () => {
  it('asks for an id and loads the recorder only when eligible, skipping on the mock id', async () => {
    const startRecorderSpy = vi.fn();
    const loadRecorder = async () => ({ startRecorder: startRecorderSpy });
    const fetchId = vi.fn(async () => 'abc123abc123abc123abc123');
    expect(await startSessionReplayIfEligible(configuration(100), { hardwareConcurrency: 4, fetchId, loadRecorder })).toBe('abc123abc123abc123abc123');
    expect(startRecorderSpy).toHaveBeenCalledWith('abc123abc123abc123abc123');

    fetchId.mockClear();
    expect(await startSessionReplayIfEligible(configuration(100), { hardwareConcurrency: 2, fetchId, loadRecorder })).toBeUndefined();
    expect(await startSessionReplayIfEligible(configuration(0), { hardwareConcurrency: 8, fetchId, loadRecorder })).toBeUndefined();
    expect(await startSessionReplayIfEligible(null, { hardwareConcurrency: 8, fetchId, loadRecorder })).toBeUndefined();
    expect(fetchId).not.toHaveBeenCalled();
    expect(await startSessionReplayIfEligible(configuration(100), { hardwareConcurrency: 8, fetchId: async () => 'mock-session-id', loadRecorder })).toBeUndefined();
  });

  it("logs the spec's messages instead of throwing", async () => {
    const logError = vi.fn();
    await startSessionReplayIfEligible(configuration(100), { hardwareConcurrency: 8, fetchId: async () => Promise.reject(new Error('offline')), logError });
    expect(logError).toHaveBeenCalledWith('Error determining FullStory eligibility', expect.any(Error));
    await startSessionReplayIfEligible(configuration(100), { hardwareConcurrency: 8, fetchId: async () => 'abc', loadRecorder: async () => Promise.reject(new Error('chunk')), logError });
    expect(logError).toHaveBeenCalledWith('Error injecting FullStory script', expect.any(Error));
  });
});

describe('the recorder', () => {
  it('masks inputs, batches events in numbered batches, and sends the rest when the page is hidden', async () => {
    vi.useFakeTimers();
    let emit!: (event: unknown) => void;
    const recordFn = vi.fn((options: { emit: (event: unknown) => void; maskAllInputs?: boolean }) => {
      emit = options.emit;
      return () => {};
    });
    const sent: Array<{ body: { sessionId: string; sequence: number; events: unknown[] }; keepalive: boolean }> = [];
    const stop = startRecorder('session-1', { recordFn: recordFn as never, send: async (body, keepalive) => sent.push({ body: JSON.parse(body), keepalive }) });
    expect(recordFn.mock.calls[0]![0]).toMatchObject({ maskAllInputs: true, blockClass: 'vitrine-private' });
    emit({ type: 4, timestamp: 1 });
    emit({ type: 2, timestamp: 2 });
    vi.advanceTimersByTime(REPLAY_BATCH.intervalMs);
    expect(sent).toEqual([{ body: { sessionId: 'session-1', sequence: 0, events: [{ type: 4, timestamp: 1 }, { type: 2, timestamp: 2 }] }, keepalive: false }]);
    for (let index = 0; index < REPLAY_BATCH.maxEvents; index += 1) emit({ type: 3, timestamp: 10 + index });
    expect(sent[1]!.body.sequence).toBe(1);
    expect(sent[1]!.body.events).toHaveLength(REPLAY_BATCH.maxEvents);
    emit({ type: 3, timestamp: 999 });
    dispatchEvent(new Event('pagehide'));
    expect(sent[2]).toMatchObject({ body: { sequence: 2, events: [{ type: 3, timestamp: 999 }] }, keepalive: true });
    stop();
    // The next page of the session goes on numbering.
    const next: number[] = [];
    const stopNext = startRecorder('session-1', { recordFn: ((options: { emit: (event: unknown) => void }) => ((emit = options.emit), () => {})) as never, send: async (body) => next.push(JSON.parse(body).sequence) });
    emit({ type: 4, timestamp: 5 });
    stopNext();
    expect(next).toEqual([3]);
  });
});
