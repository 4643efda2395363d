// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ContributorsReply } from '@vitrine/contracts';
import { CONTRIBUTOR_ROLES, ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { CONTRIBUTOR_ROUTES, looksLikeEmail } from './contributors-api';
import { ROLE_CHOICES } from './roles';

const day = Date.UTC(2026, 10, 20, 9);
const list = (): ContributorsReply => ({
  contributors: [
    { siteUserId: 'u1', email: 'owner@example.com', role: 1, roleName: 'admin', status: 'accepted', since: day, you: true },
    { siteUserId: 'u2', email: 'clerk@example.com', role: 8, roleName: 'storeManager', status: 'accepted', since: day, you: false },
  ],
  invitations: [{ invitationId: 'a'.repeat(64), email: 'new@example.com', role: 10, roleName: 'viewer', status: 'invited', invited: day, expires: day + 7 * 86_400_000 }],
});

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

function renderPanel(answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions: ['contributors:manage'] } }} queryClient={createQueryClient()} />);
  return server;
}

describe('the contributors panel', () => {
  it('names calls the contracts have; its roles are the contracts\' codes', () => {
    for (const route of Object.values(CONTRIBUTOR_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    expect(Object.fromEntries(ROLE_CHOICES.map((choice) => [choice.name, choice.role]))).toEqual(CONTRIBUTOR_ROLES);
    expect(looksLikeEmail('a@example.com')).toBe(true);
    for (const text of ['', 'a@b', 'no at.example.com', 'a @example.com']) expect(looksLikeEmail(text)).toBe(false);
  });

  it('lists contributors (you without a role select or Remove) and pending invitations', async () => {
    renderPanel(() => list());
    await act(async () => navigate('/config/settings/contributors'));
    const table = await screen.findByRole('table', { name: 'People with access' });
    const me = within(table).getByRole('row', { name: /owner@example\.com/ });
    expect(me.textContent).toContain('you');
    expect(within(me).queryByRole('combobox')).toBeNull();
    expect(within(me).queryByRole('button')).toBeNull();
    expect((within(table).getByRole('combobox', { name: 'Role of clerk@example.com' }) as HTMLSelectElement).value).toBe('8');
    const invited = within(table).getByRole('row', { name: /new@example\.com/ });
    expect(invited.textContent).toContain('Invited');
    expect(invited.textContent).toContain('Viewer');
    expect(invited.textContent).toContain('Nov 27, 2026');
  });

  it("invites after the confirm modal, refusing a bad address with 'Please enter a valid email' without calling", async () => {
    const server = renderPanel((method) => (method === 'POST' ? { status: 201, body: { invitation: list().invitations[0] } } : list()));
    await act(async () => navigate('/config/settings/contributors'));
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByText('Please enter a valid email')).getAttribute('role')).toBe('alert');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(email, { target: { value: 'helper@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the invitation?' });
    expect(dialog.textContent).toContain('helper@example.com gets an email with a link to join as Editor.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to helper@example.com.')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/contributors/invitations');
    expect((email as HTMLInputElement).value).toBe('');
  });

  it("changes a role with Save role, and shows the server's refusal (the last admin)", async () => {
    let calls = 0;
    const server = renderPanel((method) => {
      if (method === 'PUT') {
        calls += 1;
        return calls === 1 ? { contributor: { ...list().contributors[1]!, role: 4, roleName: 'editor' } } : { status: 409, body: { message: 'The website needs at least one admin. Make someone else an admin first.' } };
      }
      return list();
    });
    await act(async () => navigate('/config/settings/contributors'));
    const select = await screen.findByRole('combobox', { name: 'Role of clerk@example.com' });
    expect(screen.queryByRole('button', { name: 'Save role of clerk@example.com' })).toBeNull();
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role of clerk@example.com' }));
    expect(await screen.findByText('clerk@example.com is now Editor.')).toBeTruthy();
    expect(server.calls).toContain('PUT /api/owner/contributors/u2/role');

    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role of clerk@example.com' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent === 'The website needs at least one admin. Make someone else an admin first.')).toBe(true));
  });

  it('removes a contributor and cancels an invitation only after the confirm modal', async () => {
    const server = renderPanel((method) => (method === 'DELETE' ? { removed: true, cancelled: true } : list()));
    await act(async () => navigate('/config/settings/contributors'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove clerk@example.com' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove this contributor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove clerk@example.com' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove this contributor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('clerk@example.com removed.')).toBeTruthy();
    expect(server.calls).toContain('DELETE /api/owner/contributors/u2');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the invitation of new@example.com' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel this invitation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('Invitation to new@example.com cancelled.')).toBeTruthy();
    expect(server.calls).toContain(`DELETE /api/owner/contributors/invitations/${'a'.repeat(64)}`);
  });
});
