// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SUBMISSION_MESSAGE, FORM_MESSAGES, FIELD_RULE_MESSAGES, HONEYPOT_FIELD_NAME, type FieldDefinition } from '@vitrine/forms';
import { CaptchaController } from '../captcha/controller';
import { fakeResponse, flushPromises } from '../test-support/fixtures';
import { navigation } from '../ui/navigation';
import type { SiteFormDefinition, SiteFormProps } from './SiteForm';
import { SITE_FORM_EVENTS, SiteFormView, confirmSubscriptionText } from './SiteFormView';

// The captcha's widget is ALTCHA's element, outside our code: a stand-in that records resets and is solved by
// an event, as the real one is (see captcha/controller.test.ts).
class FakeCaptcha extends HTMLElement {
  resets = 0;
  configure() {}
  reset() {
    this.resets += 1;
  }
  async verify() {
    return null;
  }
}
if (!customElements.get('fake-captcha')) customElements.define('fake-captcha', FakeCaptcha);
vi.mock('../captcha/CaptchaWidget', async (importOriginal) => {
  const original = await importOriginal<typeof import('../captcha/CaptchaWidget')>();
  return {
    ...original,
    useCaptchaController(enabled: boolean) {
      const controller = useRef<CaptchaController | null>(null);
      if (enabled && !controller.current) controller.current = new CaptchaController(() => Promise.resolve({ widgetTag: 'fake-captcha' }));
      return enabled ? controller.current : null;
    },
  };
});
const captchaElement = () => document.querySelector('fake-captcha') as FakeCaptcha;
const solveCaptcha = (payload: string) =>
  act(() => {
    captchaElement().dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });

const fetchMock = vi.fn<typeof fetch>();
const assignSpy = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
beforeEach(() => {
  fetchMock.mockReset();
  assignSpy.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'crumb=crumb-1';
  window.history.replaceState(null, '', '/contact');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A form holding every field kind (platform §3). */
const everyKind: FieldDefinition[] = [
  { id: 'about', type: 'section', title: 'About you', underline: true },
  { id: 'name', type: 'name', title: 'Your name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'office', type: 'phone', title: 'Office phone', showCountryCode: true },
  { id: 'address', type: 'address', title: 'Address' },
  { id: 'date', type: 'date', title: 'Preferred date' },
  { id: 'time', type: 'time', title: 'Preferred time' },
  { id: 'company', type: 'text', title: 'Company', description: 'Where you work' },
  { id: 'site', type: 'website', title: 'Website' },
  { id: 'guests', type: 'number', title: 'Guests' },
  { id: 'budget', type: 'currency', title: 'Budget' },
  { id: 'code', type: 'password', title: 'Code word' },
  { id: 'handle', type: 'twitter', title: 'Twitter' },
  { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 20 },
  { id: 'contactBy', type: 'radio', title: 'Contact me by', required: true, options: ['Email', 'Phone'] },
  { id: 'topics', type: 'checkbox', title: 'Topics', options: ['Orders', 'Returns', 'Other'] },
  { id: 'store', type: 'select', title: 'Store', options: ['Paris', 'Lyon'] },
  { id: 'visit', type: 'likert', title: 'Your visit', options: ['Staff were helpful', 'Easy to find'] },
  { id: 'campaign', type: 'hidden', title: '', key: 'campaign', value: 'none' },
];

const contactForm = (overrides: Partial<SiteFormDefinition> = {}): SiteFormDefinition => ({
  id: 'form-contact',
  kind: 'form',
  name: 'Contact us',
  fields: everyKind,
  submissionMessage: 'Thanks, we will write back within a day.',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: 'We only use your details to answer you.',
  captcha: false,
  ...overrides,
});

const newsletterForm = (overrides: Partial<SiteFormDefinition> = {}): SiteFormDefinition => ({
  id: 'form-news',
  kind: 'newsletter',
  name: 'Join our newsletter',
  fields: [{ id: 'email', type: 'email', title: 'Email address', required: true }],
  submissionMessage: '',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: '',
  captcha: false,
  ...overrides,
});

const page: SiteFormProps['page'] = { title: 'Contact', id: 'page-7', contentSource: 'c', path: '/contact', permissionTypeValue: 1 };

async function renderForm(props: Partial<SiteFormProps> & { form: SiteFormDefinition }) {
  const view = render(<SiteFormView page={page} blockId="block-1" {...props} />);
  await flushPromises(); // the effects: live, query string, captcha
  return view;
}

const textbox = (name: string, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name });
const group = (name: string | RegExp) => screen.getByRole('group', { name });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Sign up|Submitting…)$/ });
const submit = async () => {
  fireEvent.click(submitButton());
  await flushPromises();
};
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('vitrine-field-error'))?.textContent;
/** The calls made, as [path, parsed body]. */
const calls = () => fetchMock.mock.calls.map(([url, init]) => [String(url), init?.body ? JSON.parse(String(init.body)) : undefined] as const);
const answerKeyThenSave = (...saveAnswers: Response[]) => {
  let saves = 0;
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/form/FormSubmissionKey'
      ? fakeResponse(200, { key: `key-${saves + 1}`, expiresAt: '2026-12-01T00:00:00.000Z' })
      : saveAnswers[Math.min(saves++, saveAnswers.length - 1)]!,
  );
};

