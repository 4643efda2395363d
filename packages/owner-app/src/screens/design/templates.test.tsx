// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission, type SiteTemplatesJson } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { bootWith, recordingServer } from '../settings/navigation/site-test-server';
import { TEMPLATE_ROUTES } from './templates-api';

/*
 * Design → Change template (issue 33 item 5): the theme's templates as picture cards, the chosen one previewed on the
 * site's own pages, the switch after a confirm, the server's refusal shown, a viewer's read-only view.
 */

const OWNER: Permission[] = ['site:read', 'site-styles:write'];
const VIEWER: Permission[] = ['site:read'];

configure({ asyncUtilTimeout: 4000 });

const TEMPLATES = [
  ['shop', 'Shop', 'Shop first.'],
  ['journal', 'Journal', 'Editorial.'],
  ['portfolio', 'Portfolio', 'Image-led.'],
] as const;

function templatesServer(options: { refuse?: boolean } = {}) {
  let current = 'shop';
  const answer = (): SiteTemplatesJson => ({
    templates: TEMPLATES.map(([id, label, description]) => ({ id, label, description, pictureUrl: `/assets/theme/templates/${id}-home.webp` })),
    currentTemplateId: current,
    previewParameter: 'design-preview',
  });
  return recordingServer((method, url, body) => {
    if (method === 'GET' && url === '/api/site-templates') return answer();
    if (method === 'POST' && url === '/api/site-templates/switch') {
      if (options.refuse) return { status: 400, body: { message: 'The template was not changed. Check the field marked.', errors: { templateId: 'Choose one of the templates this site’s theme offers.' } } };
      current = (body as { templateId: string }).templateId;
      return answer();
    }
    if (url.startsWith('/api/site-styles')) return { status: 404, body: { message: 'Not here.' } };
    return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
  });
}

async function open(server: ReturnType<typeof templatesServer>, permissions: Permission[] = OWNER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/design/templates'));
  await screen.findByRole('heading', { level: 1, name: 'Change template' });
  await screen.findByRole('group', { name: 'Templates' });
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

describe('Design → Change template', () => {
  it('calls routes the contracts have', () => {
    for (const route of Object.values(TEMPLATE_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('shows each template with its picture, the current one chosen and marked, previewed on the site\'s own page', async () => {
    await open(templatesServer());
    const group = screen.getByRole('group', { name: 'Templates' });
    expect(within(group).getAllByRole('radio').map((each) => (each as HTMLInputElement).value)).toEqual(['shop', 'journal', 'portfolio']);
    expect(radio('Shop').checked).toBe(true);
    expect(within(group).getByText('Current').closest('label')!.textContent).toContain('Shop');
    expect(group.querySelectorAll('img')[1]!.getAttribute('src')).toBe('/assets/theme/templates/journal-home.webp');
    expect((screen.getByRole('button', { name: 'Use the Shop template' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTitle('Preview of the site: Home').getAttribute('src')).toBe('/?design-preview=template%3Ashop');

    fireEvent.click(radio('Journal'));
    expect(screen.getByRole('heading', { level: 2, name: 'Preview: Journal' })).toBeTruthy();
    expect(screen.getByTitle('Preview of the site: Home').getAttribute('src')).toBe('/?design-preview=template%3Ajournal');
    expect(screen.getByText('The preview shows your own pages with the Journal template. Visitors see nothing until you switch.')).toBeTruthy();
  });

  it('switches after the confirm (Cancel sends nothing) and says the pages are kept', async () => {
    const server = templatesServer();
    await open(server);
    fireEvent.click(radio('Portfolio'));
    fireEvent.click(screen.getByRole('button', { name: 'Use the Portfolio template' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Switch to the Portfolio template?' });
    expect(dialog.textContent).toContain('Your pages, products and settings stay as they are');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Use the Portfolio template' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Switch to the Portfolio template?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch template' }));
    expect((await screen.findByRole('status')).textContent).toBe('The site now uses the Portfolio template. Your pages and products are unchanged.');
    expect(server.bodies).toEqual([{ call: 'POST /api/site-templates/switch', body: { templateId: 'portfolio' } }]);
    await screen.findByText('The site uses the Portfolio template.');
    expect(within(screen.getByText('Current').closest('label')!).getByRole('radio')).toBe(radio('Portfolio'));
  });

  it('shows the server\'s refusal', async () => {
    await open(templatesServer({ refuse: true }));
    fireEvent.click(radio('Journal'));
    fireEvent.click(screen.getByRole('button', { name: 'Use the Journal template' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch template' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The template was not changed');
  });

  it('lets a viewer look and preview, without a switch button', async () => {
    await open(templatesServer(), VIEWER);
    expect(screen.queryByRole('button', { name: /^Use the/ })).toBeNull();
    expect(screen.getByText('Your role may look at the templates but not switch: admins and website managers can.')).toBeTruthy();
    fireEvent.click(radio('Journal'));
    expect(screen.getByTitle('Preview of the site: Home').getAttribute('src')).toBe('/?design-preview=template%3Ajournal');
  });
});
