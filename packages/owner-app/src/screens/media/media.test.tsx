// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { bootWith, recordingServer } from '../settings/navigation/site-test-server';
import { MEDIA_ROUTES, MEDIA_UPLOAD_PATH, type MediaItem, type MediaUploadFn } from './media-api';
import { MediaUploader } from './MediaUploader';

const item = (id: string, name: string, over: Partial<MediaItem> = {}): MediaItem => ({
  id, assetUrl: `/images/${id}/${id}.png`, originalSize: '1200x800', mediaFocalPoint: { x: 0.5, y: 0.5 },
  colorData: { topLeft: '#ffffff', topRight: '#ffffff', bottomLeft: '#ffffff', bottomRight: '#ffffff', center: '#ffffff' },
  altText: `${name} alt`, title: '', body: '', filename: `${id}.png`, contentType: 'image/png', created: '2026-12-01T10:00:00.000Z',
  name, byteSize: 1536 * 1024, ...over,
});

const sunset = item('img1', 'Sunset');
const shop = item('img2', 'Shop front', { byteSize: 2048 });
const PLACES = [
  { key: 'page:pg1', kind: 'page', id: 'pg1', title: 'About us', detail: '' },
  { key: 'product:pr1', kind: 'product', id: 'pr1', title: 'Linen shirt', detail: '' },
];
const WRITER: Permission[] = ['catalog:read', 'media:write'];

function mediaServer(options: { refuseRename?: boolean } = {}) {
  let media = [sunset, shop];
  const server = recordingServer((method, url, body) => {
    if (method === 'GET' && url.startsWith('/api/owner/media?')) {
      const search = new URL(url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      return { media: media.filter((each) => each.name.toLowerCase().includes(search) || each.altText.toLowerCase().includes(search)), nextCursor: null };
    }
    if (method === 'GET' && url === '/api/owner/media/img1/uses') return { places: PLACES, summary: 'on 1 page, 1 product' };
    if (method === 'GET' && url === '/api/owner/media/img2/uses') return { places: [], summary: 'not used anywhere' };
    if (method === 'POST' && url === '/api/owner/media/img1/rename') {
      if (options.refuseRename) return { status: 400, body: { message: 'There was a problem while renaming your file', errors: { name: 'A file name must be 1 to 200 characters.' } } };
      const renamed = { ...sunset, name: (body as { name: string }).name.trim() };
      media = media.map((each) => (each.id === 'img1' ? renamed : each));
      return renamed;
    }
    if (method === 'POST' && url === '/api/owner/media/img1/delete') {
      const removeFrom = (body as { removeFrom: string[] }).removeFrom;
      if (removeFrom.length < PLACES.length) return { status: 409, body: { message: 'This picture is on 1 page, 1 product: confirm…', errors: { 'page:pg1': 'About us', 'product:pr1': 'Linen shirt' } } };
      media = media.filter((each) => each.id !== 'img1');
      return { deleted: true, id: 'img1', places: PLACES };
    }
    if (method === 'POST' && url === '/api/owner/media/img1/replace') return { places: PLACES, summary: 'on 1 page, 1 product' };
    return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
  });
  return server;
}

async function openMedia(server: ReturnType<typeof mediaServer>, permissions: Permission[] = WRITER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/media'));
  return screen.findByRole('list', { name: 'Pictures in the library' });
}

describe('the media calls', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(MEDIA_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
    expect(ROUTE_CONTRACTS.some((contract) => contract.method === 'POST' && contract.url === MEDIA_UPLOAD_PATH)).toBe(true);
  });
});