/** Fills every visible field of `everyKind` with a valid answer. */
function fillEveryKind() {
  const name = group('Your name (required)');
  type(textbox('First Name', name), 'Ada');
  type(textbox('Last Name', name), 'Lovelace');
  type(textbox('Email'), 'ada@example.com');
  const phone = group('Phone');
  type(textbox('Area Code', phone), '555');
  type(textbox('Prefix', phone), '123');
  type(textbox('Line', phone), '4567');
  const office = group('Office phone');
  type(textbox('Country Code', office), '+44');
  type(textbox('Area Code', office), '20');
  type(textbox('Prefix', office), '7946');
  type(textbox('Line', office), '0000');
  const address = group('Address');
  type(textbox('Address 1', address), '1 Rue de Rivoli');
  type(textbox('City', address), 'Paris');
  type(textbox('State/Province', address), 'IDF');
  type(textbox('Zip/Postal Code', address), '75001');
  type(textbox('Country', address), 'France');
  const date = group('Preferred date');
  type(textbox('Month', date), '12');
  type(textbox('Day', date), '24');
  type(textbox('Year', date), '2026');
  const time = group('Preferred time');
  type(textbox('Hour', time), '10');
  type(textbox('Minute', time), '30');
  fireEvent.change(within(time).getByRole('combobox', { name: 'AM/PM' }), { target: { value: 'AM' } });
  type(textbox('Company'), 'Analytical Engines');
  type(textbox('Website'), 'example.com');
  type(textbox('Guests'), '3');
  type(textbox('Budget'), '1,234.50');
  type(document.querySelector<HTMLInputElement>('input[type="password"]')!, 'secret');
  type(textbox('Twitter'), '@ada');
  type(textbox('Message'), 'Hello there');
  fireEvent.click(within(group('Contact me by (required)')).getByRole('radio', { name: 'Phone' }));
  const topics = group('Topics');
  fireEvent.click(within(topics).getByRole('checkbox', { name: 'Other' }));
  fireEvent.click(within(topics).getByRole('checkbox', { name: 'Orders' }));
  fireEvent.change(screen.getByRole('combobox', { name: 'Store' }), { target: { value: 'Lyon' } });
  fireEvent.click(within(group('Staff were helpful')).getByRole('radio', { name: 'Strongly Agree' }));
}

