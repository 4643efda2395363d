// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PRODUCT_FILE_LIMITS, ROUTE_CONTRACTS, type OwnerProductJson, type ProductFileJson } from '@vitrine/contracts';
import { OwnerBrowserClient, memoryTokenStore } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import type { OwnerAppBoot } from '../../../boot';
import { BOOT } from '../../../test-support/fixtures';
import {
  DIGITAL_FILE_ROUTES, fileUploadPath, formatFileSize, MAX_FILE_BYTES, uploadProductFileWithProgress, wholeNumberIn, type FileUploadXhr,
} from './digital-file-api';
import { SHIRT } from './test-fixtures';

const EBOOK: OwnerProductJson = {
  ...SHIRT, id: 'p2', productType: 2, title: 'Photography E-book', urlId: 'photography-ebook', fullUrl: '/shop/p/photography-ebook', images: [],
  variantOptionOrdering: [], variants: [{ ...SHIRT.variants[0]!, id: 'v9', sku: 'EBOOK', optionValues: [], unlimited: true, imageIds: [] }],
};
const FILE: ProductFileJson = {
  id: 'f1', productId: 'p2', fileName: 'Photography E-book.pdf', contentType: 'application/pdf', byteSize: 1_234_567,
  sha256: 'ab'.repeat(32), downloadLimit: 5, linkDays: 7, created: '2026-11-01T00:00:00Z', updated: '2026-11-01T00:00:00Z',
};

/** A fake XMLHttpRequest: the test answers it. */
class FakeXhr implements FileUploadXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | undefined;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: FileUploadXhr['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function fileServer(file: ProductFileJson | null, product: OwnerProductJson = EBOOK) {
  const calls: Array<{ call: string; body: unknown }> = [];
  let current = file;
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call: `${method} ${input}`, body });
    const reply = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (input.startsWith(`/api/owner/products/${product.id}/file/limits`)) {
      current = { ...current!, ...(body as object) };
      return reply(200, { file: current });
    }
    if (input.startsWith(`/api/owner/products/${product.id}/file`)) {
      if (method === 'DELETE') {
        current = null;
        return reply(200, { deleted: true, productId: product.id });
      }
      return reply(200, { file: current });
    }
    if (input.startsWith(`/api/owner/products/${product.id}`)) return reply(200, { product });
    if (input.startsWith('/api/commondata/GetSiteLayout')) return reply(200, { layout: [] });
    if (input.startsWith('/api/owner/forms')) return reply(200, { forms: [] });
    return reply(404, { message: 'No such call' });
  }) as typeof globalThis.fetch;
  return {
    client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }),
    made: (call: string) => calls.filter((entry) => entry.call === call),
  };
}

const bootWith = (permissions: string[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } as OwnerAppBoot['owner'] });
const OWNER = ['catalog:read', 'catalog:write', 'forms:read', 'site:read'];

async function openEditor(server: ReturnType<typeof fileServer>, productId = 'p2', permissions = OWNER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate(`/config/products/${productId}`));
}

