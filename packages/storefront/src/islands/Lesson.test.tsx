// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../hydrate';
import { renderIsland } from '../server';
import { fakeResponse, flushPromises } from '../test-support/fixtures';
import type { LessonProps } from './Lesson';
import { LessonView } from './LessonView';

const embedLesson: LessonProps = {
  part: 'player',
  itemId: 'lesson-1',
  title: 'Wedging clay',
  access: 'preview',
  player: { kind: 'embed', provider: 'youtube', playerUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
  canKeepProgress: true,
  completed: false,
  positionSeconds: 0,
  progressUrl: '/api/courses/lessons/lesson-1/progress',
  signInUrl: '/account?next=%2Fpottery-basics%2Fwedging-clay',
};

const fetchMock = vi.fn<typeof fetch>();
let tracked: Array<{ name: string; content: Record<string, unknown> }>;
const listener = (event: Event) => tracked.push((event as CustomEvent).detail);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
  tracked = [];
  document.addEventListener('vitrine:track', listener);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('vitrine:track', listener);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the Lesson island', () => {
  it('is rendered whole by the server and hydrates without a mismatch', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    document.body.innerHTML = renderIsland('Lesson', embedLesson);
    expect(document.querySelector('button.lesson-embed-play')?.getAttribute('aria-label')).toBe('Play video: Wedging clay (YouTube)');
    expect(document.querySelector('iframe')).toBeNull();
    await act(async () => {
      expect(hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) })).toBe(1);
    });
    await waitFor(() => expect(tracked.map((event) => event.name)).toContain('video-detail-view'));
    expect(errors).toEqual([]);
  });

  it('reports the lesson seen with the viewer access, frames the player on the first click (third-party-video-click)', async () => {
    render(<LessonView {...embedLesson} />);
    await flushPromises();
    expect(tracked).toEqual([{ name: 'video-detail-view', content: { viewer_access_status: 'preview', item_id: 'lesson-1' } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Wedging clay (YouTube)' }));
    expect(tracked[1]).toEqual({ name: 'third-party-video-click', content: { video_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' } });
    expect(screen.getByTitle('Video: Wedging clay').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
  });

  it('marks the lesson complete through the progress call, and says so when the call fails', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(500, { message: 'Something went wrong. Please try again.' }));
    render(<LessonView {...embedLesson} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
    await flushPromises();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/courses/lessons/lesson-1/progress');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('PUT');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ completed: true });
    expect(screen.getByRole('alert').textContent).toBe('Your progress could not be saved. Please try again.');
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { progress: { itemId: 'lesson-1', positionSeconds: 0, completed: true, completedAt: '2026-11-24T08:00:00.000Z' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
    await flushPromises();
    expect(screen.getByRole('status').textContent).toBe('You completed this lesson.');
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();
  });

  it('offers a signed-out visitor to sign in, and plays an uploaded file from the gated address', async () => {
    render(<LessonView {...embedLesson} canKeepProgress={false} player={{ kind: 'file', url: '/api/courses/videos/lesson-1', contentType: 'video/mp4' }} />);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account?next=%2Fpottery-basics%2Fwedging-clay');
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();
    const source = document.querySelector('video.lesson-video source');
    expect([source?.getAttribute('src'), source?.getAttribute('type')]).toEqual(['/api/courses/videos/lesson-1', 'video/mp4']);
  });

  it("the course outline reports the list was seen and shows nothing", async () => {
    const { container } = render(<LessonView part="outline" collectionId="course-1" lessonCount={4} />);
    await flushPromises();
    expect(container.innerHTML).toBe('');
    expect(tracked).toEqual([{ name: 'video-list-view', content: { collection_id: 'course-1', lesson_count: 4 } }]);
  });
});