describe('the site form: fields', () => {
  it('renders every field kind with a labelled control, multi-part fields and choices as named groups', async () => {
    await renderForm({ form: contactForm() });
    expect(screen.getByRole('heading', { level: 2, name: 'Contact us' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'About you' })).toBeTruthy();
    expect(within(group('Your name (required)')).getAllByRole('textbox').map((input) => input.getAttribute('autocomplete'))).toEqual(['given-name', 'family-name']);
    // A phone shows its country code only when the field asks for it.
    expect(within(group('Phone')).queryByRole('textbox', { name: 'Country Code' })).toBeNull();
    expect(within(group('Office phone')).getAllByRole('textbox')).toHaveLength(4);
    expect(within(group('Address')).getAllByRole('textbox')).toHaveLength(6);
    expect(within(group('Preferred time')).getByRole('combobox', { name: 'AM/PM' })).toBeTruthy();
    expect(textbox('Email').getAttribute('type')).toBe('email');
    expect(textbox('Email').getAttribute('placeholder')).toBe('you@example.com');
    expect(textbox('Website').getAttribute('type')).toBe('url');
    expect(textbox('Budget').getAttribute('inputmode')).toBe('decimal');
    expect(document.querySelector('input[type="password"]')?.id).toBe(screen.getByText('Code word').getAttribute('for'));
    expect(within(group('Contact me by (required)')).getAllByRole('radio')).toHaveLength(2);
    expect(within(group('Topics')).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(screen.getByRole('combobox', { name: 'Store' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select an option', 'Paris', 'Lyon']);
    // The likert: a group per question with the five-point scale.
    const visit = group('Your visit');
    expect(within(visit).getAllByRole('group').map((question) => question.querySelector('legend')?.textContent)).toEqual(['Staff were helpful', 'Easy to find']);
    expect(within(group('Easy to find')).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
    // The description is read with its field; the required marker is seen, and said by the control.
    expect(document.getElementById(textbox('Company').getAttribute('aria-describedby')!)?.textContent).toBe('Where you work');
    expect(document.querySelector(`label[for="${textbox('Email').id}"] .vitrine-required`)?.getAttribute('aria-hidden')).toBe('true');
    expect(textbox('Email').hasAttribute('required')).toBe(true);
    expect(textbox('Company').hasAttribute('required')).toBe(false);
    expect(screen.getByText('We only use your details to answer you.')).toBeTruthy();
    expect(submitButton().textContent).toBe('Submit');
  });

  it('hides the honeypot from people: out of view, out of the tab order, unnamed to assistive technology, no autofill', async () => {
    await renderForm({ form: contactForm() });
    const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD_NAME}"]`)!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(honeypot.closest<HTMLElement>('.vitrine-site-form-hp')?.style.position).toBe('absolute');
    expect(screen.queryByRole('textbox', { name: /Leave this empty/ })).toBeNull();
  });

  it("counts a long text's characters 'current / max' and takes the error style over the limit", async () => {
    await renderForm({ form: contactForm() });
    const message = textbox('Message');
    const counter = () => document.querySelector('.vitrine-field-counter')!;
    expect(counter().textContent).toBe('0 / 20');
    expect(message.getAttribute('aria-describedby')).toContain(counter().id);
    type(message, 'A message of 21 chars');
    expect(counter().textContent).toBe('21 / 20');
    expect(counter().hasAttribute('data-over')).toBe(true);
    expect(message.getAttribute('aria-invalid')).toBe('true');
    type(message, 'Now short');
    expect(counter().hasAttribute('data-over')).toBe(false);
    expect(message.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows no counter for a maximum that is not a positive number', async () => {
    const fields: FieldDefinition[] = [{ id: 'm', type: 'textarea', title: 'Message', maxLength: -5 }];
    await renderForm({ form: contactForm({ fields }) });
    expect(document.querySelector('.vitrine-field-counter')).toBeNull();
  });
});

describe('the site form: payload', () => {
  it('shapes every kind as storefront §3 says and sends the key, the page and the event fields', async () => {
    window.history.replaceState(null, '', '/contact?campaign=spring&x=1');
    answerKeyThenSave(fakeResponse(200, { status: 'received' }));
    await renderForm({ form: contactForm() });
    // The hidden field takes the page's query parameter of its key.
    expect(document.querySelector<HTMLInputElement>('input[type="hidden"][name="campaign"]')?.value).toBe('spring');
    fillEveryKind();
    await submit();
    const [keyCall, saveCall] = calls();
    expect(keyCall).toEqual(['/api/form/FormSubmissionKey', undefined]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'X-CSRF-Token': 'crumb-1' } });
    expect(saveCall![0]).toBe('/api/form/SaveFormSubmission');
    const { form, ...envelope } = saveCall![1];
    // No captcha on this form: no captchaKey. An empty honeypot is not sent.
    expect(envelope).toEqual({
      key: 'key-1',
      formId: 'form-contact',
      pageTitle: 'Contact',
      pageId: 'page-7',
      contentSource: 'c',
      pagePath: '/contact',
      pagePermissionTypeValue: 1,
      intraPageEventBlockId: 'block-1',
      intraPageEventType: 'form-submit',
    });
    expect(JSON.parse(form)).toEqual({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'], // 3 entered, padded with a leading ''
      office: ['+44', '20', '7946', '0000'],
      address: ['1 Rue de Rivoli', '', 'Paris', 'IDF', '75001', 'France'],
      date: ['12', '24', '2026'],
      time: ['10', '30', '', 'AM'],
      company: 'Analytical Engines',
      site: 'example.com',
      guests: '3',
      budget: '1,234.50',
      code: 'secret',
      handle: '@ada',
      message: 'Hello there',
      contactBy: 'Phone',
      topics: ['Orders', 'Other'], // the checked values, in the options' order
      store: 'Lyon',
      visit: { 'Staff were helpful': '2' }, // answered questions only
      campaign: 'spring',
    });
    expect(Object.keys(JSON.parse(form))).not.toContain('about'); // sections are skipped
  });

  it("sends a hidden field's own value without a query parameter, and what a bot typed in the honeypot", async () => {
    answerKeyThenSave(fakeResponse(200, { status: 'received' }));
    await renderForm({ form: contactForm({ fields: [everyKind[2]!, everyKind.at(-1)!] }) });
    type(textbox('Email'), 'bot@example.com');
    type(document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD_NAME}"]`)!, 'http://spam.example');
    await submit();
    const body = calls()[1]![1];
    expect(JSON.parse(body.form)).toEqual({ email: 'bot@example.com', campaign: 'none' });
    expect(body.honeypot).toBe('http://spam.example');
  });
});

describe('the site form: messages', () => {
  it('checks every field before sending: errors above each title, tied to their controls, and the top and bottom lines', async () => {
    await renderForm({ form: contactForm() });
    type(textbox('Email'), 'not-an-address');
    type(textbox('Website'), 'not a site');
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    const email = textbox('Email');
    expect(errorOf(email)).toBe(FORM_MESSAGES.emailNotValid);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(textbox('Website'))).toBe(FIELD_RULE_MESSAGES.website);
    expect(errorOf(textbox('Message'))).toBe(FIELD_RULE_MESSAGES.requiredOnSiteForm);
    const name = group('Your name (required)');
    expect(errorOf(textbox('First Name', name))).toBe(FIELD_RULE_MESSAGES.requiredOnSiteForm);
    expect(errorOf(within(group('Contact me by (required)')).getAllByRole('radio')[0]!)).toBe(FIELD_RULE_MESSAGES.requiredOnSiteForm);
    // Above the field's title: the error comes before the label in the field.
    const field = email.closest('.vitrine-field')!;
    expect(field.firstElementChild?.textContent).toBe(FORM_MESSAGES.emailNotValid);
    expect(field.firstElementChild?.nextElementSibling?.tagName).toBe('LABEL');
    // The form's lines, first and last; the top one is announced.
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(within(form).getByRole('alert').textContent).toBe(FORM_MESSAGES.problemAbove);
    expect(form.lastElementChild?.previousElementSibling?.textContent).toBe(FORM_MESSAGES.problemBelow);
    // Focus goes to the first field in error.
    expect(document.activeElement).toBe(textbox('First Name', name));
    // Mending a field takes its message away.
    type(textbox('Email'), 'ada@example.com');
    expect(errorOf(textbox('Email'))).toBeUndefined();
  });

  it("says 'You have exceeded the character limit.' for a long text over its maximum", async () => {
    await renderForm({ form: contactForm({ fields: [everyKind[14]!] }) });
    type(textbox('Message'), 'This message is far too long');
    await submit();
    expect(errorOf(textbox('Message'))).toBe(FORM_MESSAGES.characterLimit);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Submitting…' on the locked button while it sends, and ignores another press", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/form/FormSubmissionKey' ? fakeResponse(200, { key: 'k', expiresAt: '' }) : new Promise<Response>((resolve) => (answer = resolve)),
    );
    await renderForm({ form: newsletterForm() });
    type(textbox('Email address'), 'ada@example.com');
    await submit();
    expect(submitButton().textContent).toBe(FORM_MESSAGES.submitting);
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    answer(fakeResponse(200, { status: 'received' }));
    await flushPromises();
    expect(screen.getByRole('status').textContent).toContain(DEFAULT_SUBMISSION_MESSAGE);
  });

  it.each([
    [401, {}, FORM_MESSAGES.unauthorized],
    [404, { message: 'Not found.' }, FORM_MESSAGES.notConfigured],
    [429, { message: 'Please try again in a few seconds.' }, FORM_MESSAGES.rateLimited],
    [500, {}, FORM_MESSAGES.sendFailed],
    [400, { message: FORM_MESSAGES.parseFailed }, FORM_MESSAGES.parseFailed],
    [409, { error: 'Something odd.' }, 'Something odd.'],
    [502, null, FORM_MESSAGES.unknownError],
  ])('maps a %i answer to the general error at the top: %j → %s', async (status, body, shown) => {
    answerKeyThenSave(fakeResponse(status, body));
    await renderForm({ form: contactForm({ fields: [everyKind[2]!] }) });
    type(textbox('Email'), 'ada@example.com');
    await submit();
    const alert = within(screen.getByRole('form')).getByRole('alert');
    expect([...alert.children].map((line) => line.textContent)).toEqual([FORM_MESSAGES.problemAbove, shown]);
    expect(screen.getAllByText(FORM_MESSAGES.problemBelow)).toHaveLength(1);
    expect(submitButton().textContent).toBe('Submit'); // unlocked
  });

  it("puts a 400's errors map on the fields, and an error naming no shown field at the top", async () => {
    answerKeyThenSave(
      fakeResponse(400, { message: FORM_MESSAGES.invalidForm, errors: { email: 'Taken already.', campaign: 'Unknown field.' } }),
    );
    await renderForm({ form: contactForm({ fields: [everyKind[2]!, everyKind[8]!, everyKind.at(-1)!] }) });
    type(textbox('Email'), 'ada@example.com');
    await submit();
    expect(errorOf(textbox('Email'))).toBe('Taken already.');
    expect(errorOf(textbox('Company'))).toBeUndefined();
    expect([...within(screen.getByRole('form')).getByRole('alert').children].map((line) => line.textContent)).toEqual([
      FORM_MESSAGES.problemAbove,
      FORM_MESSAGES.invalidForm,
    ]);
    expect(document.activeElement).toBe(textbox('Email'));
  });

  it("says 'Could not get a form submission key, please try again later.' when the key call fails", async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, {}));
    await renderForm({ form: newsletterForm() });
    type(textbox('Email address'), 'ada@example.com');
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(FORM_MESSAGES.submissionKeyFailed);
  });

  it("says what to do when the connection is down or the session's crumb went stale", async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/form/FormSubmissionKey') return fakeResponse(200, { key: 'k', expiresAt: '' });
      throw new TypeError('Failed to fetch');
    });
    await renderForm({ form: newsletterForm() });
    type(textbox('Email address'), 'ada@example.com');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please check your internet connection.');
    answerKeyThenSave(fakeResponse(403, { message: 'Forbidden', crumbFail: true }));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Your session has expired. Please reload the page and try again.');
  });
});

