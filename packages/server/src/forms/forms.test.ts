// databases: both — racing submissions and their counter in one transaction
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES, FORM_SUBMISSION_KEY_LIFETIME_SECONDS, FORM_SUBMISSION_RATE_LIMIT, NEWSLETTER_MESSAGES } from '@vitrine/contracts';
import { DEFAULT_SUBMISSION_MESSAGE, FIELD_RULE_MESSAGES, FORM_MESSAGES } from '@vitrine/forms';
import { openTestServer, ownerVisitor, solveCaptcha, TestVisitor, type TestServer } from '../testing';
import { stableId } from '../ids';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const KEY = '/api/form/FormSubmissionKey';
const SAVE = '/api/form/SaveFormSubmission';
const contactFormId = stableId('form:demo:contact');
const newsletterFormId = stableId('form:demo:newsletter');

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
  // An owner to be mailed the contact form's submissions (storage 'keep-and-email').
  await ownerVisitor(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** A person in a browser: a page first (the crumb), then the form's calls with a desktop user agent. */
async function person(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/contact');
  return visitor;
}
const post = (visitor: TestVisitor, url: string, payload?: unknown, userAgent = BROWSER) =>
  visitor.request({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': userAgent } });
const keyFor = async (visitor: TestVisitor) => (await post(visitor, KEY)).json().key as string;

const goodAnswers = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  topic: 'A product',
  message: 'Do you make the linen shirt in green?',
  'contact-by': 'Email',
  interests: ['Clothing', 'Home'],
  satisfaction: { 'The shop is easy to use': '2' },
  source: 'contact-page',
};
const page = { pageTitle: 'Contact', pageId: stableId('page:demo:contact'), contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: 1 };

async function submit(visitor: TestVisitor, overrides: Record<string, unknown> = {}, userAgent = BROWSER) {
  const body = { key: await keyFor(visitor), formId: contactFormId, form: JSON.stringify(goodAnswers), captchaKey: await solveCaptcha(visitor), ...page, ...overrides };
  return post(visitor, SAVE, body, userAgent);
}
const submissions = () => server.database.db.selectFrom('form_submissions').selectAll().orderBy('created_at').execute();
const outbox = (template: string) => server.database.db.selectFrom('mail_outbox').selectAll().where('template', '=', template).execute();

describe('the contact page', () => {
  it('shows the form with every field kind, and the newsletter in the footer of every page', async () => {
    const visitor = new TestVisitor(server.app);
    const json = (await visitor.get('/contact?format=json')).json();
    expect(json.contentPage).toMatchObject({ title: 'Contact', urlId: 'contact', fullUrl: '/contact' });
    // The page's blocks (site editor, issue 18): the form block's view carries the form.
    const block = json.sections.flatMap((section: { blocks: unknown[] }) => section.blocks).find((candidate: { typeName: string }) => candidate.typeName === 'form').view;
    expect(block.form).toMatchObject({ id: contactFormId, kind: 'form', name: 'Get in touch', captcha: true });
    const kinds = new Set(block.form.fields.map((field: { type: string }) => field.type));
    for (const kind of ['text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter', 'date', 'time', 'name', 'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden']) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    const html = (await visitor.get('/contact')).body;
    expect(html).toContain('data-island="SiteForm"');
    expect(html).toContain('<title>Contact · Vitrine Demo Store</title>');
    for (const path of ['/', '/shop', '/contact', '/cart']) {
      const footer = (await visitor.get(path)).body.split('<footer')[1] ?? '';
      expect(footer, path).toContain(newsletterFormId);
    }
    expect((await visitor.get('/no-such-page')).statusCode).toBe(404);
  });

  it("answers the form template and the widget's strings", async () => {
    const answer = (await new TestVisitor(server.app).get('/api/template/GetTemplateSchema?type=form')).json();
    expect(answer.html).toContain('island-site-form');
    expect(answer.localizedStrings).toMatchObject({ notConfigured: FORM_MESSAGES.notConfigured, 'name.First': 'First Name' });
    expect((await new TestVisitor(server.app).get('/api/template/GetTemplateSchema?type=page')).statusCode).toBe(400);
  });
});

describe('validating answers', () => {
  it('checks with the shared rules: errors keyed by field id, the spec\'s whole-form message', async () => {
    const visitor = await person();
    expect((await post(visitor, `/api/rest/forms/validate/${contactFormId}`, goodAnswers)).json()).toEqual({ valid: true });
    const bad = await post(visitor, `/api/rest/forms/validate/${contactFormId}`, { ...goodAnswers, email: 'nope', message: 'x'.repeat(501), topic: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: FORM_MESSAGES.invalidForm,
      errors: { email: FORM_MESSAGES.emailNotValid, message: FORM_MESSAGES.characterLimit, topic: FIELD_RULE_MESSAGES.requiredOnSiteForm },
    });
    const unknown = await post(visitor, '/api/rest/forms/validate/no-such-form', goodAnswers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: FORM_MESSAGES.notConfigured });
  });
});

describe('submitting the contact form', () => {
  it('keeps a good submission with its page and mails it to the owner', async () => {
    const before = (await submissions()).length;
    const answer = await submit(await person());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'received' });
    const kept = (await submissions()).slice(before);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ form_id: contactFormId, form_name: 'Get in touch', is_spam: false, spam_reason: null, page: { pageTitle: 'Contact', pagePath: '/contact', contentSource: 'c', pagePermissionTypeValue: '1' } });
    expect(kept[0]!.answers).toMatchObject({ email: 'ada@example.com', name: ['Ada', 'Lovelace'] });
    const mails = await outbox('form-submission');
    expect(mails.length).toBeGreaterThan(0);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ kind: 'transactional', subject: 'New submission to Get in touch on Vitrine Demo Store' });
    expect(mail.text_body).toContain('Message: Do you make the linen shirt in green?');
  });

  it('uses a key once, only for the visitor it was given to, and only while it lasts', async () => {
    const visitor = await person();
    const key = await keyFor(visitor);
    const body = async () => ({ key, formId: contactFormId, form: JSON.stringify(goodAnswers), captchaKey: await solveCaptcha(visitor), ...page });
    expect((await post(visitor, SAVE, await body())).statusCode).toBe(200);
    const again = await post(visitor, SAVE, await body());
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: FORM_MESSAGES.unauthorized });
    // Another browser with a key it did not get.
    const other = await person();
    const stolen = await keyFor(visitor);
    expect((await post(other, SAVE, { ...(await body()), key: stolen, captchaKey: await solveCaptcha(other) })).statusCode).toBe(401);
    // An expired key.
    const old = await keyFor(visitor);
    await server.database.db.updateTable('form_submission_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('used_at', 'is', null).execute();
    expect((await post(visitor, SAVE, { ...(await body()), key: old })).statusCode).toBe(401);
    const issued = (await post(visitor, KEY)).json();
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBeGreaterThan((FORM_SUBMISSION_KEY_LIFETIME_SECONDS - 60) * 1000);
  });

  it('lets one of two racing submissions with one key through', async () => {
    const visitor = await person();
    const key = await keyFor(visitor);
    const before = (await submissions()).length;
    const send = async () => post(visitor, SAVE, { key, formId: contactFormId, form: JSON.stringify(goodAnswers), captchaKey: await solveCaptcha(visitor), ...page });
    const statuses = (await Promise.all([send(), send(), send()])).map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401]);
    expect((await submissions()).length - before).toBe(1);
  });

  it('needs the captcha: none, forged or replayed is refused, nothing kept', async () => {
    const before = (await submissions()).length;
    const visitor = await person();
    const missing = await submit(visitor, { captchaKey: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: CAPTCHA_MESSAGES.missing, errors: { captchaKey: CAPTCHA_MESSAGES.missing } });
    expect((await submit(visitor, { captchaKey: 'forged' })).json().message).toBe(CAPTCHA_MESSAGES.invalid);
    const solution = await solveCaptcha(visitor);
    expect((await submit(visitor, { captchaKey: solution })).statusCode).toBe(200);
    expect((await submit(visitor, { captchaKey: solution })).json().message).toBe(CAPTCHA_MESSAGES.replayed);
    expect((await submissions()).length - before).toBe(1);
  });

  it('refuses bad answers with errors keyed by field id and unparseable ones, nothing kept', async () => {
    const before = (await submissions()).length;
    const visitor = await person();
    const bad = await submit(visitor, { form: JSON.stringify({ ...goodAnswers, email: '', 'not-a-field': 'x' }) });
    expect(bad.statusCode).toBe(400);
    // Spec §5: a required email left empty is an invalid email.
    expect(bad.json().errors).toMatchObject({ email: FORM_MESSAGES.emailNotValid, 'not-a-field': FIELD_RULE_MESSAGES.unknownField });
    expect((await submit(visitor, { form: '{not json' })).json().message).toBe(FORM_MESSAGES.parseFailed);
    expect((await submit(visitor, { formId: 'no-such-form' })).statusCode).toBe(404);
    expect((await submit(visitor, { form: JSON.stringify({ ...goodAnswers, message: 'a\u0000b' }) })).statusCode).toBe(400);
    expect((await submissions()).length - before).toBe(0);
  });

  it('keeps hostile text verbatim', async () => {
    const hostile = '<img src=x onerror=alert(1)>"; DROP TABLE forms; --';
    const answer = await submit(await person(), { form: JSON.stringify({ ...goodAnswers, message: hostile }) });
    expect(answer.statusCode).toBe(200);
    expect((await submissions()).at(-1)!.answers.message).toBe(hostile);
    const mail = (await outbox('form-submission')).at(-1)!;
    expect(mail.html_body).not.toContain('<img src=x');
    expect(mail.html_body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps bots and honeypot fillers apart as spam, answering them the same', async () => {
    const mailsBefore = (await outbox('form-submission')).length;
    const bot = await submit(await person(), {}, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    expect(bot.json()).toEqual({ status: 'received' });
    expect((await submissions()).at(-1)).toMatchObject({ is_spam: true, spam_reason: 'bot' });
    const filler = await submit(await person(), { honeypot: 'https://cheap.example' });
    expect(filler.json()).toEqual({ status: 'received' });
    expect((await submissions()).at(-1)).toMatchObject({ is_spam: true, spam_reason: 'honeypot' });
    expect((await outbox('form-submission')).length).toBe(mailsBefore);
  });

  it(`allows ${FORM_SUBMISSION_RATE_LIMIT.perVisitorAndForm} submissions per visitor and form in a window, then the spec's 429`, async () => {
    const visitor = await person();
    for (let sent = 0; sent < FORM_SUBMISSION_RATE_LIMIT.perVisitorAndForm; sent++) expect((await submit(visitor)).statusCode).toBe(200);
    const refused = await submit(visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(FORM_MESSAGES.rateLimited);
    // Another visitor is not held back.
    expect((await submit(await person())).statusCode).toBe(200);
  });
});

describe('the newsletter block', () => {
  const subscribe = async (email: string) => {
    const visitor = await person();
    return post(visitor, SAVE, { key: await keyFor(visitor), formId: newsletterFormId, form: JSON.stringify({ 'newsletter-email': email }), pagePath: '/', contentSource: 'c' });
  };
  const subscriber = (email: string) => server.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

  it('signs up with double opt-in: pending, one confirmation mail, confirmed by its link', async () => {
    const answer = await subscribe('Reader@Example.com');
    expect(answer.json()).toEqual({ status: 'received', confirmationSent: true });
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'pending', form_id: newsletterFormId, source: 'newsletter' });
    const mails = (await outbox('newsletter-confirm')).filter((mail) => mail.to_address === 'reader@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'transactional', subject: 'Confirm your subscription to Vitrine Demo Store' });
    const link = /https:\/\/shop\.example\.com(\/newsletter\/confirm\?token=[^\s"]+)/.exec(mails[0]!.text_body)![1]!;
    const visitor = new TestVisitor(server.app);
    // Opening the link changes nothing (link scanners open links); its button confirms.
    const pageAnswer = await visitor.get(link);
    expect(pageAnswer.body).toContain('Confirm my subscription');
    expect((await subscriber('reader@example.com'))!.status).toBe('pending');
    const confirmed = await visitor.request({ method: 'POST', url: link, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirmed.body).toContain(NEWSLETTER_MESSAGES.confirmed);
    expect((await subscriber('reader@example.com'))!.status).toBe('confirmed');
    // Signing up again: no duplicate, no second mail, the same answer.
    expect((await subscribe('reader@example.com')).json()).toEqual({ status: 'received', confirmationSent: true });
    expect((await outbox('newsletter-confirm')).filter((mail) => mail.to_address === 'reader@example.com')).toHaveLength(1);
    const rows = await server.database.db.selectFrom('newsletter_subscribers').select('email').where('email', '=', 'reader@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a forged confirmation link and an unsubscribe token used as one', async () => {
    const visitor = new TestVisitor(server.app);
    const forged = await visitor.request({ method: 'POST', url: '/api/newsletter/confirm?token=abc.def' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(NEWSLETTER_MESSAGES.linkNotValid);
  });

  it('needs a valid address', async () => {
    const answer = await subscribe('not an address');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ 'newsletter-email': FORM_MESSAGES.emailNotValid });
  });
});

describe('the submission message', () => {
  it('defaults when the owner wrote none', () => {
    expect(DEFAULT_SUBMISSION_MESSAGE).toBe('Thank you!');
  });
});
