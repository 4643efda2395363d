// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROUTE_CONTRACTS, SITE_SETTINGS_LIMITS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer, SITE_READER, SITE_WRITER } from '../navigation/site-test-server';
import { addableLanguages, languageName, LANGUAGES_LIMIT, LANGUAGES_ROUTES, normaliseLanguageCode, withLanguage } from './languages-api';

describe('the language list (pure)', () => {
  it('normalises codes as the server does and names them with Intl.DisplayNames', () => {
    expect(normaliseLanguageCode('FR_ca')).toBe('fr-CA');
    expect(normaliseLanguageCode('zh-hant')).toBe('zh-Hant');
    expect(languageName('fr', 'en-US')).toBe('French');
    expect(languageName('xx-unknown', 'en-US')).toBe('xx-unknown');
  });

  it('adds a language once, never the site language, 20 at most', () => {
    expect(LANGUAGES_LIMIT).toBe(SITE_SETTINGS_LIMITS.languages);
    expect(withLanguage('en-US', ['fr'], 'de')).toEqual({ languages: ['fr', 'de'] });
    expect(withLanguage('en-US', ['fr'], 'FR').error).toBe('That language is already on the list.');
    expect(withLanguage('en-US', [], 'en_us').error).toBe('That is the site’s own language.');
    const twenty = Array.from({ length: 20 }, (_, index) => `l${String.fromCharCode(97 + index)}`);
    expect(withLanguage('en-US', twenty, 'de').error).toBe('A site is offered in 20 more languages at most.');
    const offered = addableLanguages('en-US', ['fr'], 'en-US');
    expect(offered.some((language) => language.code === 'fr' || language.code === 'en-US')).toBe(false);
    expect(offered.find((language) => language.code === 'de')?.name).toBe('German');
    expect(offered.map((language) => language.name)).toEqual([...offered.map((language) => language.name)].sort((a, b) => a.localeCompare(b, 'en-US')));
  });

  it('names calls the contracts have', () => {
    for (const route of Object.values(LANGUAGES_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });
});

describe('the languages section', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  function renderSection(answer: Parameters<typeof recordingServer>[0], permissions = SITE_WRITER) {
    const server = recordingServer(answer);
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
    return server;
  }

  it('adds and removes languages, saves the list, and disconnects the translation service after a confirm', async () => {
    let connected = true;
    const server = renderSection((method, url, body) => {
      if (method === 'PUT') return body;
      if (method === 'DELETE') {
        connected = false;
        return { connected: false, provider: null };
      }
      return { defaultLanguage: 'en-US', languages: ['fr'], connected, provider: connected ? 'deepl' : null };
    });
    await act(async () => navigate('/config/settings/languages'));
    expect(await screen.findByText(/American English/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'More languages' });
    expect(within(list).getByText('French')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Add a language'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a language' }));
    expect(within(screen.getByRole('list', { name: 'More languages' })).getByText('German')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove French' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(server.bodies.at(-1)).toEqual({ call: 'PUT /api/multilingual/languages', body: { languages: ['de'] } });

    expect(screen.getByText('Connected to deepl.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect the translation service?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disconnected.')).toBeTruthy();
    expect(server.calls).toContain('DELETE /api/multilingual/connection');
    await waitFor(() => expect(screen.getByText('No translation service is connected.')).toBeTruthy());
  });

  it('keeps the list after a refused save', async () => {
    renderSection((method) => (method === 'PUT' ? { status: 400, body: { message: 'These languages are not valid.' } } : { defaultLanguage: 'en-US', languages: [], connected: false, provider: null }));
    await act(async () => navigate('/config/settings/languages'));
    fireEvent.change(await screen.findByLabelText('Add a language'), { target: { value: 'ja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a language' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save languages' }));
    expect(await screen.findByText('These languages are not valid.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'More languages' })).getByText('Japanese')).toBeTruthy();
  });

  it('shows a role without site:write the languages with no control', async () => {
    renderSection(() => ({ defaultLanguage: 'en-US', languages: ['fr'], connected: true, provider: 'deepl' }), SITE_READER);
    await act(async () => navigate('/config/settings/languages'));
    expect(await screen.findByText('French')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
  });
});
