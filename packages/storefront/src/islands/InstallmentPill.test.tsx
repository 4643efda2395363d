// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { selectedPriceStore } from '../cart/selected-price';
import { selectedVariantStore } from '../cart/selected-variant';
import { ProductForm } from './ProductForm';
import { product, variant } from '../test-support/fixtures';
import { InstallmentPill } from './InstallmentPill';

afterEach(() => {
  cleanup();
  selectedPriceStore.reset();
  selectedVariantStore.reset();
});

const context = (overrides = {}) => ({
  afterPayAvailable: true,
  afterPayMin: 3500,
  afterPayMax: 200000,
  shopperLanguage: 'en',
  stripeAccountCountry: 'US',
  ...overrides,
});
const priced = (cents: number, type = 1) =>
  product({}, { productType: type, variants: [variant({ price: cents, priceMoney: { currency: 'USD', value: (cents / 100).toFixed(2) } })] });
const pillText = () => document.querySelector('.vitrine-installment-text')?.textContent;

describe('InstallmentPill wording and range', () => {
  it('in range (above the minimum, not above the maximum) offers 4 payments', () => {
    render(<InstallmentPill product={priced(5000)} installments={context()} />);
    expect(pillText()).toBe('or 4 interest-free payments of $12.50 with Afterpay');
  });

  it('at exactly the maximum is still in range', () => {
    render(<InstallmentPill product={priced(200000)} installments={context()} />);
    expect(pillText()).toBe('or 4 interest-free payments of $500.00 with Afterpay');
  });

  it('at exactly the minimum is out of range and names the minimum', () => {
    render(<InstallmentPill product={priced(3500)} installments={context()} />);
    expect(pillText()).toBe('Afterpay is available for orders over $35.00');
  });

  it('above the maximum is out of range and names the maximum', () => {
    render(<InstallmentPill product={priced(200001)} installments={context()} />);
    expect(pillText()).toBe('Afterpay is available for orders up to $2,000.00');
  });

  it('uses an explicit price when given', () => {
    render(<InstallmentPill product={priced(5000)} priceCents={1000} installments={context()} />);
    expect(pillText()).toBe('Afterpay is available for orders over $35.00');
  });

  it.each([
    ['a digital product', priced(5000, 2), context()],
    ['a service', priced(5000, 3), context()],
    ['a store without Afterpay', priced(5000), context({ afterPayAvailable: false })],
    ['a country with no provider', priced(5000), context({ stripeAccountCountry: 'DE' })],
  ])('is not shown for %s', (_name, item, installments) => {
    const { container } = render(<InstallmentPill product={item} installments={installments} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('InstallmentPill provider by locale', () => {
  it.each([
    ['en', 'US', 'Afterpay'],
    ['en', 'CA', 'Afterpay'],
    ['fr', 'CA', 'Afterpay'],
    ['en', 'AU', 'Afterpay'],
    ['en', 'NZ', 'Afterpay'],
    ['en', 'GB', 'Clearpay'],
    ['de', 'GB', 'Clearpay'],
  ])('%s_%s gives %s', (language, country, name) => {
    render(<InstallmentPill product={priced(5000)} installments={context({ shopperLanguage: language, stripeAccountCountry: country })} />);
    expect(pillText()).toBe(`or 4 interest-free payments of $12.50 with ${name}`);
    expect(screen.getByRole('button', { name: `More about ${name}` })).toBeTruthy();
  });
});

describe('InstallmentPill info modal', () => {
  const open = () => {
    render(
      <>
        <InstallmentPill product={priced(5000)} installments={context()} />
        <button type="button">Elsewhere</button>
      </>,
    );
    const infoButton = screen.getByRole('button', { name: 'More about Afterpay' });
    infoButton.focus();
    fireEvent.click(infoButton);
    return { infoButton, dialog: screen.getByRole('dialog', { name: 'Afterpay' }) };
  };

  it('moves focus inside when it opens', () => {
    const { dialog } = open();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('closes on Escape and gives focus back to the info button', () => {
    const { infoButton } = open();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(infoButton);
  });

  it('closes on its close button', () => {
    const { dialog, infoButton } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(infoButton);
  });

  it('closes on a click outside it, but not on a click inside it', () => {
    const { dialog } = open();
    fireEvent.click(within(dialog).getByText(/Pay in 4 interest-free installments/));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside while open', () => {
    const { dialog } = open();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    // The close button is the only focusable element: Tab and Shift+Tab both stay on it.
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    // Focus that escaped (e.g. by a pointer) is pulled back in on the next Tab.
    screen.getByRole('button', { name: 'Elsewhere', hidden: true }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('InstallmentPill follows the chosen variant', () => {
  it("re-checks the range with the price of the variant chosen in the product form", () => {
    const lamp = product({}, {
      variantOptionOrdering: ['Size'],
      variants: [
        variant({ id: 's', sku: 'S', attributes: { Size: 'Small' }, price: 3000, priceMoney: { currency: 'USD', value: '30.00' } }),
        variant({ id: 'l', sku: 'L', attributes: { Size: 'Large' }, price: 8000, priceMoney: { currency: 'USD', value: '80.00' } }),
      ],
    });
    render(
      <>
        <InstallmentPill product={lamp} installments={context()} />
        <ProductForm product={lamp} />
      </>,
    );
    expect(pillText()).toBe('Afterpay is available for orders over $35.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(pillText()).toBe('or 4 interest-free payments of $20.00 with Afterpay');
    fireEvent.click(screen.getByRole('radio', { name: 'Small' }));
    expect(pillText()).toBe('Afterpay is available for orders over $35.00');
  });
});

describe('InstallmentPill on sold-out products', () => {
  it('is not shown when every variant is sold out', () => {
    const gone = product({}, { productType: 1, variants: [variant({ price: 5000, priceMoney: { currency: 'USD', value: '50.00' }, qtyInStock: 0, unlimited: false })] });
    const { container } = render(<InstallmentPill product={gone} installments={context()} />);
    expect(container.innerHTML).toBe('');
  });

  it('goes away while the chosen variant is sold out and comes back for one in stock', () => {
    const shirt = product({}, {
      variantOptionOrdering: ['Size'],
      variants: [
        variant({ id: 's', sku: 'S', attributes: { Size: 'Small' }, price: 5000, priceMoney: { currency: 'USD', value: '50.00' }, qtyInStock: 0, unlimited: false }),
        variant({ id: 'l', sku: 'L', attributes: { Size: 'Large' }, price: 5000, priceMoney: { currency: 'USD', value: '50.00' }, qtyInStock: 3, unlimited: false }),
      ],
    });
    render(
      <>
        <InstallmentPill product={shirt} installments={context()} />
        <ProductForm product={shirt} />
      </>,
    );
    expect(pillText()).toBe('or 4 interest-free payments of $12.50 with Afterpay');
    fireEvent.click(screen.getByRole('radio', { name: /Small/ }));
    expect(pillText()).toBeUndefined();
    fireEvent.click(screen.getByRole('radio', { name: /Large/ }));
    expect(pillText()).toBe('or 4 interest-free payments of $12.50 with Afterpay');
  });
});
