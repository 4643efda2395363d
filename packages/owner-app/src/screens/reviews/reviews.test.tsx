// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT, fakeServer } from '../../test-support/fixtures';
import { REVIEW_ROUTES, type OwnerReview } from './reviews-api';
import { readReviewAddress, writeReviewAddress } from './reviews-state';

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const MODERATOR = bootWith(['reviews:moderate']);

const pending: OwnerReview = {
  id: 'r1', productId: 'p1', productName: 'Linen Shirt', orderId: 'o1', orderNumber: 1004, source: 'buyer', rating: 4, title: 'Soft and cool',
  body: 'Wore it all summer.', reviewerName: 'Dana', status: 'pending', reply: null, created: Date.UTC(2026, 10, 20, 9), moderatedAt: null,
};
const imported: OwnerReview = { ...pending, id: 'r2', orderId: null, orderNumber: null, source: 'imported', title: 'Carries everything', productName: 'Canvas Tote', status: 'approved', reply: 'Thank you!' };

function renderApp(answer: Parameters<typeof fakeServer>[0], boot: OwnerAppBoot = MODERATOR) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={boot} queryClient={createQueryClient()} />);
  return server;
}

describe('the review calls and address', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(REVIEW_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('starts on the moderation queue; "all" and other statuses round-trip; unknown ones fall back', () => {
    expect(readReviewAddress(new URLSearchParams(''))).toEqual({ status: 'pending', cursor: '' });
    expect(readReviewAddress(new URLSearchParams('status=all&cursor=c1'))).toEqual({ status: '', cursor: 'c1' });
    expect(readReviewAddress(new URLSearchParams('status=lost&cursor=<x>'))).toEqual({ status: 'pending', cursor: '' });
    expect(writeReviewAddress({ status: 'pending', cursor: '' }).toString()).toBe('');
    expect(writeReviewAddress({ status: '', cursor: '' }).toString()).toBe('status=all');
    expect(writeReviewAddress({ status: 'hidden', cursor: 'c2' }).toString()).toBe('status=hidden&cursor=c2');
  });
});

describe('the Reviews screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  it('lists the queue with stars, product, reviewer and source; approves and says so; filters by status', async () => {
    let approved = false;
    const server = renderApp((method, url) => {
      if (method === 'POST' && url === '/api/owner/reviews/r1/approve') {
        approved = true;
        return { changed: true, review: { ...pending, status: 'approved' } };
      }
      if (url.includes('status=approved')) return { reviews: [imported], nextCursor: null };
      return { reviews: approved ? [] : [pending], nextCursor: null };
    });
    await act(async () => navigate('/config/reviews'));
    const list = await screen.findByRole('region', { name: 'Waiting for approval reviews, newest first' });
    const card = within(list).getByRole('article', { name: 'Soft and cool' });
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(card).getByText('Linen Shirt')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Verified purchase, order #1004' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(server.calls).toContain('GET /api/owner/reviews?status=pending');

    fireEvent.click(within(card).getByRole('button', { name: 'Approve “Soft and cool”' }));
    expect((await screen.findByRole('status')).textContent).toBe('“Soft and cool” is approved: it shows on the product page.');
    expect(server.calls).toContain('POST /api/owner/reviews/r1/approve');
    expect(await screen.findByText('No waiting for approval reviews')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'approved' } });
    await waitFor(() => expect(window.location.search).toBe('?status=approved'));
    const approvedCard = await screen.findByRole('article', { name: 'Carries everything' });
    expect(within(approvedCard).getByText('Imported')).toBeTruthy();
    expect(within(approvedCard).getByText('Thank you!')).toBeTruthy();
    expect(within(approvedCard).queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('replies through the form and shows the server’s refusal in an alert', async () => {
    const server = renderApp((method, url) => {
      if (method === 'PUT' && url === '/api/owner/reviews/r1/reply') return { changed: true, review: { ...pending, reply: 'Thanks, Dana!' } };
      if (method === 'POST') return { status: 404, body: { message: 'Review not found.' } };
      return { reviews: [pending], nextCursor: null };
    });
    await act(async () => navigate('/config/reviews'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reply to “Soft and cool”' }));
    fireEvent.change(screen.getByLabelText('Your reply (shown under the review; empty removes it)'), { target: { value: 'Thanks, Dana!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your reply to “Soft and cool” is saved.');
    expect(server.calls).toContain('PUT /api/owner/reviews/r1/reply');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide “Soft and cool”' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Review not found.');
  });

  it('a role without reviews:moderate is told so without a call', async () => {
    const server = renderApp(() => ({ reviews: [], nextCursor: null }), bootWith(['catalog:read']));
    await act(async () => navigate('/config/reviews'));
    expect(await screen.findByText('Your role cannot moderate reviews')).toBeTruthy();
    expect(server.calls.filter((call) => call.includes('/reviews'))).toEqual([]);
  });
});
