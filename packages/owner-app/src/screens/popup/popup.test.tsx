// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission, type PopupOverlayJson } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { bootWith, recordingServer } from '../settings/navigation/site-test-server';
import { POPUP_ROUTES } from './popup-api';

const WRITER: Permission[] = ['content:read', 'content:write', 'catalog:read', 'forms:read'];
const READER: Permission[] = ['content:read', 'catalog:read'];

const saved: PopupOverlayJson = {
  enabled: false,
  version: 1,
  layout: 'image-left',
  heading: 'Ten percent off',
  body: 'Join the list.',
  imageId: 'img_1',
  imageUrl: '/images/img_1/shirt.png',
  imageAlt: 'A linen shirt',
  action: 'button',
  buttonLabel: 'Shop the sale',
  buttonUrl: '/shop',
  formId: null,
  trigger: 'delay',
  delaySeconds: 5,
  scrollPercent: 50,
  position: 'CENTER_CENTER',
  pages: 'all',
  overlayColor: '#000000',
  overlayOpacity: 50,
  updatedAt: '2026-11-24T03:00:00.000Z',
};

const images = { images: [{ id: 'img_1', assetUrl: '/images/img_1/shirt.png', altText: 'A linen shirt', title: 'Linen shirt', filename: 'shirt.png' }], nextCursor: null };
const forms = { forms: [{ id: 'form_news', kind: 'newsletter', name: 'Newsletter', deletedAt: null }, { id: 'form_contact', kind: 'form', name: 'Contact', deletedAt: null }] };

describe('the popup screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  function renderScreen(answer: Parameters<typeof recordingServer>[0], permissions = WRITER) {
    const server = recordingServer(answer);
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
    return server;
  }

  const answers = (state: { popup: PopupOverlayJson }) => (method: string, url: string, body: unknown) => {
    if (url.startsWith('/api/owner/images')) return images;
    if (url.startsWith('/api/owner/forms')) return forms;
    if (url === '/api/owner/popup-overlay/show-again') {
      state.popup = { ...state.popup, version: state.popup.version + 1 };
      return state.popup;
    }
    if (method === 'PUT') {
      const next = body as Record<string, unknown>;
      if (next.buttonUrl === 'javascript:alert(1)') {
        return { status: 400, body: { message: 'Some fields are not valid.', errors: { buttonUrl: 'Enter a link of up to 2083 characters.' } } };
      }
      state.popup = { ...state.popup, ...(next as Partial<PopupOverlayJson>) };
    }
    return state.popup;
  };

  it('names calls the contracts have', () => {
    for (const route of Object.values(POPUP_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('edits the popup with a live preview and saves every field', async () => {
    const state = { popup: saved };
    const server = renderScreen(answers(state));
    await act(async () => navigate('/config/popup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Popup' })).toBeTruthy();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Ten percent off')).toBeTruthy();
    expect(within(preview).getByText('Shop the sale')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Show the popup on the site'));
    fireEvent.change(screen.getByLabelText('Heading'), { target: { value: 'Join us <b>now</b>' } });
    expect(within(preview).getByText('Join us <b>now</b>')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Once the visitor scrolls' }));
    fireEvent.change(screen.getByLabelText('Scrolled down the page (%)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Bottom right' }));
    fireEvent.change(screen.getByLabelText('Pages'), { target: { value: 'not-cart' } });
    fireEvent.click(screen.getByRole('radio', { name: 'A newsletter sign-up form' }));
    const formSelect = screen.getByLabelText('Newsletter form');
    await within(formSelect).findByRole('option', { name: 'Newsletter' });
    expect(within(formSelect).queryByRole('option', { name: 'Contact' })).toBeNull();
    fireEvent.change(formSelect, { target: { value: 'form_news' } });
    expect(within(preview).getByText('Sign up')).toBeTruthy();
    expect(preview.querySelector('.vitrine-popup-overlay')?.getAttribute('data-position')).toBe('BOTTOM_RIGHT');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(server.bodies.at(-1)).toEqual({
      call: 'PUT /api/owner/popup-overlay',
      body: {
        enabled: true, layout: 'image-left', heading: 'Join us <b>now</b>', body: 'Join the list.', imageId: 'img_1', action: 'newsletter',
        buttonLabel: 'Shop the sale', buttonUrl: '/shop', formId: 'form_news', trigger: 'scroll', delaySeconds: 5, scrollPercent: 40,
        position: 'BOTTOM_RIGHT', pages: 'not-cart', overlayColor: '#000000', overlayOpacity: 50,
      },
    });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("puts the server's refusal under its field", async () => {
    renderScreen(answers({ popup: saved }));
    await act(async () => navigate('/config/popup'));
    const link = await screen.findByLabelText('Button link');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields are not valid.')).toBeTruthy();
    expect(screen.getByText('Enter a link of up to 2083 characters.')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(link.getAttribute('aria-describedby')).toContain('buttonUrl-error');
  });

  it('shows the popup again to visitors who closed it: a new version', async () => {
    const state = { popup: saved };
    const server = renderScreen(answers(state));
    await act(async () => navigate('/config/popup'));
    fireEvent.click(await screen.findByRole('button', { name: 'Show again to visitors who closed it' }));
    expect(await screen.findByText('Visitors who closed it will see it again (version 2).')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/popup-overlay/show-again');
  });

  it('a role without content:write sees the form disabled, with no Save', async () => {
    renderScreen(answers({ popup: saved }), READER);
    await act(async () => navigate('/config/popup'));
    expect(await screen.findByText('Your role may look at the popup but not change it.')).toBeTruthy();
    expect((screen.getByLabelText('Heading') as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show again to visitors who closed it' })).toBeNull();
  });
});
