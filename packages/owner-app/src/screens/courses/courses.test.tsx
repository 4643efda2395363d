// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { COURSE_LIMITS, LESSON_VIDEO_TYPES, ROUTE_CONTRACTS, type PageSummaryJson, type PageTreeJson, type Permission } from '@vitrine/contracts';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import { COURSE_ROUTES, orderedBy, type OwnerCourse, type OwnerLesson } from './courses-api';
import { durationText, isEmbeddableUrl, lessonBodyOf, lessonFormOf, parseDuration } from './lesson-form';
import { checkVideoFile, MAX_VIDEO_BYTES, sizeText, uploadLessonVideo, VIDEO_TYPES, VideoUploadError, type VideoXhr } from './video-upload';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function recordingServer(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const result = await answer(method, input, body);
    const refusal = result && typeof result === 'object' && typeof (result as { status?: unknown }).status === 'number';
    const { status, body: answerBody } = refusal ? (result as { status: number; body: unknown }) : { status: method === 'POST' ? 201 : 200, body: result };
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const EDITOR = bootWith(['content:read', 'content:write']);
const VIEWER = bootWith(['content:read']);

const summary = (id: string, title: string, over: Partial<PageSummaryJson> = {}): PageSummaryJson => ({
  id, kind: 'page', title, navigationTitle: '', urlId: id, fullUrl: `/${id}`, status: 'published', publishAt: null, isHome: false, hasDraft: false, updatedAt: '2026-11-24T00:00:00.000Z', ...over,
});
const TREE: PageTreeJson = {
  navigation: [{ ...summary('home', 'Home', { isHome: true }), children: [] }, { ...summary('c1', 'Pottery Basics', { kind: 'course', fullUrl: '/pottery-basics' }), children: [] }],
  notLinked: [summary('c2', 'Glazing', { kind: 'course', status: 'draft', fullUrl: '/glazing' })],
  homePageId: 'home',
};

const lesson = (itemId: string, title: string, over: Partial<OwnerLesson> = {}): OwnerLesson => ({
  itemId, title, urlId: itemId, fullUrl: `/pottery-basics/${itemId}`, status: 'published', position: 0, chapter: '', videoSource: 'none', embedUrl: null, durationSeconds: null, isPreview: false, video: null, ...over,
});
const LESSONS = [
  lesson('l1', 'Welcome', { isPreview: true, videoSource: 'embed', embedUrl: 'https://www.youtube.com/watch?v=abc', chapter: 'Start' }),
  lesson('l2', 'Centering', { videoSource: 'file', video: { id: 'v1', fileName: 'centering.mp4', contentType: 'video/mp4', byteSize: 12_582_912, sha256: 'x', url: '/api/courses/videos/l2', updatedAt: '2026-11-24T00:00:00.000Z' } }),
  lesson('l3', 'Trimming', { status: 'draft' }),
];
const COURSE: OwnerCourse = { course: { id: 'c1', title: 'Pottery Basics', urlId: 'pottery-basics', fullUrl: '/pottery-basics', status: 'published' }, lessons: LESSONS.map((each, position) => ({ ...each, position })) };
const PROGRESS = { learners: 4, finishers: 1, lessons: [{ itemId: 'l1', title: 'Welcome', started: 4, completed: 3 }, { itemId: 'l2', title: 'Centering', started: 2, completed: 1 }] };

function renderApp(answer: (method: string, url: string, body: unknown) => unknown, boot: OwnerAppBoot = EDITOR) {
  const server = recordingServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

/** A fake XMLHttpRequest that records what was sent and answers when told. */
function fakeXhr() {
  const sent = { method: '', url: '', headers: {} as Record<string, string>, body: null as Blob | null };
  const xhr = {
    status: 0,
    responseText: '',
    withCredentials: false,
    upload: { onprogress: null },
    onload: null,
    onerror: null,
    onabort: null,
    ontimeout: null,
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    },
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
    send(body: Blob) {
      sent.body = body;
    },
    abort() {
      xhr.onabort?.();
    },
  } as VideoXhr & { status: number; responseText: string };
  return { xhr, sent };
}

describe('the course calls and the lesson form', () => {
  it('names calls the contracts have, and the upload’s limits are the server’s', () => {
    for (const route of Object.values(COURSE_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
    expect(MAX_VIDEO_BYTES).toBe(COURSE_LIMITS.videoBytes);
    expect([...VIDEO_TYPES]).toEqual([...LESSON_VIDEO_TYPES]);
  });

  it('reads and writes lengths', () => {
    expect(durationText(750)).toBe('12:30');
    expect(durationText(3900)).toBe('1:05:00');
    expect(durationText(null)).toBe('');
    expect(parseDuration('12:30')).toBe(750);
    expect(parseDuration('1:05:00')).toBe(3900);
    expect(parseDuration('45')).toBe(2700);
    expect(parseDuration(' ')).toBeNull();
    expect(parseDuration('12:75')).toBeUndefined();
    expect(parseDuration('25:00:01')).toBeUndefined();
    expect(parseDuration('ten')).toBeUndefined();
  });

  it('takes https YouTube and Vimeo addresses only', () => {
    expect(isEmbeddableUrl('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isEmbeddableUrl('https://youtu.be/abc')).toBe(true);
    expect(isEmbeddableUrl('https://vimeo.com/123')).toBe(true);
    expect(isEmbeddableUrl('http://vimeo.com/123')).toBe(false);
    expect(isEmbeddableUrl('https://example.com/video.mp4')).toBe(false);
    expect(isEmbeddableUrl('youtube.com/watch')).toBe(false);
  });

  it('sends the embed address only with the embed source, and no file source before a file is there', () => {
    const form = { ...lessonFormOf(LESSONS[0]!), duration: '3:05', chapter: ' Start ' };
    expect(lessonBodyOf(form, false)).toEqual({ chapter: 'Start', videoSource: 'embed', embedUrl: 'https://www.youtube.com/watch?v=abc', durationSeconds: 185, isPreview: true });
    expect(lessonBodyOf({ ...form, videoSource: 'none' }, false)).toMatchObject({ videoSource: 'none', embedUrl: null });
    expect(lessonBodyOf({ ...form, videoSource: 'file' }, false)).not.toHaveProperty('videoSource');
    expect(lessonBodyOf({ ...form, videoSource: 'file' }, true)).toMatchObject({ videoSource: 'file', embedUrl: null });
  });

  it('orders lessons by a list of ids', () => {
    expect(orderedBy(LESSONS, ['l3', 'l1', 'l2']).map((each) => [each.itemId, each.position])).toEqual([['l3', 0], ['l1', 1], ['l2', 2]]);
  });

  it('checks a video before sending and says sizes plainly', () => {
    expect(checkVideoFile({ name: 'a.mp4', size: 10, type: 'video/mp4' })).toBeNull();
    expect(checkVideoFile({ name: 'a.mov', size: 10, type: '' })).toBeNull();
    expect(checkVideoFile({ name: 'notes.pdf', size: 10, type: 'application/pdf' })).toBe('notes.pdf is not a video this site plays. Upload an MP4, WebM, Ogg or QuickTime file.');
    expect(checkVideoFile({ name: 'a.mp4', size: MAX_VIDEO_BYTES + 1, type: 'video/mp4' })).toBe('This file is too large. The maximum size is 200 MB.');
    expect(checkVideoFile({ name: 'a.mp4', size: 0, type: 'video/mp4' })).toBe('The file is empty.');
    expect(sizeText(900)).toBe('900 bytes');
    expect(sizeText(12_582_912)).toBe('12 MB');
    expect(sizeText(50_593_587)).toBe('48.2 MB');
  });

  it('uploads the raw file with its type, name, crumb and progress; a refusal keeps the server’s words', async () => {
    const { client } = recordingServer(() => ({}));
    const { xhr, sent } = fakeXhr();
    const progress: Array<[number, number]> = [];
    const file = new File([new Uint8Array(2048)], 'Centering (long).mp4', { type: 'video/mp4' });
    const done = uploadLessonVideo(client, 'l2', file, { createXhr: () => xhr, onProgress: (a, b) => progress.push([a, b]) });
    await waitFor(() => expect(sent.body).toBe(file));
    expect(sent.method).toBe('PUT');
    expect(sent.url).toBe('/api/owner/lessons/l2/video?name=Centering%20(long).mp4');
    expect(sent.headers['content-type']).toBe('video/mp4');
    expect(sent.headers['X-CSRF-Token']).toBe('c1');
    expect(xhr.withCredentials).toBe(true);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 2048 });
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ lesson: LESSONS[1] });
    xhr.onload?.();
    await expect(done).resolves.toEqual({ lesson: LESSONS[1] });
    expect(progress).toEqual([[1024, 2048], [2048, 2048]]);

    const second = fakeXhr();
    const refused = uploadLessonVideo(client, 'l2', file, { createXhr: () => second.xhr });
    await waitFor(() => expect(second.sent.body).toBe(file));
    second.xhr.status = 400;
    second.xhr.responseText = JSON.stringify({ message: 'The file is larger than 200 MB.' });
    second.xhr.onload?.();
    await expect(refused).rejects.toEqual(new VideoUploadError(400, 'The file is larger than 200 MB.'));
  });
});

describe('the Courses screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists the course pages and creates one', async () => {
    const server = renderApp((method, url) => {
      if (method === 'POST' && url === '/api/owner/content/pages') return { ...summary('c3', 'Wheel Throwing', { kind: 'course' }), body: { schemaVersion: 1, sections: [] }, version: 1 };
      if (url === '/api/owner/content/pages') return TREE;
      if (url === '/api/owner/courses/c3') return { course: { id: 'c3', title: 'Wheel Throwing', urlId: 'wheel-throwing', fullUrl: '/wheel-throwing', status: 'draft' }, lessons: [] };
      if (url === '/api/owner/courses/c3/progress') return { learners: 0, finishers: 0, lessons: [] };
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/courses'));
    const table = await screen.findByRole('table', { name: 'Courses' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Pottery Basics', 'Glazing']);
    expect(within(table).getByRole('link', { name: 'Pottery Basics' }).getAttribute('href')).toBe('/config/courses/c1');
    expect(within(table).getByText('Draft')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New course' });
    fireEvent.change(within(form).getByLabelText('Course title'), { target: { value: 'Wheel Throwing' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create course' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wheel Throwing' })).toBeTruthy();
    expect(window.location.pathname).toBe('/config/courses/c3');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'course', title: 'Wheel Throwing', inNavigation: true });
    expect(screen.getByText('No lessons yet. Add the first one above.')).toBeTruthy();
    expect(await screen.findByText('No member has started this course yet.')).toBeTruthy();
  });

  it('shows the lessons in order; moves one by its button (focus kept, said), adds one and deletes one through the confirm; shows the progress', async () => {
    let lessons = COURSE.lessons;
    const server = renderApp((method, url, body) => {
      if (method === 'PUT' && url === '/api/owner/content/pages/c1/items/order') {
        const ids = (body as { itemIds: string[] }).itemIds;
        lessons = orderedBy(lessons, ids);
        return { items: [] };
      }
      if (method === 'POST' && url === '/api/owner/content/pages/c1/items') {
        lessons = [...lessons, lesson('l4', (body as { title: string }).title, { status: 'draft', position: lessons.length })];
        return { id: 'l4', title: (body as { title: string }).title };
      }
      if (method === 'DELETE' && url === '/api/owner/content/items/l3') {
        lessons = lessons.filter((each) => each.itemId !== 'l3');
        return { deleted: true };
      }
      if (url === '/api/owner/courses/c1') return { course: COURSE.course, lessons };
      if (url === '/api/owner/courses/c1/progress') return PROGRESS;
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/courses/c1'));
    const list = await screen.findByRole('list', { name: 'Lessons' });
    const titles = () => within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]!.textContent);
    expect(titles()).toEqual(['Welcome', 'Centering', 'Trimming']);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Start · Embedded video');
    expect(within(first).getByText('Free preview')).toBeTruthy();
    const second = within(list).getAllByRole('listitem')[1]!;
    expect(second.textContent).toContain('centering.mp4 · 12 MB');
    expect(within(second).getByText('Members only')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')[2]!.textContent).toContain('Draft');
    expect(within(first).getByRole('link', { name: 'Welcome' }).getAttribute('href')).toBe('/config/courses/c1/lessons/l1');
    expect((within(first).getByRole('button', { name: 'Move Welcome up' }) as HTMLButtonElement).disabled).toBe(true);

    const down = within(first).getByRole('button', { name: 'Move Welcome down' });
    down.focus();
    fireEvent.click(down);
    expect(await screen.findByText('Welcome moved to position 2 of 3.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ itemIds: ['l2', 'l1', 'l3'] });
    await waitFor(() => expect(titles()).toEqual(['Centering', 'Welcome', 'Trimming']));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Welcome down' }));

    fireEvent.change(screen.getByLabelText('Lesson title'), { target: { value: 'Glazing at home' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('Lesson “Glazing at home” added as a draft.')).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Centering', 'Welcome', 'Trimming', 'Glazing at home']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete lesson Trimming' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the lesson Trimming?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Trimming is deleted.')).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Centering', 'Welcome', 'Glazing at home']));

    const progress = screen.getByRole('region', { name: 'Members’ progress' });
    expect(within(progress).getByText('Learners').nextSibling?.textContent).toBe('4');
    expect(within(progress).getByText('Finished').nextSibling?.textContent).toBe('1');
    const row = within(within(progress).getByRole('table', { name: 'Progress per lesson' })).getByRole('rowheader', { name: 'Welcome' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['4', '3']);
  });

  it('a refused reorder goes back to the server’s order and says why', async () => {
    renderApp((method, url) => {
      if (method === 'PUT') return { status: 400, body: { message: 'itemIds must name every lesson once.' } };
      if (url === '/api/owner/courses/c1') return COURSE;
      if (url === '/api/owner/courses/c1/progress') return PROGRESS;
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/courses/c1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Move Trimming up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('itemIds must name every lesson once.');
    const list = screen.getByRole('list', { name: 'Lessons' });
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual(['Welcome', 'Centering', 'Trimming']);
  });

  it('edits a lesson’s video and access: an embed address checked before sending, the length, the free preview', async () => {
    const server = renderApp((method, url, body) => {
      if (method === 'PUT' && url === '/api/owner/lessons/l3/details') return { lesson: { ...LESSONS[2]!, ...(body as object) } };
      if (url === '/api/owner/courses/c1') return COURSE;
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/courses/c1/lessons/l3'));
    const form = await screen.findByRole('form', { name: 'Trimming' });
    expect(within(form).getByRole('link', { name: 'Edit the lesson’s text and publish it' }).getAttribute('href')).toBe('/config/pages/c1/items/l3');
    expect(screen.getByRole('link', { name: '← Back to Pottery Basics' }).getAttribute('href')).toBe('/config/courses/c1');
    fireEvent.click(within(form).getByLabelText('Embed from YouTube or Vimeo'));
    fireEvent.change(within(form).getByLabelText('Video address'), { target: { value: 'https://example.com/trim.mp4' } });
    fireEvent.change(within(form).getByLabelText('Length'), { target: { value: '8:15' } });
    fireEvent.click(within(form).getByLabelText('Free preview: visitors without access may watch this lesson'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a YouTube or Vimeo video address (https://…).')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Video address'), { target: { value: 'https://vimeo.com/76979871' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ chapter: '', videoSource: 'embed', embedUrl: 'https://vimeo.com/76979871', durationSeconds: 495, isPreview: true });

    fireEvent.click(within(form).getByLabelText('Upload a video file'));
    expect(within(form).getByLabelText('Video file').getAttribute('type')).toBe('file');
    expect(within(form).getByText('MP4, WebM, Ogg or QuickTime, up to 200 MB. It plays from this site, in parts as the member watches.')).toBeTruthy();
  });

  it('removes an uploaded video through the confirm', async () => {
    const server = renderApp((method, url) => {
      if (method === 'DELETE' && url === '/api/owner/lessons/l2/video') return { lesson: { ...LESSONS[1]!, videoSource: 'none', video: null } };
      if (url === '/api/owner/courses/c1') return COURSE;
      throw new Error(`unexpected ${method} ${url}`);
    });
    await act(async () => navigate('/config/courses/c1/lessons/l2'));
    const form = await screen.findByRole('form', { name: 'Centering' });
    expect(within(form).getByText('centering.mp4')).toBeTruthy();
    expect(within(form).getByLabelText('Choose a file to replace it')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove video' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove this lesson’s video?' })).getByRole('button', { name: 'Remove video' }));
    expect(await within(form).findByText('The video is removed.')).toBeTruthy();
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toContain('DELETE /api/owner/lessons/l2/video');
    expect((within(form).getByLabelText('No video') as HTMLInputElement).checked).toBe(true);
  });

  it('a role that reads content sees lessons and details without controls', async () => {
    renderApp((_method, url) => {
      if (url === '/api/owner/content/pages') return TREE;
      if (url === '/api/owner/courses/c1') return COURSE;
      if (url === '/api/owner/courses/c1/progress') return PROGRESS;
      throw new Error(`unexpected ${url}`);
    }, VIEWER);
    await act(async () => navigate('/config/courses'));
    expect(await screen.findByRole('rowheader', { name: 'Pottery Basics' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New course' })).toBeNull();
    await act(async () => navigate('/config/courses/c1'));
    expect(await screen.findByRole('list', { name: 'Lessons' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add lesson' })).toBeNull();
    await act(async () => navigate('/config/courses/c1/lessons/l2'));
    const form = await screen.findByRole('form', { name: 'Centering' });
    expect(within(form).queryByRole('button')).toBeNull();
    expect((within(form).getByLabelText('Chapter').closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
  });
});
