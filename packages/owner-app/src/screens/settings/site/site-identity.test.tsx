// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ImageAssetJson, Permission, SiteIdentityJson } from '@vitrine/contracts';
import { ROUTE_CONTRACTS, SITE_IDENTITY_LIMITS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer } from '../navigation/site-test-server';
import { SITE_IDENTITY_FIELD_LIMITS, SITE_IDENTITY_ROUTES } from './site-identity-api';

const OWNER: Permission[] = ['site:read', 'site-identity:write', 'catalog:read', 'catalog:write'];
const EDITOR: Permission[] = ['site:read', 'site:write', 'catalog:read'];

const picture = (id: string, filename: string, size = '600x200'): ImageAssetJson => ({
  id, assetUrl: `/images/${id}/${filename}`, originalSize: size, mediaFocalPoint: { x: 0.5, y: 0.5 },
  colorData: { topLeft: '#ffffff', topRight: '#ffffff', bottomLeft: '#ffffff', bottomRight: '#ffffff', center: '#ffffff' },
  altText: '', title: '', body: '', filename, contentType: 'image/png', created: '2026-12-01T10:00:00.000Z',
});

const DEMO: SiteIdentityJson = {
  siteTitle: 'Vitrine Demo Store', tagline: 'Well-made things for every day, chosen to last.',
  logoImageId: null, logoAltText: '', logoUrl: null, faviconImageId: null, faviconUrl: null, socialImageId: null, socialImageUrl: null,
};

/** The identity and the pictures; a PUT merges its body as the server does (a favicon of `wide` refused by its field). */
function identityServer(pictures: ImageAssetJson[] = [picture('logo1', 'logo.png'), picture('wide1', 'wide.png', '900x300')]) {
  let identity = { ...DEMO };
  const server = recordingServer((method, url, body) => {
    if (url.startsWith('/api/owner/images')) return { images: pictures, nextCursor: null };
    // The picker is the media library's browser: each picture with its library name.
    if (url.startsWith('/api/owner/media')) return { media: pictures.map((each) => ({ ...each, name: each.filename, byteSize: 2048 })), nextCursor: null };
    if (url !== '/api/owner/site-settings/identity') return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
    if (method === 'PUT') {
      const sent = body as Partial<SiteIdentityJson>;
      if (sent.faviconImageId === 'wide1') {
        const message = 'The favicon must be square or nearly square: this picture is 900 × 300 pixels.';
        return { status: 400, body: { message, errors: { faviconImageId: message } } };
      }
      const urlOf = (id: string | null | undefined) => pictures.find((each) => each.id === id)?.assetUrl ?? null;
      identity = { ...identity, ...sent, siteTitle: (sent.siteTitle ?? identity.siteTitle).trim() };
      identity = { ...identity, logoUrl: urlOf(identity.logoImageId), faviconUrl: urlOf(identity.faviconImageId), socialImageUrl: urlOf(identity.socialImageId) };
    }
    return identity;
  });
  return { ...server, pictures };
}

async function open(server: ReturnType<typeof identityServer>, permissions: Permission[] = OWNER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/settings'));
  fireEvent.click(await screen.findByRole('link', { name: 'Site identity' }));
  return (await screen.findByRole('textbox', { name: 'Site title' })) as HTMLInputElement;
}

