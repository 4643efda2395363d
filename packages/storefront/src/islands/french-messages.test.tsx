// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogFor } from '@vitrine/format/catalogs';
import { cartStore } from '../cart/store';
import { cart, fakeResponse, flushPromises } from '../test-support/fixtures';
import { CartPageView } from './CartPageView';
import { RestockBox } from './RestockBox';
import { SiteFormView } from './SiteFormView';

/* Issue 39 item 3: the islands speak the catalog the server hands them (here French), English when it hands none. */

const FR = catalogFor('fr');
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  cartStore.reset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'crumb=test-crumb; path=/';
  window.history.replaceState(null, '', '/contact');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the islands in French', () => {
  it("the restock box: its texts, then 'L’adresse e-mail ne peut pas être vide', 'L’adresse e-mail n’est pas valide', and the success", async () => {
    render(<RestockBox productId="p1" variantId="v1" messages={{ restock: FR.restock, restockTexts: FR.restockTexts }} />);
    const box = screen.getByRole('region', { name: 'Recevez un e-mail dès que ce produit est de nouveau en stock.' });
    const address = within(box).getByRole('textbox', { name: 'Adresse e-mail' });
    fireEvent.click(within(box).getByRole('button', { name: 'M’inscrire' }));
    expect(screen.getByRole('alert').textContent).toBe('L’adresse e-mail ne peut pas être vide');
    fireEvent.change(address, { target: { value: 'pas une adresse' } });
    fireEvent.click(within(box).getByRole('button', { name: 'M’inscrire' }));
    expect(screen.getByRole('alert').textContent).toBe('L’adresse e-mail n’est pas valide');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(fakeResponse(200, { signedUp: true, alreadySignedUp: false }));
    fireEvent.change(address, { target: { value: 'client@example.com' } });
    fireEvent.click(within(box).getByRole('button', { name: 'M’inscrire' }));
    await flushPromises();
    expect(screen.getByRole('status').textContent).toBe('Inscription confirmée !');
  });

  it('the cart page: the empty cart', () => {
    render(<CartPageView cart={cart()} messages={{ cart: FR.cart, form: FR.form }} />);
    expect(screen.getByText('Votre panier est vide.')).toBeTruthy();
    expect(screen.queryByText('You have nothing in your shopping cart.')).toBeNull();
  });

  it("the site form: a required field's message, the problem lines, and the server's fixed 429 wording", async () => {
    const form = {
      id: 'form-contact', kind: 'form' as const, name: 'Contact', submissionMessage: '', submissionHTML: '', successRedirect: '', disclaimerMessage: '', captcha: false,
      fields: [{ id: 'message', type: 'textarea' as const, title: 'Message', required: true }],
    };
    render(<SiteFormView form={form} page={{ title: 'Contact', id: 'p', contentSource: 'c', path: '/contact', permissionTypeValue: 1 }} blockId="b1"
      messages={{ form: FR.form, fieldRules: FR.fieldRules, formSubmission: FR.formSubmission }} />);
    await flushPromises();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await flushPromises();
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Votre formulaire a rencontré un problème. Faites défiler vers le bas pour le vérifier.')).toBeTruthy();
    expect(screen.getByText('Votre formulaire a rencontré un problème. Faites défiler vers le haut pour le vérifier.')).toBeTruthy();
    expect(screen.queryByText('This field is required.')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'Bonjour' } });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { key: 'k1' })).mockResolvedValueOnce(fakeResponse(429, { message: 'Too many' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await flushPromises();
    expect(screen.getByText('Impossible d’envoyer le formulaire. Limite d’envois dépassée. Veuillez réessayer plus tard.')).toBeTruthy();
  });
});
