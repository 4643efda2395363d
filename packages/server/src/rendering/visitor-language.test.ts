// databases: one — which words a page and an answer use is the renderer's and the error handler's choice
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, demoProductId, demoVariantId, TestVisitor, type TestServer } from '../testing';
import { notifyWebsiteChanged } from '../websites';
import { stableId } from '../ids';
import { visitorLanguageFor } from '../visitor-language';

/* Issue 39 item 3: a site whose default language is French shows its theme, cart, checkout, form and restock words in French. */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
  const website = await server.database.db.updateTable('websites').set({ locale: 'fr-FR' }).where('identifier', '=', 'demo').returning('id').executeTakeFirstOrThrow();
  notifyWebsiteChanged(website.id);
});
afterAll(async () => {
  await server?.close();
});

async function shopper(path = '/'): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit(path);
  return visitor;
}

describe('visitorLanguageFor', () => {
  it("is the site's default language unless the page is in one of its added languages", () => {
    expect(visitorLanguageFor({ locale: 'fr_FR' })).toEqual({ locale: 'fr-FR', catalog: 'fr' });
    expect(visitorLanguageFor({ locale: 'en-US' }, { language: 'de' }, ['de-DE', 'es'])).toEqual({ locale: 'de-DE', catalog: 'de' });
    // A language the site has not added is not the visitor's: the default stays.
    expect(visitorLanguageFor({ locale: 'en-US' }, { language: 'fr' }, ['de-DE'])).toEqual({ locale: 'en-US', catalog: 'en' });
    expect(visitorLanguageFor({ locale: 'ja-JP' })).toEqual({ locale: 'ja-JP', catalog: 'en' });
  });
});

describe('a French site', () => {
  it('renders the theme and the empty cart in French', async () => {
    const page = await new TestVisitor(server.app).get('/cart');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr-FR">');
    expect(page.body).toContain('<a class="skip-link" href="#main">Aller au contenu</a>');
    expect(page.body).toContain('<label class="visually-hidden" for="site-search-q">Rechercher</label>');
    expect(page.body).toContain('<h1>Votre panier</h1>');
    // The cart island, server-rendered with the French catalog's cart messages in its props.
    expect(page.body).toContain('<p>Votre panier est vide.</p>');
    expect(page.body).not.toContain('You have nothing in your shopping cart.');
  });

  it('wraps the checkout in French and writes its money the French way', async () => {
    const visitor = await shopper();
    await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const page = await visitor.get('/checkout');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Paiement sécurisé</p>');
    expect(page.body).toContain('<span aria-hidden="true">←</span>Retour au panier</a>');
    expect(page.body).toContain('<a href="/cart">Panier</a>');
    // 22.00 USD in fr-FR: a decimal comma, a no-break space, then the symbol.
    expect(page.body).toContain('22,00\u00a0$US');
    expect(page.body).not.toContain('$22.00');
  });

  it("dates the journal's posts the French way", async () => {
    const journal = await new TestVisitor(server.app).get('/journal');
    expect(journal.statusCode).toBe(200);
    const dates = [...journal.body.matchAll(/<time datetime="[^"]*">([^<]+)<\/time>/g)].map((match) => match[1]);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(/^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/);
  });

  it("hands the product form and its restock box the French messages, and the site form its own", async () => {
    const product = await new TestVisitor(server.app).get('/shop/p/linen-shirt');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('L’adresse e-mail ne peut pas être vide');
    expect(product.body).toContain('Recevez un e-mail dès que ce produit est de nouveau en stock.');
    const contact = await new TestVisitor(server.app).get('/contact');
    expect(contact.body).toContain('Ce champ est obligatoire.');
  });

  it('answers the restock sign-up, form validation and add to cart in French', async () => {
    const visitor = await shopper('/contact');
    const restock = await visitor.post('/api/site-users/account/notifications/restock', {
      isJoinMailingList: false, productId: demoProductId('linen-shirt'), variantId: demoVariantId('SHIRT-M-NAVY'), siteVisitorEmail: '  ',
    });
    expect(restock.statusCode).toBe(400);
    expect(restock.json()).toEqual({ message: 'L’adresse e-mail ne peut pas être vide', errors: { siteVisitorEmail: 'L’adresse e-mail ne peut pas être vide' } });

    const answers = {
      name: ['Ada', 'Lovelace'], email: 'nope', topic: '', message: 'x'.repeat(501), 'contact-by': 'Email', interests: ['Clothing'],
      satisfaction: { 'The shop is easy to use': '2' }, source: 'contact-page',
    };
    const validated = await visitor.post(`/api/rest/forms/validate/${stableId('form:demo:contact')}`, answers);
    expect(validated.statusCode).toBe(400);
    expect(validated.json()).toEqual({
      message: 'Un ou plusieurs champs ne sont pas valides, veuillez vérifier vos saisies.',
      errors: {
        email: 'L’adresse e-mail n’est pas valide. Une adresse e-mail doit avoir la forme utilisateur@domaine.com.',
        message: 'Vous avez dépassé le nombre de caractères autorisé.',
        topic: 'Ce champ est obligatoire.',
      },
    });

    const tooMany = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 41 });
    expect(tooMany.statusCode).toBe(400);
    const notEnough = 'Désolé, nous n’avons pas assez de cet article en stock.';
    expect(tooMany.json()).toEqual({ message: notEnough, errors: { quantity: notEnough } });
  });

  it("answers the shopper's refusal in French and the owner app's calls in English (the owner app is in English)", async () => {
    const forged = async (url: string) => {
      const visitor = await shopper();
      visitor.cookies.set('crumb', 'forged.crumb');
      return visitor.post(url, {});
    };
    const shopperAnswer = await forged('/api/commerce/shopping-cart/entries');
    const ownerAnswer = await forged('/api/owner/gift-cards/gc_1/disable');
    expect([shopperAnswer.statusCode, ownerAnswer.statusCode]).toEqual([403, 403]);
    expect(ownerAnswer.json().message).toBe('Your session has expired. Please reload the page and try again.');
    expect(shopperAnswer.json().message).toBe('Votre session a expiré. Veuillez recharger la page et réessayer.');
  });
});