const puts = (server: ReturnType<typeof identityServer>) => server.bodies.filter((entry) => entry.call === 'PUT /api/owner/site-settings/identity').map((entry) => entry.body);
const group = (name: string) => screen.getByRole('group', { name });

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings → Site identity', () => {
  it('calls routes the contracts have, with the contracts’ limits', () => {
    for (const route of Object.values(SITE_IDENTITY_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    const { siteTitleLength, taglineLength, logoAltTextLength } = SITE_IDENTITY_LIMITS;
    expect(SITE_IDENTITY_FIELD_LIMITS).toEqual({ siteTitleLength, taglineLength, logoAltTextLength });
  });

  it('renames the site, chooses a logo and asks for its alt text before saving; the preview follows the draft', async () => {
    const server = identityServer();
    const title = await open(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Site identity' })).toBeTruthy();
    expect(title.value).toBe('Vitrine Demo Store');
    expect(title.maxLength).toBe(100);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Shop · Vitrine Demo Store')).toBeTruthy();

    fireEvent.change(title, { target: { value: 'Linen & Clay ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tagline' }), { target: { value: 'Pots and linen, made slowly.' } });
    expect(within(preview).getByText('Shop · Linen & Clay')).toBeTruthy();
    expect(within(preview).getByText('Pots and linen, made slowly.')).toBeTruthy();

    fireEvent.click(within(group('Logo')).getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use logo.png' }));
    // A logo needs its alt text: checked before anything is sent, the message by its field.
    const alt = (await screen.findByRole('textbox', { name: 'Logo alt text' })) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Check the fields marked below.');
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(alt.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe('Describe the logo for visitors who cannot see it: usually the site’s name as the logo writes it.');
    expect(puts(server)).toEqual([]);

    fireEvent.change(alt, { target: { value: 'Linen & Clay' } });
    const logo = within(preview).getByRole('img', { name: 'Linen & Clay' });
    expect(logo.getAttribute('src')).toBe('/images/logo1/logo.png?format=500w');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Every page shows it from the next visit.');
    expect(puts(server)).toEqual([
      { siteTitle: 'Linen & Clay ', tagline: 'Pots and linen, made slowly.', logoImageId: 'logo1', logoAltText: 'Linen & Clay', faviconImageId: null, socialImageId: null },
    ]);
    // The form then holds the server's answer (trimmed).
    expect(title.value).toBe('Linen & Clay');
  });

  it('shows the server’s refusal by its field and keeps the typing', async () => {
    const server = identityServer();
    const title = await open(server);
    fireEvent.change(title, { target: { value: 'Linen & Clay' } });
    fireEvent.click(within(group('Favicon')).getByRole('button', { name: 'Choose image' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Choose an image' })).findByRole('button', { name: 'Use wide.png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'The favicon must be square or nearly square: this picture is 900 × 300 pixels.';
    await waitFor(() => expect(within(group('Favicon')).getByText(message)).toBeTruthy());
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(group('Favicon').getAttribute('aria-describedby')).toBeTruthy();
    expect(title.value).toBe('Linen & Clay');
    // Removing the picture and saving again goes through.
    fireEvent.click(within(group('Favicon')).getByRole('button', { name: 'Remove image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Every page shows it from the next visit.');
    expect(puts(server).at(-1)).toMatchObject({ siteTitle: 'Linen & Clay', faviconImageId: null });
  });

  it('uploads a logo after asking what it says, which becomes its alt text', async () => {
    const uploaded = picture('new1', 'new-logo.png');
    const server = identityServer([picture('logo1', 'logo.png')]);
    const sent: string[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload = { onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      open(method: string, url: string) {
        sent.push(`${method} ${url}`);
      }
      setRequestHeader() {}
      abort() {}
      send() {
        // The server now lists the new picture first, as it answers newest first.
        server.pictures.unshift(uploaded);
        setTimeout(() => {
          this.status = 201;
          this.responseText = JSON.stringify(uploaded);
          this.onload?.();
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await open(server);
    const input = screen.getByLabelText('Upload picture (logo)') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'new-logo.png', { type: 'image/png' })] } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Describe this picture' });
    expect(within(dialog).getByText(/It becomes the logo’s alt text\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Alt text' }), { target: { value: 'Linen & Clay' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alt = (await screen.findByRole('textbox', { name: 'Logo alt text' })) as HTMLInputElement;
    expect(alt.value).toBe('Linen & Clay');
    expect(sent).toEqual(['POST /api/owner/images']);
    // The picker's thumbnail (alt text empty until described: presentational) and the preview's logo, named by its alt text.
    await waitFor(() => expect(group('Logo').querySelector('img')?.getAttribute('src')).toBe('/images/new1/new-logo.png?format=300w'));
    expect(within(screen.getByRole('region', { name: 'Preview' })).getByRole('img', { name: 'Linen & Clay' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Every page shows it from the next visit.');
    expect(puts(server).at(-1)).toMatchObject({ logoImageId: 'new1', logoAltText: 'Linen & Clay' });
  });

  it('shows a role without site-identity:write the identity read-only: no picture buttons, no upload, no Save', async () => {
    const server = identityServer();
    const title = await open(server, EDITOR);
    expect(title.readOnly).toBe(true);
    expect(screen.getByText('Your role may see the site’s identity but not change it: admins and website managers can.')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText(/Upload picture/)).toBeNull();
    expect(server.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });
});
