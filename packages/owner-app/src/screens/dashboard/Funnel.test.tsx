// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Funnel } from './Funnel';

afterEach(cleanup);

describe('the funnel card', () => {
  it('says what it counts under the chart, and its table holds each step', () => {
    render(<Funnel funnel={{ productViews: 2, addToCart: 1, checkout: 1, orders: 1 }} locale="en-US" />);
    expect(screen.getByText('Visits that reached each step or a later one. Bots are left out, unless they ordered; Ordered counts every order.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Funnel, in visits' });
    const counts = within(table).getAllByRole('row').slice(1).map((row) => [within(row).getByRole('rowheader').textContent, within(row).getAllByRole('cell')[0]!.textContent]);
    expect(counts).toEqual([['Viewed a product', '2'], ['Added to cart', '1'], ['Reached checkout', '1'], ['Ordered', '1']]);
  });
});