describe('the site form: success', () => {
  it('hides the form, shows the submission message and the owner\'s HTML, and brings it into view', async () => {
    answerKeyThenSave(fakeResponse(200, { status: 'received' }));
    // The scroll tween ends on the message 30 px below the top of the window (platform §9).
    const scrolled: number[] = [];
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => void scrolled.push(y)) as unknown as typeof window.scrollTo);
    await renderForm({ form: contactForm({ fields: [everyKind[2]!], submissionHTML: '<p>See <a href="/faq">our FAQ</a>.</p>' }) });
    type(textbox('Email'), 'ada@example.com');
    await submit();
    expect(screen.queryByRole('form')).toBeNull();
    const done = screen.getByRole('status');
    expect(done.querySelector('.vitrine-site-form-message')?.textContent).toBe('Thanks, we will write back within a day.');
    expect(within(done).getByRole('link', { name: 'our FAQ' }).getAttribute('href')).toBe('/faq');
    expect(document.activeElement).toBe(done);
    await vi.waitFor(() => expect(scrolled.at(-1)).toBe(Math.max(0, done.getBoundingClientRect().top + window.scrollY - 30)));
    scrollTo.mockRestore();
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeTruthy(); // the block keeps its name
    expect(assignSpy).not.toHaveBeenCalled();
  });

  it('goes to a same-site or http(s) success redirect, never to anything else', async () => {
    for (const [target, followed] of [
      ['/thank-you', true],
      ['https://example.com/thanks', true],
      ['javascript:alert(1)', false],
      ['//evil.example/', false],
    ] as const) {
      assignSpy.mockClear();
      answerKeyThenSave(fakeResponse(200, { status: 'received' }));
      await renderForm({ form: contactForm({ fields: [everyKind[2]!], successRedirect: target }) });
      type(textbox('Email'), 'ada@example.com');
      await submit();
      expect(assignSpy.mock.calls).toEqual(followed ? [[target]] : []);
      cleanup();
    }
  });
});

