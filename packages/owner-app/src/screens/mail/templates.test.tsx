// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MAIL_TEMPLATE_STARTERS, ROUTE_CONTRACTS, type MailTemplateReply, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { TEMPLATE_ROUTES } from './templates-api';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const MANAGER = bootWith(['mail:read', 'store-settings:read', 'store-settings:write']);

const orderConfirmation: MailTemplateReply = {
  name: 'order-confirmation', label: 'Order confirmation', recipient: 'The shopper', customized: true, updatedAt: '2026-12-01T10:00:00.000Z',
  lastFallback: { reason: 'the subject names an unknown variable {{order.secret}}', at: '2026-12-02T10:00:00.000Z' },
  ...MAIL_TEMPLATE_STARTERS['order-confirmation'], variables: { 'site.title': "The site's title", 'order.number': 'The order number' }, summaryBlock: true,
};

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = MANAGER) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('Settings → Mail → Templates', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('names calls the contracts have', () => {
    for (const route of Object.values(TEMPLATE_ROUTES)) expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
  });

  it('lists the templates, yours or ours, with the note of a send that fell back', async () => {
    renderApp(() => ({ templates: [orderConfirmation, { ...orderConfirmation, name: 'gift-card', label: 'Gift card', customized: false, lastFallback: null }] }));
    await act(async () => navigate('/config/mail/templates'));
    expect(await screen.findByRole('link', { name: 'Order confirmation' })).toHaveProperty('href', expect.stringContaining('/config/mail/templates/order-confirmation'));
    expect(screen.getAllByRole('link', { name: 'Templates' }).some((link) => link.getAttribute('href') === '/config/mail/templates')).toBe(true);
    expect(screen.getByText('Last send used the default: the subject names an unknown variable {{order.secret}}')).toBeTruthy();
    expect(screen.getByText(/Our default/)).toBeTruthy();
  });

  it('edits with the same rules as the server, previews through the server, saves, sends a test and resets', async () => {
    const server = renderApp((method, url) => {
      if (url.endsWith('/preview')) return { subject: 'Previewed subject #1001', html: '<p>Hi</p>', text: 'Hi' };
      if (url.endsWith('/test')) return { sentTo: 'owner@example.com', mailId: 'm1' };
      if (method === 'PUT') return { status: 400, body: { message: 'This template has mistakes: see each field.', errors: { 'blocks.1.text': 'Too long from the server.' } } };
      if (method === 'DELETE') return { ...orderConfirmation, customized: false, lastFallback: null, subject: 'Default again' };
      return orderConfirmation;
    });
    await act(async () => navigate('/config/mail/templates/order-confirmation'));
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(screen.getByRole('note').textContent).toBe('Last send used the default: the subject names an unknown variable {{order.secret}}');
    expect(await screen.findByTestId('preview-subject', {}, { timeout: 2000 })).toHaveProperty('textContent', 'Previewed subject #1001');
    expect(screen.getByTitle('Preview of the mail with sample data').getAttribute('sandbox')).toBe('');

    fireEvent.change(subject, { target: { value: 'Thanks {{order.nope}}' } });
    expect(screen.getByText('Unknown variable {{order.nope}}: use {{site.title}}, {{site.url}}, {{order.number}}, {{order.total}}, {{order.url}}, {{shopper.name}}, {{payment.instructions}}.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    fireEvent.change(subject, { target: { value: 'Thanks for {{order.number}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long from the server.')).toBeTruthy();
    expect(server.calls).toContain('PUT /api/owner/mail-templates/order-confirmation');

    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Test sent to owner@example.com.'));

    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Reset: our default is sent again.'));
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('Default again');
  });

  it('moves, removes and adds blocks with named buttons', async () => {
    renderApp((_method, url) => (url.endsWith('/preview') ? { subject: 's', html: '', text: '' } : orderConfirmation));
    await act(async () => navigate('/config/mail/templates/order-confirmation'));
    await screen.findByRole('textbox', { name: 'Subject' });
    expect(screen.getByRole('group', { name: 'Block 1: Heading' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move block 1 down' }));
    expect(screen.getByRole('group', { name: 'Block 1: Text' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove block 1' }));
    expect(screen.getByRole('group', { name: 'Block 1: Heading' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'New block' }), { target: { value: 'divider' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add block' }));
    expect(screen.getByRole('group', { name: 'Block 4: Divider' })).toBeTruthy();
  });
});
