// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ROUTE_CONTRACTS, SITE_SETTINGS_LIMITS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer, SITE_READER, SITE_WRITER } from '../navigation/site-test-server';
import { characterCount, HEADER_FOOTER_LIMIT, HEADER_FOOTER_ROUTES, isOverLimit, previewDocument, wrapSelection } from './header-footer-api';

describe('header and footer rules (pure)', () => {
  it('counts characters as the server does and checks the 20,000 limit', () => {
    expect(HEADER_FOOTER_LIMIT).toBe(SITE_SETTINGS_LIMITS.headerFooterLength);
    expect(characterCount('<p>é😀</p>')).toBe(9);
    expect(isOverLimit('a'.repeat(20_000))).toBe(false);
    expect(isOverLimit('a'.repeat(20_001))).toBe(true);
    expect(isOverLimit('😀'.repeat(20_000))).toBe(false);
  });

  it('wraps the selection for the toolbar, and the link selects its address', () => {
    expect(wrapSelection('Hello world', 6, 11, 'bold')).toEqual({ text: 'Hello <strong>world</strong>', selectionStart: 14, selectionEnd: 19 });
    expect(wrapSelection('Hi', 2, 2, 'italic').text).toBe('Hi<em></em>');
    const linked = wrapSelection('See us', 4, 6, 'link');
    expect(linked.text).toBe('See <a href="https://">us</a>');
    expect(linked.text.slice(linked.selectionStart, linked.selectionEnd)).toBe('https://');
  });

  it('builds the preview with the draft and the title escaped', () => {
    const html = previewDocument({ header: '<p>Top</p>', footer: '<p>Bottom</p>' }, 'A <b> shop');
    expect(html).toContain('<p>Top</p>');
    expect(html).toContain('<p>Bottom</p>');
    expect(html).toContain('A &lt;b&gt; shop');
    expect(html).not.toContain('<style');
  });

  it('names calls the contracts have', () => {
    for (const route of Object.values(HEADER_FOOTER_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });
});

describe('the header and footer section', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  function renderSection(answer: Parameters<typeof recordingServer>[0], permissions = SITE_WRITER) {
    const server = recordingServer(answer);
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
    return server;
  }

  it('edits the footer with a live preview, refuses over 20,000 in the app, saves and shows the sanitised answer', async () => {
    const server = renderSection((method, _url, body) => {
      if (method === 'PUT') {
        const sent = body as { header: string; footer: string };
        return { header: sent.header, footer: sent.footer.replace(/<script>.*<\/script>/, '') };
      }
      return { header: '<p>Free shipping</p>', footer: '' };
    });
    await act(async () => navigate('/config/settings/header-footer'));
    const footer = (await screen.findByLabelText('Footer HTML')) as HTMLTextAreaElement;
    expect((screen.getByLabelText('Header HTML') as HTMLTextAreaElement).value).toBe('<p>Free shipping</p>');
    expect(screen.getByText('20 / 20,000 characters')).toBeTruthy();
    const frame = screen.getByTitle('Preview of the header and footer');
    expect(frame.getAttribute('sandbox')).toBe('');

    fireEvent.change(footer, { target: { value: 'x'.repeat(20_001) } });
    expect(screen.getByText('20,001 / 20,000 characters')).toBeTruthy();
    expect(footer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The footer is HTML of 20,000 characters at most.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shorten the header or footer before saving.')).toBeTruthy();
    expect(server.calls.some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(footer, { target: { value: '<p>Made in Lisbon</p><script>alert(1)</script>' } });
    expect(frame.getAttribute('srcdoc')).toContain('<p>Made in Lisbon</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Markup that is not allowed was removed/)).toBeTruthy();
    expect(footer.value).toBe('<p>Made in Lisbon</p>');
    expect(server.bodies.at(-1)).toEqual({ call: 'PUT /api/site-header-footer', body: { header: '<p>Free shipping</p>', footer: '<p>Made in Lisbon</p><script>alert(1)</script>' } });

    fireEvent.change(footer, { target: { value: '<p>Made in Porto</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('wraps the selection in bold from the toolbar', async () => {
    renderSection(() => ({ header: 'Sale today', footer: '' }));
    await act(async () => navigate('/config/settings/header-footer'));
    const header = (await screen.findByLabelText('Header HTML')) as HTMLTextAreaElement;
    header.setSelectionRange(0, 4);
    fireEvent.click(screen.getAllByRole('button', { name: 'Bold' })[0]!);
    expect(header.value).toBe('<strong>Sale</strong> today');
    expect(screen.getByRole('toolbar', { name: 'Format the header' })).toBeTruthy();
  });

  it('keeps the draft after a refused save and says why', async () => {
    renderSection((method) => (method === 'PUT' ? { status: 403, body: { message: 'Your role does not allow this.' } } : { header: '', footer: '' }));
    await act(async () => navigate('/config/settings/header-footer'));
    const footer = (await screen.findByLabelText('Footer HTML')) as HTMLTextAreaElement;
    fireEvent.change(footer, { target: { value: '<p>Hello</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    await waitFor(() => expect(footer.value).toBe('<p>Hello</p>'));
  });

  it('shows a role without site:write the HTML read-only, with no toolbar or Save', async () => {
    renderSection(() => ({ header: '<p>Hi</p>', footer: '' }), SITE_READER);
    await act(async () => navigate('/config/settings/header-footer'));
    expect(((await screen.findByLabelText('Header HTML')) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