describe('the newsletter block', () => {
  it('has no top or bottom lines: its error stands above its field', async () => {
    await renderForm({ form: newsletterForm() });
    expect(submitButton().textContent).toBe('Sign up');
    // Its compact row shows the field's name as its placeholder; the label stays for screen readers.
    expect(textbox('Email address').getAttribute('placeholder')).toBe('Email address');
    await submit();
    expect(errorOf(textbox('Email address'))).toBe(FORM_MESSAGES.emailNotValid);
    expect(screen.queryByText(FORM_MESSAGES.problemAbove)).toBeNull();
    expect(screen.queryByText(FORM_MESSAGES.problemBelow)).toBeNull();
    answerKeyThenSave(fakeResponse(429, {}));
    type(textbox('Email address'), 'ada@example.com');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(FORM_MESSAGES.rateLimited);
  });

  it('fires the newsletter-subscribe and form-submit-success events, and asks to confirm by mail when the answer says so', async () => {
    const seen: string[] = [];
    const listen = (event: Event) => seen.push(`${event.type} ${JSON.stringify((event as CustomEvent).detail)}`);
    window.addEventListener(SITE_FORM_EVENTS.newsletterSubscribe, listen);
    window.addEventListener(SITE_FORM_EVENTS.submitSuccess, listen);
    try {
      answerKeyThenSave(fakeResponse(200, { status: 'received', confirmationSent: true }));
      await renderForm({ form: newsletterForm(), blockId: 'footer-newsletter' });
      type(textbox('Email address'), 'ada@example.com');
      await submit();
      expect(calls()[1]![1]).toMatchObject({ intraPageEventBlockId: 'footer-newsletter', intraPageEventType: 'newsletter-subscribe' });
      expect(seen).toEqual([
        'vitrine:newsletter-subscribe {"formId":"form-news","blockId":"footer-newsletter"}',
        'vitrine:form-submit-success {"formId":"form-news","blockId":"footer-newsletter"}',
      ]);
      expect(screen.getByRole('status').textContent).toBe(`${DEFAULT_SUBMISSION_MESSAGE}We sent a confirmation link to ada@example.com.`);
      expect(confirmSubscriptionText('')).toBe('We sent you a confirmation link by email.');
    } finally {
      window.removeEventListener(SITE_FORM_EVENTS.newsletterSubscribe, listen);
      window.removeEventListener(SITE_FORM_EVENTS.submitSuccess, listen);
    }
  });

  it('fires only form-submit-success for a form that is not a newsletter', async () => {
    const seen: string[] = [];
    const listen = (event: Event) => seen.push(event.type);
    window.addEventListener(SITE_FORM_EVENTS.newsletterSubscribe, listen);
    window.addEventListener(SITE_FORM_EVENTS.submitSuccess, listen);
    answerKeyThenSave(fakeResponse(200, { status: 'received', confirmationSent: true }));
    await renderForm({ form: contactForm({ fields: [everyKind[2]!] }) });
    type(textbox('Email'), 'ada@example.com');
    await submit();
    window.removeEventListener(SITE_FORM_EVENTS.newsletterSubscribe, listen);
    window.removeEventListener(SITE_FORM_EVENTS.submitSuccess, listen);
    expect(seen).toEqual(['vitrine:form-submit-success']);
    expect(document.querySelector('.vitrine-site-form-confirm')).toBeNull();
  });
});

