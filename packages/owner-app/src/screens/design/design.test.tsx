// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, type Permission } from '@vitrine/contracts';
import { contrastRatio, FONT_CATALOG, FONT_PAIRINGS, nearestPassingColour, resolveStyles, contrastWarnings, validateStyleValues, type StyleValues, type ThemeManifest } from '@vitrine/design';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import themeManifest from '../../../../theme/theme.json';
import { createQueryClient } from '../../api/query-client';
import { App } from '../../app/App';
import { navigate } from '../../app/router';
import { bootWith, recordingServer } from '../settings/navigation/site-test-server';
import { DESIGN_ROUTES, type SiteStylesJson, type StyleVersionJson } from './design-api';
import { ratioText } from './design-draft';
import { injectedPreviewCss, injectPreviewStyles } from './preview-styles';

const MANIFEST = themeManifest as ThemeManifest;
const OWNER: Permission[] = ['site:read', 'site-styles:write'];
const VIEWER: Permission[] = ['site:read'];

configure({ asyncUtilTimeout: 4000 });

/** The site-styles calls as the server answers them: values checked with @vitrine/design, 400 with field errors. */
function stylesServer() {
  let draft: StyleValues = {};
  let published: StyleValues = {};
  let versions: StyleVersionJson[] = [];
  const answer = (): SiteStylesJson => ({
    manifest: MANIFEST,
    draft,
    published,
    publishedVersionId: versions.find((version) => version.live)?.id ?? null,
    stylesheetUrl: `/assets/site-styles/${versions.length}.css`,
    draftStylesheetUrl: '/assets/site-styles/draft.css',
    contrastWarnings: contrastWarnings(MANIFEST, resolveStyles(MANIFEST, draft)),
    templateId: 'shop',
  });
  const server = recordingServer((method, url, body) => {
    if (method === 'GET' && url === '/api/site-styles') return answer();
    if (method === 'PUT' && url === '/api/site-styles/draft') {
      const values = (body as { values: StyleValues }).values;
      const check = validateStyleValues(MANIFEST, values);
      if (!check.ok) return { status: 400, body: { message: 'Some styles are not valid: see each one.', errors: Object.fromEntries(check.errors.map((error) => [error.field, `${error.field} ${error.message}`])) } };
      draft = values;
      return answer();
    }
    if (method === 'POST' && url === '/api/site-styles/publish') {
      published = draft;
      versions = [{ id: `v${versions.length + 1}`, values: draft, templateId: 'shop', createdAt: '2026-12-02T10:00:00.000Z', createdBy: 'u1', publishedAt: `2026-12-02T1${versions.length}:30:00.000Z`, live: true }, ...versions.map((version) => ({ ...version, live: false }))];
      return answer();
    }
    if (method === 'POST' && url === '/api/site-styles/reset') {
      draft = {};
      return answer();
    }
    if (method === 'GET' && url.startsWith('/api/site-styles/versions')) return { versions, nextCursor: null };
    const restore = /^\/api\/site-styles\/versions\/([^/]+)\/restore$/.exec(url);
    if (method === 'POST' && restore) {
      const version = versions.find((each) => each.id === restore[1]);
      if (!version) return { status: 404, body: { message: 'That style version does not exist.' } };
      draft = version.values;
      return answer();
    }
    return { status: 404, body: { message: `Unexpected ${method} ${url}` } };
  });
  return { ...server, puts: () => server.bodies.filter((entry) => entry.call === 'PUT /api/site-styles/draft').map((entry) => (entry.body as { values: StyleValues }).values) };
}

async function open(server: ReturnType<typeof stylesServer>, permissions: Permission[] = OWNER) {
  render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
  await act(async () => navigate('/config/design'));
  await screen.findByRole('heading', { level: 1, name: 'Design' });
  await screen.findByRole('navigation', { name: 'Site styles' });
}

const groupButton = (name: string) => within(screen.getByRole('navigation', { name: 'Site styles' })).getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

beforeEach(() => window.history.replaceState(null, '', '/config'));
afterEach(() => cleanup());

