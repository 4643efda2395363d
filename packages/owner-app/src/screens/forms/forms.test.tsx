// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FormSubmissionJson, FormSubmissionSummaryJson, OwnerFormJson, Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { memoryTokenStore, OwnerBrowserClient } from '@vitrine/owner-client/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import type { OwnerAppBoot } from '../../boot';
import { BOOT } from '../../test-support/fixtures';
import { formOf } from './test-fixtures';
import { exportHref, FORM_ROUTES } from './forms-api';
import { readSubmissionsState, summaryLine, writeSubmissionsState } from './Submissions';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function recordingServer(answer: (method: string, url: string, body: unknown) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const result = await answer(method, input, body);
    const { status, body: answerBody } = result && typeof result === 'object' && 'status' in result ? (result as { status: number; body: unknown }) : { status: 200, body: result };
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { client: new OwnerBrowserClient({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), calls };
}

const bootWith = (permissions: Permission[]): OwnerAppBoot => ({ ...BOOT, owner: { ...BOOT.owner, permissions } });
const summaryOf = (form: OwnerFormJson) => {
  const { definition: _definition, pages: _pages, ...rest } = form;
  return rest;
};

function renderForms(path: string, answer: (method: string, url: string, body: unknown) => unknown, permissions: Permission[] = ['forms:read', 'forms:write']) {
  window.history.replaceState(null, '', path);
  const server = recordingServer(answer);
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  return server;
}

const submission = (over: Partial<FormSubmissionSummaryJson> = {}): FormSubmissionSummaryJson => ({
  id: 's1',
  formId: 'f1',
  createdAt: '2026-11-23T14:05:00.000Z',
  isSpam: false,
  spamReason: null,
  pagePath: '/contact',
  pageTitle: 'Contact',
  summary: [
    { fieldId: 'name', type: 'name', title: 'Name', text: 'Ada Lovelace', answered: true },
    { fieldId: 'email', type: 'email', title: 'Email', text: 'ada@example.com', answered: true },
    { fieldId: 'message', type: 'textarea', title: 'Message', text: 'Do you sell the linen shirts by the dozen?', answered: true },
    { fieldId: 'phone', type: 'phone', title: 'Phone', text: 'No answer', answered: false },
  ],
  ...over,
});
const fullSubmission = (over: Partial<FormSubmissionJson> = {}): FormSubmissionJson => ({
  ...submission(),
  formName: 'Get in touch',
  answers: {},
  fields: [],
  page: {},
  userAgent: 'Mozilla/5.0',
  ...over,
});

describe('the Forms screen calls', () => {
  it('names calls the contracts have', () => {
    for (const route of Object.values(FORM_ROUTES)) {
      expect(Object.values(ROUTE_CONTRACTS).some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('keeps the spam filter and the page in the address, and exports with the filter', () => {
    expect(readSubmissionsState(new URLSearchParams('spam=true&cursor=abc_1'))).toEqual({ spam: 'true', cursor: 'abc_1' });
    expect(readSubmissionsState(new URLSearchParams('spam=maybe&cursor=no%20spaces'))).toEqual({ spam: '', cursor: '' });
    expect(writeSubmissionsState({ spam: 'false', cursor: '' }).toString()).toBe('spam=false');
    expect(exportHref('f 1', 'true')).toBe('/api/owner/forms/f%201/submissions/export.csv?spam=true');
    expect(exportHref('f1', '')).toBe('/api/owner/forms/f1/submissions/export.csv');
    expect(summaryLine(submission())).toBe('Name: Ada Lovelace · Email: ada@example.com · Message: Do you sell the linen shirts by the dozen?');
  });
});

describe('the Forms screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(() => cleanup());

  it('lists the forms; New form creates one and opens the builder', async () => {
    const created = formOf({ name: 'New form', fields: [] }, { id: 'f2', name: 'New form', fieldCount: 0, submissionCount: 0, spamCount: 0, pages: [] });
    const server = renderForms('/config/forms', (method, url) => {
      if (method === 'GET' && url === '/api/owner/forms') return { forms: [summaryOf(formOf()), { ...summaryOf(formOf()), id: 'n1', kind: 'newsletter', name: 'Newsletter' }] };
      if (method === 'POST' && url === '/api/owner/forms') return { status: 201, body: { form: created } };
      if (method === 'GET' && url === '/api/owner/forms/f2') return { form: created };
      return { status: 404, body: { message: 'no' } };
    });
    const table = await screen.findByRole('table', { name: 'Forms of this website' });
    const row = within(table).getByRole('row', { name: /Get in touch/ });
    expect(within(row).getByRole('link', { name: 'Get in touch' }).getAttribute('href')).toBe('/config/forms/f1');
    expect(within(row).getByRole('link', { name: '2 submissions of Get in touch' }).getAttribute('href')).toBe('/config/forms/f1/submissions');
    expect(within(row).getByRole('cell', { name: 'Form' })).toBeTruthy();
    expect(within(table).getByText('Newsletter', { selector: '.forms-badge' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New form' }));
    await screen.findByRole('heading', { level: 1, name: 'New form' });
    expect(window.location.pathname).toBe('/config/forms/f2');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'form', definition: { name: 'New form', fields: [] } });
  });

  it('lists deleted forms too when asked (in the address), marked and without Delete', async () => {
    const server = renderForms('/config/forms', (method, url) => {
      if (method === 'GET' && url === '/api/owner/forms') return { forms: [summaryOf(formOf())] };
      if (method === 'GET' && url === '/api/owner/forms?includeDeleted=true') return { forms: [summaryOf(formOf()), { ...summaryOf(formOf()), id: 'old', name: 'Old survey', deletedAt: '2026-11-01T00:00:00.000Z' }] };
      return { status: 404, body: { message: 'no' } };
    });
    await screen.findByRole('link', { name: 'Get in touch' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show deleted forms' }));
    const row = (await screen.findByRole('link', { name: 'Old survey' })).closest('tr')!;
    expect(window.location.search).toBe('?deleted=true');
    expect(within(row).getByText('Deleted')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(server.calls.map((call) => call.url)).toContain('/api/owner/forms?includeDeleted=true');
  });

  it('deletes a form after confirming; when pages show it, names them and offers Delete anyway', async () => {
    const server = renderForms('/config/forms', (method, url) => {
      if (method === 'GET' && url === '/api/owner/forms') return { forms: [summaryOf(formOf())] };
      if (method === 'DELETE' && url === '/api/owner/forms/f1') return { status: 409, body: { message: 'Pages show this form: Contact (/contact). Add ?force=true to delete it anyway.', errors: { '/contact': 'Contact' } } };
      if (method === 'DELETE' && url === '/api/owner/forms/f1?force=true') return { deleted: true, id: 'f1', pages: [{ id: 'p1', title: 'Contact', path: '/contact' }] };
      return { status: 404, body: { message: 'no' } };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Get in touch' }));
    const first = await screen.findByRole('alertdialog', { name: 'Delete “Get in touch”?' });
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    const second = await screen.findByRole('alertdialog', { name: 'This form is on the site' });
    expect(second.textContent).toContain('Contact (/contact)');
    fireEvent.click(within(second).getByRole('button', { name: 'Delete anyway' }));
    await screen.findByText('Deleted “Get in touch”.');
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/owner/forms/f1', '/api/owner/forms/f1?force=true']);
  });

  it('builds: adds a field, edits it with the preview following, moves it by keyboard, deletes one, and saves each section with its body', async () => {
    let form = formOf();
    const server = renderForms('/config/forms/f1', (method, url, body) => {
      if (method === 'GET' && url === '/api/owner/forms/f1') return { form };
      if (method === 'PUT' && url.startsWith('/api/owner/forms/f1/sections/')) {
        const patch = body as Record<string, unknown>;
        form = { ...form, definition: { ...form.definition, ...patch } as OwnerFormJson['definition'] };
        return { form };
      }
      if (method === 'PUT' && url === '/api/owner/forms/f1/field-order') {
        const ids = (body as { fieldIds: string[] }).fieldIds;
        form = { ...form, definition: { ...form.definition, fields: ids.map((id) => form.definition.fields.find((field) => (field as { id?: string }).id === id)!) } };
        return { form };
      }
      if (method === 'GET' && url === '/api/owner/forms') return { forms: [summaryOf(form)] };
      return { status: 404, body: { message: 'no' } };
    });
    await screen.findByRole('heading', { level: 1, name: 'Get in touch' });
    expect(screen.getByRole('tab', { name: /Build/ }).getAttribute('aria-selected')).toBe('true');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(within(preview).getByText('0 / 500')).toBeTruthy();

    // Add a phone field; its editor opens on its label; the preview shows it as typed.
    fireEvent.change(screen.getByRole('combobox', { name: 'Field type' }), { target: { value: 'phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const label = await screen.findByRole('textbox', { name: 'Label' });
    expect(document.activeElement).toBe(label);
    fireEvent.change(label, { target: { value: 'Phone number' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show the country code' }));
    const phone = within(preview).getByRole('group', { name: 'Phone number' });
    expect(within(phone).getByRole('textbox', { name: 'Country Code' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Build/ }).textContent).toContain('(Unsaved changes)');

    // Move it up once by keyboard: the list, the preview and the announcement follow, the focus stays on the button.
    const up = screen.getByRole('button', { name: 'Move Phone number up' });
    up.focus();
    fireEvent.click(up);
    await screen.findByText('Phone number moved to position 3 of 4.');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Phone number up');
    const list = screen.getByRole('list', { name: 'Fields, in the order the form shows them' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('data-field-row')?.split('-')[0])).toEqual(['name', 'email', 'phone', 'message']);
    const previewIds = [...preview.querySelectorAll('[data-field-id]')].map((element) => element.getAttribute('data-field-id')!.split('-')[0]);
    expect(previewIds).toEqual(['name', 'email', 'phone', 'message']);

    // Save: the build section with the whole field list.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    const buildCall = server.calls.find((call) => call.url === '/api/owner/forms/f1/sections/build')!;
    const sent = (buildCall.body as { fields: Array<Record<string, unknown>> }).fields;
    expect(sent.map((field) => field.title)).toEqual(['Name', 'Email', 'Phone number', 'Message']);
    expect(sent[2]).toMatchObject({ type: 'phone', title: 'Phone number', showCountryCode: true, id: expect.stringMatching(/^phone-[0-9a-f]{8}$/) });
    expect(Object.keys(buildCall.body as object)).toEqual(['fields']);

    // A move alone is saved with the field order.
    fireEvent.click(screen.getByRole('button', { name: 'Move Message up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/owner/forms/f1/field-order')).toBe(true));
    const order = server.calls.find((call) => call.url === '/api/owner/forms/f1/field-order')!.body as { fieldIds: string[] };
    expect(order.fieldIds.map((id) => id.split('-')[0])).toEqual(['name', 'email', 'message', 'phone']);

    // Delete a field after confirming.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Email' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the field “Email”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Email' })).toBeNull());
    expect(within(preview).queryByRole('textbox', { name: 'Email' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('button', { name: 'Delete Email' })).toBeTruthy();

    // Storage: its own body.
    fireEvent.click(screen.getByRole('tab', { name: /Storage/ }));
    expect(window.location.search).toBe('?section=storage');
    fireEvent.click(screen.getByRole('radio', { name: /Keep them here and email them/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/owner/forms/f1/sections/storage')).toBe(true));
    expect(server.calls.find((call) => call.url === '/api/owner/forms/f1/sections/storage')!.body).toEqual({ storage: 'keep-and-email' });

    // Advanced: a redirect @vitrine/forms refuses is not sent, its message (platform §5) shows by the field.
    fireEvent.click(screen.getByRole('tab', { name: /Advanced/ }));
    const redirect = screen.getByRole('textbox', { name: 'Go to this page after sending' });
    fireEvent.change(redirect, { target: { value: 'ftp://files' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('ftp://files is not a valid page URL');
    expect(redirect.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((call) => call.url === '/api/owner/forms/f1/sections/advanced')).toBe(false);
    fireEvent.change(redirect, { target: { value: '/thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.find((call) => call.url === '/api/owner/forms/f1/sections/advanced')?.body).toEqual({ successRedirect: '/thanks' }));

    // Captcha and disclaimer; the preview follows the disclaimer.
    fireEvent.click(screen.getByRole('tab', { name: /Captcha/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /prove they are human/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.find((call) => call.url === '/api/owner/forms/f1/sections/captcha')?.body).toEqual({ captcha: { enabled: true } }));
    fireEvent.click(screen.getByRole('tab', { name: /Disclaimer/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Disclaimer under the form' }), { target: { value: 'We never share your details.' } });
    expect(within(preview).getByText('We never share your details.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.find((call) => call.url === '/api/owner/forms/f1/sections/disclaimer')?.body).toEqual({ disclaimerMessage: 'We never share your details.' }));
  });

  it('reorders by dragging a row onto another (HTML drag and drop), saved with the field order', async () => {
    const server = renderForms('/config/forms/f1', (method, url, body) => {
      if (method === 'GET' && url === '/api/owner/forms/f1') return { form: formOf() };
      if (method === 'PUT' && url === '/api/owner/forms/f1/field-order') {
        const ids = (body as { fieldIds: string[] }).fieldIds;
        const form = formOf();
        return { form: { ...form, definition: { ...form.definition, fields: ids.map((id) => form.definition.fields.find((field) => (field as { id?: string }).id === id)!) } } };
      }
      if (method === 'GET' && url === '/api/owner/forms') return { forms: [] };
      return { status: 404, body: { message: 'no' } };
    });
    const list = await screen.findByRole('list', { name: 'Fields, in the order the form shows them' });
    const rows = within(list).getAllByRole('listitem');
    let dragged = '';
    const dataTransfer = { setData: (_type: string, value: string) => void (dragged = value), getData: () => dragged };
    fireEvent.dragStart(rows[2]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    fireEvent.drop(rows[0]!, { dataTransfer });
    fireEvent.dragEnd(rows[2]!, { dataTransfer });
    await screen.findByText('Message moved to position 1 of 3.');
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('data-field-row'))).toEqual(['message', 'name', 'email']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(server.calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/owner/forms/f1/field-order', body: { fieldIds: ['message', 'name', 'email'] } });
  });

  it("shows the server's refusal of a section by its field", async () => {
    renderForms('/config/forms/f1', (method, url) => {
      if (method === 'GET' && url === '/api/owner/forms/f1') return { form: formOf() };
      if (method === 'PUT') return { status: 400, body: { message: 'Give the form a name.', errors: { name: 'Another message from the server.' } } };
      return { status: 404, body: { message: 'no' } };
    });
    const name = await screen.findByRole('textbox', { name: 'Form name' });
    fireEvent.change(name, { target: { value: 'Contact us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Another message from the server.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('lists submissions with the spam filter, reads one, marks it spam and deletes it', async () => {
    let spam = false;
    const server = renderForms('/config/forms/f1/submissions', (method, url) => {
      if (method === 'GET' && url === '/api/owner/forms/f1') return { form: formOf() };
      if (method === 'GET' && url.startsWith('/api/owner/forms/f1/submissions?') || url === '/api/owner/forms/f1/submissions') {
        return { submissions: [submission({ isSpam: spam })], hasNextPage: !url.includes('cursor'), nextPageCursor: url.includes('cursor') ? null : 'c2' };
      }
      if (method === 'GET' && url === '/api/owner/forms/f1/submissions/s1') return { submission: fullSubmission({ isSpam: spam, spamReason: spam ? 'owner' : null }) };
      if (method === 'PUT' && url === '/api/owner/forms/f1/submissions/s1/spam') {
        spam = true;
        return { submission: fullSubmission({ isSpam: true, spamReason: 'owner' }) };
      }
      if (method === 'DELETE' && url === '/api/owner/forms/f1/submissions/s1') return { deleted: true, id: 's1' };
      return { status: 404, body: { message: 'no' } };
    });
    await screen.findByRole('heading', { level: 1, name: 'Submissions: Get in touch' });
    const table = await screen.findByRole('table', { name: 'Submissions, newest first' });
    expect(within(table).getByText('Name: Ada Lovelace · Email: ada@example.com · Message: Do you sell the linen shirts by the dozen?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/forms/f1/submissions/export.csv');

    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/owner/forms/f1/submissions?spam=true')).toBe(true));
    expect(window.location.search).toBe('?spam=true');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/forms/f1/submissions/export.csv?spam=true');
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/owner/forms/f1/submissions?spam=true&cursor=c2')).toBe(true));
    await screen.findByRole('button', { name: 'First page' });

    fireEvent.click(screen.getByRole('link', { name: /^Read the submission of/ }));
    await screen.findByRole('heading', { level: 1, name: /^Get in touch: / });
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('Message')).toBeTruthy();
    expect(within(answers).getByText('Do you sell the linen shirts by the dozen?')).toBeTruthy();
    expect(within(answers).getByText('No answer')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark as spam' }));
    await screen.findByText('Marked as spam.');
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ isSpam: true });
    await screen.findByRole('button', { name: 'Not spam' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this submission?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.pathname).toBe('/config/forms/f1/submissions'));
    expect(server.calls.some((call) => call.method === 'DELETE' && call.url === '/api/owner/forms/f1/submissions/s1')).toBe(true);
  });

  it('lets a role that only reads forms read, without a way to change anything', async () => {
    renderForms('/config/forms', (method, url) => {
      if (method === 'GET' && url === '/api/owner/forms') return { forms: [summaryOf(formOf())] };
      if (method === 'GET' && url === '/api/owner/forms/f1') return { form: formOf() };
      if (method === 'GET' && url === '/api/owner/forms/f1/submissions/s1') return { submission: fullSubmission() };
      return { status: 404, body: { message: 'no' } };
    }, ['forms:read']);
    await screen.findByRole('table', { name: 'Forms of this website' });
    expect(screen.queryByRole('button', { name: 'New form' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByText('Your role can read forms and submissions but not change them.')).toBeTruthy();

    act(() => navigate('/config/forms/f1'));
    await screen.findByRole('heading', { level: 1, name: 'Get in touch' });
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Form name' }) as HTMLInputElement).disabled).toBe(true);

    act(() => navigate('/config/forms/f1/submissions/s1'));
    await screen.findByText('Do you sell the linen shirts by the dozen?');
    expect(screen.queryByRole('button', { name: 'Mark as spam' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('tells a role without forms:read so, without calling', async () => {
    const server = renderForms('/config/forms', () => ({ status: 403, body: { message: 'no' } }), ['orders:read']);
    await screen.findByRole('heading', { name: 'Your role does not include forms' });
    expect(server.calls.filter((call) => call.url.startsWith('/api/owner/forms'))).toEqual([]);
  });
});