describe('the site form with a captcha', () => {
  it("says 'Complete CAPTCHA before submitting.' without a solution, and sends the solution as captchaKey", async () => {
    answerKeyThenSave(fakeResponse(200, { status: 'received' }));
    await renderForm({ form: newsletterForm({ captcha: true }) });
    await waitFor(() => expect(captchaElement()).toBeTruthy());
    type(textbox('Email address'), 'ada@example.com');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(FORM_MESSAGES.captchaIncomplete);
    expect(fetchMock).not.toHaveBeenCalled();
    solveCaptcha('solution-1');
    await submit();
    expect(calls()[1]![1].captchaKey).toBe('solution-1');
    // Used once: the widget goes away with the form.
    expect(captchaElement()).toBeNull();
  });

  it('resets the challenge after a failure and keeps the button disabled until it is solved again', async () => {
    answerKeyThenSave(fakeResponse(400, { message: FORM_MESSAGES.invalidForm, errors: { email: 'Taken already.' } }), fakeResponse(200, { status: 'received' }));
    await renderForm({ form: newsletterForm({ captcha: true }) });
    await waitFor(() => expect(captchaElement()).toBeTruthy());
    type(textbox('Email address'), 'ada@example.com');
    solveCaptcha('solution-1');
    await submit();
    expect(errorOf(textbox('Email address'))).toBe('Taken already.');
    expect(captchaElement().resets).toBe(1);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    solveCaptcha('solution-2');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    await submit();
    expect(calls()[3]![1].captchaKey).toBe('solution-2');
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
