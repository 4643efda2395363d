// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { COMMENT_ROUTES, type OwnerComment } from './comments-api';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const MODERATOR = bootWith(['comments:moderate']);

const pending: OwnerComment = {
  id: 'c1', itemId: 'i1', postTitle: 'Caring for linen', postUrl: '/journal/caring-for-linen', parentId: null, depth: 0, status: 'pending',
  authorName: 'Bea', authorEmail: 'bea@example.com', signedIn: false, byOwner: false, body: 'Lovely post.', createdAt: '2026-11-20T09:00:00.000Z',
};
const COUNTS = { pending: 1, approved: 3, hidden: 0, spam: 0 };
const SETTINGS = { commentsEnabled: true, simpleLikingEnabled: true, disqusShortname: '' };

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = MODERATOR) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('the comment calls', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(COMMENT_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });
});

describe('the Comments screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists the queue with author, email and post; approves and says so', async () => {
    let approved = false;
    const server = renderApp((method, url) => {
      if (url === '/api/owner/comments/settings') return SETTINGS;
      if (method === 'PUT' && url === '/api/owner/comments/c1/status') {
        approved = true;
        return { comment: { ...pending, status: 'approved' } };
      }
      return { comments: approved ? [] : [pending], counts: COUNTS, hasNextPage: false, nextPageCursor: null };
    });
    await act(async () => navigate('/config/comments'));
    const list = await screen.findByRole('region', { name: 'Waiting for approval comments' });
    const card = within(list).getByRole('article', { name: 'Bea' });
    expect(within(card).getByText(/bea@example\.com/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'on Caring for linen' }).getAttribute('href')).toBe('/journal/caring-for-linen');
    expect(server.calls).toContain('GET /api/owner/comments?status=pending');
    expect((screen.getByLabelText('Allow comments on this site') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(card).getByRole('button', { name: 'Approve the comment by Bea' }));
    expect((await screen.findByRole('status')).textContent).toBe('The comment by Bea is approved and shows on the post.');
    expect(server.calls).toContain('PUT /api/owner/comments/c1/status');
    expect(await screen.findByText('No waiting for approval comments')).toBeTruthy();
  });

  it('says so to a role that cannot moderate', async () => {
    renderApp(() => ({}), bootWith(['content:read']));
    await act(async () => navigate('/config/comments'));
    expect(await screen.findByText('Your role cannot moderate comments')).toBeTruthy();
  });
});