describe('Design', () => {
  it('calls routes the contracts have', () => {
    for (const route of Object.values(DESIGN_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('builds its form from the theme manifest: a group per settings group, one control per setting type', async () => {
    await open(stylesServer());
    const groups = within(screen.getByRole('navigation', { name: 'Site styles' })).getAllByRole('button');
    expect(groups.map((button) => button.textContent)).toEqual(MANIFEST.settings.map((group) => group.label));
    expect(groups[0]!.getAttribute('aria-pressed')).toBe('true');
    // Colours: a native colour input and a hex field, each named after the setting.
    const accent = screen.getByLabelText('Accent (cart count, highlights)') as HTMLInputElement;
    expect(accent.type).toBe('color');
    expect(accent.value).toBe('#24382b');
    expect((screen.getByRole('textbox', { name: 'Accent (cart count, highlights) (hex)' }) as HTMLInputElement).value).toBe('#24382b');

    fireEvent.click(groupButton('Type'));
    const heading = screen.getByRole('combobox', { name: 'Heading font' }) as HTMLSelectElement;
    expect(heading.options).toHaveLength(FONT_CATALOG.length);
    expect(heading.value).toBe('fraunces');
    expect(heading.options[heading.selectedIndex]!.style.fontFamily).toContain('Fraunces');
    const pairings = screen.getByRole('group', { name: 'Font pairing' });
    expect(within(pairings).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(FONT_PAIRINGS.map((pairing) => pairing.id));
    // The default fonts are the first pairing's.
    expect((within(pairings).getByRole('radio', { name: 'Fraunces and Inter' }) as HTMLInputElement).checked).toBe(true);
    // A range: a slider and a number field naming the unit.
    expect((screen.getByRole('slider', { name: 'Body text' }) as HTMLInputElement).value).toBe('1');
    expect((screen.getByRole('spinbutton', { name: 'Body text (rem)' }) as HTMLInputElement).value).toBe('1');

    fireEvent.click(groupButton('Pictures and motion'));
    expect((screen.getByRole('checkbox', { name: 'Motion (transitions and animations)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(groupButton('Buttons'));
    expect((screen.getByRole('combobox', { name: 'Button shape' }) as HTMLSelectElement).options.length).toBeGreaterThan(1);
    // The preview frame of the real site, with the draft stylesheet asked for.
    expect(screen.getByTitle('Preview of the site: Home').getAttribute('src')).toBe('/?design-preview=draft');
  });

  it('saves the draft in the background as overrides only, and says so', async () => {
    const server = stylesServer();
    await open(server);
    fireEvent.change(screen.getByRole('textbox', { name: 'Accent (cart count, highlights) (hex)' }), { target: { value: '#AA2200' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect((screen.getByLabelText('Accent (cart count, highlights)') as HTMLInputElement).value).toBe('#aa2200');
    await screen.findByText('Draft saved');
    expect(server.puts()).toEqual([{ 'colour.accent': '#aa2200' }]);

    fireEvent.click(groupButton('Type'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Heading font' }), { target: { value: 'lora' } });
    await waitFor(() => expect(server.puts().at(-1)).toEqual({ 'colour.accent': '#aa2200', 'type.heading.family': 'lora' }));
    // A pairing sets both fonts as one: the font overrides go, the pairing stays.
    fireEvent.click(screen.getByRole('radio', { name: 'Playfair Display and Source Sans 3' }));
    expect((screen.getByRole('combobox', { name: 'Heading font' }) as HTMLSelectElement).value).toBe('playfair-display');
    expect((screen.getByRole('combobox', { name: 'Body font' }) as HTMLSelectElement).value).toBe('source-sans-3');
    await waitFor(() => expect(server.puts().at(-1)).toEqual({ 'colour.accent': '#aa2200', 'type.pairing': 'playfair-source-sans' }));
    // Back to a default value: the override leaves the draft.
    fireEvent.click(groupButton('Colours'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Accent (cart count, highlights) (hex)' }), { target: { value: '#24382b' } });
    await waitFor(() => expect(server.puts().at(-1)).toEqual({ 'type.pairing': 'playfair-source-sans' }));
  });

  it('waits for a whole hex colour, and shows the server’s refusal beside its field', async () => {
    const server = stylesServer();
    await open(server);
    const hex = screen.getByRole('textbox', { name: 'Accent (cart count, highlights) (hex)' });
    fireEvent.change(hex, { target: { value: '#12' } });
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(hex.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a colour as # and six hexadecimal digits, like #1c1a17.');
    fireEvent.click(groupButton('Spacing and width'));
    // In range, but not a step of 20 px from 960: the server refuses it by its field.
    const width = screen.getByRole('spinbutton', { name: 'Content width (px)' });
    fireEvent.change(width, { target: { value: '1001' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The draft was not saved: check the fields marked below.'));
    const refused = screen.getByRole('spinbutton', { name: 'Content width (px)' });
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(refused.getAttribute('aria-describedby')!)?.textContent).toMatch(/^layout\.content-width must be a step of/);
    expect(server.puts()).toEqual([{ 'layout.content-width': 1001 }]);
  });

  it('warns about a colour pair under its control and applies the nearest passing colour', async () => {
    const server = stylesServer();
    await open(server);
    fireEvent.click(groupButton('Colour theme: Dark'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text (hex)' }), { target: { value: '#555555' } });
    const ratio = ratioText(Math.floor(contrastRatio('#555555', '#1f2a22') * 100) / 100);
    const note = await screen.findByText(`Text on Dark background: ${ratio} : 1 — needs 4.5 : 1`);
    expect(note).toBeTruthy();
    expect(groupButton('Colour theme: Dark').textContent).toContain('1 colour pair is hard to read.');
    const passing = nearestPassingColour('#555555', '#1f2a22', 'text');
    fireEvent.click(screen.getByRole('button', { name: `Use ${passing} for Text` }));
    expect((screen.getByRole('textbox', { name: 'Text (hex)' }) as HTMLInputElement).value).toBe(passing);
    expect(screen.queryByText(/Text on Dark background/)).toBeNull();
    await waitFor(() => expect(server.puts().at(-1)).toEqual({ 'theme.dark.text': passing }));
  });

  it('publishes (saving first), lists the version with its date and who, restores it, and resets after a confirm', async () => {
    const server = stylesServer();
    await open(server);
    expect(screen.getByText('The draft differs from what visitors see.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Accent (cart count, highlights) (hex)' }), { target: { value: '#aa2200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published. Visitors see the new design from their next page view.')).toBeTruthy();
    expect(server.calls.filter((call) => call.startsWith('PUT') || call.startsWith('POST'))).toEqual(['PUT /api/site-styles/draft', 'POST /api/site-styles/publish']);
    const versions = screen.getByRole('region', { name: 'Versions' });
    await waitFor(() => expect(within(versions).getAllByRole('listitem')).toHaveLength(1));
    expect(within(versions).getByRole('listitem').textContent).toBe('Published Dec 2, 2026, 10:30 AM by owner@example.com Live nowRestore');
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Reset to template defaults' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the design to the template’s defaults?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset draft' }));
    expect(await screen.findByText('The draft is back to the template’s defaults.')).toBeTruthy();
    expect((screen.getByLabelText('Accent (cart count, highlights)') as HTMLInputElement).value).toBe('#24382b');

    fireEvent.click(within(versions).getByRole('button', { name: 'Restore the version published Dec 2, 2026, 10:30 AM' }));
    expect(await screen.findByText('The version published Dec 2, 2026, 10:30 AM is in the draft. Publish to show it to visitors.')).toBeTruthy();
    expect((screen.getByLabelText('Accent (cart count, highlights)') as HTMLInputElement).value).toBe('#aa2200');
    expect(server.calls).toContain('POST /api/site-styles/versions/v1/restore');
  });

  it('a role without site-styles:write sees the form disabled, without Publish, Reset or Restore', async () => {
    const server = stylesServer();
    await open(server, VIEWER);
    expect(screen.getByText('Your role may see the site’s design but not change it: admins and website managers can.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset to template defaults' })).toBeNull();
    expect((screen.getByLabelText('Accent (cart count, highlights)') as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
  });
});

describe('the preview’s stylesheet', () => {
  it('takes the place of the site-styles link and follows each change in the same element', () => {
    const doc = document.implementation.createHTMLDocument('site');
    doc.head.innerHTML = '<link rel="stylesheet" href="/assets/theme/site.css"><link rel="stylesheet" href="/assets/site-styles/abc.css">';
    injectPreviewStyles(doc, ':root{--color-accent:#aa2200}');
    const links = [...doc.querySelectorAll('link')];
    expect(links.map((link) => link.hasAttribute('disabled'))).toEqual([false, true]);
    expect(injectedPreviewCss(doc)).toContain('--color-accent');
    injectPreviewStyles(doc, ':root{--color-accent:#0000aa}');
    expect(injectedPreviewCss(doc)).toContain('#0000aa');
    expect(injectedPreviewCss(doc)).not.toContain('#aa2200');
  });
});