const section = async () => (await screen.findByRole('heading', { level: 2, name: 'Digital file' })).closest('section') as HTMLElement;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Digital file section', () => {
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    window.history.replaceState(null, '', '/config');
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    cleanup();
    globalThis.XMLHttpRequest = realXhr;
  });

  it('names calls the contracts have', () => {
    for (const route of [...Object.values(DIGITAL_FILE_ROUTES), { method: 'PUT', url: '/api/owner/products/:productId/file' }]) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
    expect(fileUploadPath('p 2')).toBe('/api/owner/products/p%202/file');
    expect(MAX_FILE_BYTES).toBe(PRODUCT_FILE_LIMITS.fileBytes);
  });

  it('shows a digital product’s file, and nothing for a physical one', async () => {
    await openEditor(fileServer(FILE));
    const box = await section();
    expect((await within(box).findByText('Photography E-book.pdf')).tagName).toBe('DD');
    expect(within(box).getByText('1.2 MB')).toBeTruthy();
    expect(within(box).getByText('application/pdf')).toBeTruthy();
    expect((within(box).getByLabelText('Downloads per purchase') as HTMLInputElement).value).toBe('5');
    expect((within(box).getByLabelText('Link lasts (days)') as HTMLInputElement).value).toBe('7');
    expect(within(box).getByText('Replace file').tagName).toBe('LABEL');
    cleanup();
    await openEditor(fileServer(null, SHIRT), 'p1');
    await screen.findByRole('heading', { level: 1, name: 'Linen Shirt' });
    expect(screen.queryByRole('heading', { name: 'Digital file' })).toBeNull();
  });

  it('uploads with a progress bar, then shows the new file', async () => {
    await openEditor(fileServer(null));
    const box = await section();
    expect(await within(box).findByText('No file yet: paid orders get no download link until you add one.')).toBeTruthy();
    const input = within(box).getByLabelText('Upload file') as HTMLInputElement;
    const chosen = new File(['%PDF-1.4 hello'], 'Guide été.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [chosen] } });
      await flush();
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/owner/products/p2/file']);
    expect(xhr.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-file-name': 'Guide%20%C3%A9t%C3%A9.pdf', 'X-CSRF-Token': 'c1', 'X-SiteUser-XSRF-Token': 'x1' });
    expect(xhr.body).toBe(chosen);
    await act(async () => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect((within(box).getByLabelText('Uploading Guide été.pdf') as HTMLProgressElement).value).toBe(40);
    expect(within(box).getByText('40% uploaded')).toBeTruthy();
    await act(async () => xhr.answer(200, { file: { ...FILE, fileName: 'Guide été.pdf', byteSize: 14 } }));
    expect(await within(box).findByText('Guide été.pdf uploaded.')).toBeTruthy();
    expect(within(box).getByText('14 bytes')).toBeTruthy();
    expect(within(box).queryByRole('progressbar')).toBeNull();
  });

  it('says why an upload failed (the server’s words, 413 as too large)', async () => {
    await openEditor(fileServer(FILE));
    const box = await section();
    const input = (await within(box).findByLabelText('Replace file')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'big.zip', { type: 'application/zip' })] } });
      await flush();
    });
    await act(async () => FakeXhr.last.answer(413, { message: 'Payload Too Large' }));
    const alert = await within(box).findByRole('alert');
    expect(alert.textContent).toBe('Unable to Upload FileThis file is larger than 200 MB.');
    expect(within(box).getByText('Photography E-book.pdf')).toBeTruthy();
  });

  it('removes the file after confirming', async () => {
    const server = fileServer(FILE);
    await openEditor(server);
    const box = await section();
    fireEvent.click(await within(box).findByRole('button', { name: 'Remove file' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this file?' });
    expect(dialog.textContent).toContain('Download links already sent will stop working.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove file' }));
    expect(await within(box).findByText('File removed.')).toBeTruthy();
    expect(server.made('DELETE /api/owner/products/p2/file')).toHaveLength(1);
    expect(within(box).getByText('No file yet: paid orders get no download link until you add one.')).toBeTruthy();
  });

  it('checks and saves the limits with their own button', async () => {
    const server = fileServer(FILE);
    await openEditor(server);
    const box = await section();
    const limit = (await within(box).findByLabelText('Downloads per purchase')) as HTMLInputElement;
    const days = within(box).getByLabelText('Link lasts (days)') as HTMLInputElement;
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save limits' }));
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(limit.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe('Enter a whole number from 1 to 100.');
    expect(within(box).getByText('Enter a whole number from 1 to 365.')).toBeTruthy();
    expect(server.made('PUT /api/owner/products/p2/file/limits')).toHaveLength(0);
    fireEvent.change(limit, { target: { value: '3' } });
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.keyDown(days, { key: 'Enter' });
    expect(await within(box).findByText('Limits saved. They apply to orders paid from now on.')).toBeTruthy();
    expect(server.made('PUT /api/owner/products/p2/file/limits')[0]!.body).toEqual({ downloadLimit: 3, linkDays: 30 });
    expect(server.made('PUT /api/owner/products/p2')).toHaveLength(0);
  });

  it('is read-only for a viewer', async () => {
    await openEditor(fileServer(FILE), 'p2', ['catalog:read']);
    const box = await section();
    expect(await within(box).findByText('Photography E-book.pdf')).toBeTruthy();
    expect(within(box).queryByText('Replace file')).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Remove file' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Save limits' })).toBeNull();
    expect((within(box).getByLabelText('Downloads per purchase') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the file upload and its rules', () => {
  const client = () => new OwnerBrowserClient({ fetch: (async () => new Response('')) as typeof fetch, cookies: () => 'crumb=c9', xsrfTokens: memoryTokenStore('x9') });

  it('refuses a file over 200 MB before sending, and reports a lost connection', async () => {
    const huge = new File(['x'], 'huge.iso');
    Object.defineProperty(huge, 'size', { value: MAX_FILE_BYTES + 1 });
    let made = 0;
    await expect(uploadProductFileWithProgress(client(), 'p2', huge, { createXhr: () => (made++, new FakeXhr()) })).rejects.toMatchObject({ detail: 'This file is larger than 200 MB.' });
    expect(made).toBe(0);
    const lost = uploadProductFileWithProgress(client(), 'p2', new File(['x'], 'a.bin'), { createXhr: () => new FakeXhr() });
    await flush();
    expect(FakeXhr.last.headers['content-type']).toBe('application/octet-stream');
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toMatchObject({ detail: 'File upload failed to complete' });
  });

  it('reads limits as whole numbers in range, and sizes in words', () => {
    expect(['5', ' 12 ', '0', '101', '2.5', '', 'x'].map((text) => wholeNumberIn(text, 1, 100))).toEqual([5, 12, null, null, null, null, null]);
    expect(formatFileSize(999, 'en-US')).toBe('999 bytes');
    expect(formatFileSize(1_234_567, 'en-US')).toBe('1.2 MB');
    expect(formatFileSize(2_500_000_000, 'de-DE')).toBe('2,5\u00a0GB');
  });
});