describe('the Media screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('shows the pictures with their names and sizes, and searches by name or alt text', async () => {
    const server = mediaServer();
    const grid = await openMedia(server);
    expect(within(grid).getByRole('button', { name: 'Open Sunset' }).textContent).toBe('Sunset1.5 MB');
    expect(within(grid).getByRole('button', { name: 'Open Shop front' }).textContent).toBe('Shop front2 KB');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search pictures' }), { target: { value: 'shop' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pictures in the library' })).queryByRole('button', { name: 'Open Sunset' })).toBeNull());
    expect(server.calls).toContain('GET /api/owner/media?limit=100&search=shop');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search pictures' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No picture’s name or alt text holds “nothing like it”.')).toBeTruthy();
  });

  it('says where a picture is used and renames it; a refused rename shows platform §8’s title and message', async () => {
    const server = mediaServer({ refuseRename: true });
    fireEvent.click(within(await openMedia(server)).getByRole('button', { name: 'Open Sunset' }));
    const details = await screen.findByRole('region', { name: 'Picture Sunset' });
    expect(await within(details).findByText('Used on 1 page, 1 product.')).toBeTruthy();
    expect(within(details).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual(['About us', 'Linen shirt']);
    const name = within(details).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Evening sky' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Rename' }));
    const alert = await within(details).findByRole('alert');
    expect(alert.textContent).toBe('Unable to Rename File There was a problem while renaming your file: A file name must be 1 to 200 characters.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses to delete a used picture without the list: the confirmation names each place, and its keys are sent', async () => {
    const server = mediaServer();
    fireEvent.click(within(await openMedia(server)).getByRole('button', { name: 'Open Sunset' }));
    const details = await screen.findByRole('region', { name: 'Picture Sunset' });
    await within(details).findByText('Used on 1 page, 1 product.');
    fireEvent.click(within(details).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sunset is still in use' });
    expect(within(dialog).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual(['About us', 'Linen shirt']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove and delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Picture Sunset' })).toBeNull());
    expect(server.bodies.filter((entry) => entry.call === 'POST /api/owner/media/img1/delete').map((entry) => entry.body)).toEqual([{ removeFrom: ['page:pg1', 'product:pr1'] }]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pictures in the library' })).queryByRole('button', { name: 'Open Sunset' })).toBeNull());
  });

  it('replaces a picture everywhere with one chosen from the library', async () => {
    const server = mediaServer();
    fireEvent.click(within(await openMedia(server)).getByRole('button', { name: 'Open Sunset' }));
    const details = await screen.findByRole('region', { name: 'Picture Sunset' });
    await within(details).findByText('Used on 1 page, 1 product.');
    fireEvent.click(within(details).getByRole('button', { name: 'Replace everywhere…' }));
    const chooser = await screen.findByRole('dialog', { name: 'Choose the picture to show instead' });
    expect(within(chooser).queryByRole('button', { name: 'Use Sunset' })).toBeNull();
    fireEvent.click(await within(chooser).findByRole('button', { name: 'Use Shop front' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace Sunset everywhere' });
    expect(confirm.textContent).toContain('Show Shop front instead, on 1 page, 1 product?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace everywhere' }));
    await waitFor(() => expect(server.bodies.find((entry) => entry.call === 'POST /api/owner/media/img1/replace')?.body).toEqual({ withImageId: 'img2' }));
  });

  it('offers no upload, rename, replace or delete to a role that may only look', async () => {
    const server = mediaServer();
    fireEvent.click(within(await openMedia(server, ['catalog:read'])).getByRole('button', { name: 'Open Sunset' }));
    const details = await screen.findByRole('region', { name: 'Picture Sunset' });
    await within(details).findByText('Used on 1 page, 1 product.');
    expect(screen.queryByRole('button', { name: 'Choose pictures' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('the uploader', () => {
  afterEach(cleanup);
  const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

  it('asks alt text for each file before sending any, then uploads them one by one with their progress', async () => {
    const resolvers: Array<() => void> = [];
    const upload = vi.fn<MediaUploadFn>((file, fields, onProgress) => {
      onProgress(0.5);
      return new Promise((resolve) => resolvers.push(() => resolve(item(file.name, fields.name, { altText: fields.altText }))));
    });
    const uploaded: string[] = [];
    render(<MediaUploader upload={upload} onUploaded={(each) => uploaded.push(each.name)} />);
    fireEvent.change(screen.getByLabelText('Choose pictures'), { target: { files: [png('Beach Day.png'), png('dog.png'), new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert').textContent).toBe('notes.txt is not a supported file type. Upload a JPEG, PNG, WebP, GIF or AVIF picture.');
    const rows = within(screen.getByRole('list', { name: 'Pictures to upload' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect((screen.getByRole('textbox', { name: 'Name for Beach Day.png' }) as HTMLInputElement).value).toBe('Beach Day');
    // The file name is never the alt text: it starts empty and must be filled.
    expect((screen.getByRole('textbox', { name: 'Alt text for Beach Day.png' }) as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByRole('textbox', { name: 'Alt text for Beach Day.png' }), { target: { value: 'Children on the sand' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 pictures' }));
    const dogAlt = screen.getByRole('textbox', { name: 'Alt text for dog.png' });
    expect(dogAlt.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dogAlt);
    expect(screen.getByText('Add alt text: describe the picture for people who cannot see it.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    fireEvent.change(dogAlt, { target: { value: 'A dog asleep' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 pictures' }));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading Beach Day.png' });
    expect(progress.getAttribute('value')).toBe('50');
    await act(async () => resolvers[0]!());
    await screen.findByRole('progressbar', { name: 'Uploading dog.png' });
    await act(async () => resolvers[1]!());
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Pictures to upload' })).toBeNull());
    expect(upload.mock.calls.map(([file, fields]) => [file.name, fields])).toEqual([
      ['Beach Day.png', { altText: 'Children on the sand', name: 'Beach Day' }],
      ['dog.png', { altText: 'A dog asleep', name: 'dog' }],
    ]);
    expect(uploaded).toEqual(['Beach Day', 'dog']);
    expect(screen.getByRole('status').textContent).toBe('dog uploaded');
  });

  it('takes files dropped on it', () => {
    render(<MediaUploader upload={vi.fn<MediaUploadFn>()} />);
    const zone = screen.getByText('Drop pictures here, or').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [png('a.png'), png('b.png')] } });
    expect(screen.getByRole('button', { name: 'Upload 2 pictures' })).toBeTruthy();
  });
});
