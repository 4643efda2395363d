// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { bootWith, recordingServer, SITE_READER, SITE_WRITER } from '../navigation/site-test-server';
import { CAPTCHA_ROUTES } from './captcha-api';

describe('the captcha section', () => {
  beforeEach(() => window.history.replaceState(null, '', '/config'));
  afterEach(cleanup);

  function renderSection(answer: Parameters<typeof recordingServer>[0], permissions = SITE_WRITER) {
    const server = recordingServer(answer);
    render(<App client={server.client} boot={bootWith(permissions)} queryClient={createQueryClient()} />);
    return server;
  }

  it('names calls the contracts have', () => {
    for (const route of Object.values(CAPTCHA_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
  });

  it('turns the captcha off and on, and saves the tracking switches', async () => {
    let enabled = true;
    let tracking = { analyticsDisabled: false, analyticsCookieRestrictions: false, serverDisabled: false };
    const server = renderSection((method, url, body) => {
      if (url.endsWith('/captcha')) {
        if (method === 'PUT') enabled = (body as { enabled: boolean }).enabled;
        return { enabled };
      }
      if (method === 'PUT') tracking = { ...tracking, ...(body as object) };
      return tracking;
    });
    await act(async () => navigate('/config/settings/captcha'));
    const box = (await screen.findByLabelText('Ask for a captcha')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save captcha' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(enabled).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save captcha' }));
    await screen.findByText('Saved.');
    expect(server.bodies.filter((entry) => entry.call.endsWith('/captcha')).map((entry) => entry.body)).toEqual([{ enabled: false }, { enabled: true }]);

    fireEvent.click(await screen.findByLabelText('Restrict analytics cookies'));
    fireEvent.click(screen.getByRole('button', { name: 'Save tracking' }));
    await screen.findAllByText('Saved.');
    expect(server.bodies.at(-1)).toEqual({ call: 'PUT /api/owner/site-settings/tracking', body: { analyticsDisabled: false, analyticsCookieRestrictions: true } });
    expect(tracking.analyticsCookieRestrictions).toBe(true);
  });

  it('keeps the switch as set after a refused save', async () => {
    renderSection((method, url) => (method === 'PUT' ? { status: 403, body: { message: 'Your role does not allow this.' } } : url.endsWith('/captcha') ? { enabled: true } : { analyticsDisabled: false, analyticsCookieRestrictions: false, serverDisabled: true }));
    await act(async () => navigate('/config/settings/captcha'));
    const box = (await screen.findByLabelText('Ask for a captcha')) as HTMLInputElement;
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save captcha' }));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(box.checked).toBe(false);
    expect(screen.getByText(/The server turns analytics off for every site/)).toBeTruthy();
  });

  it('shows a role without site:write the switches as text', async () => {
    renderSection((_method, url) => (url.endsWith('/captcha') ? { enabled: false } : { analyticsDisabled: true, analyticsCookieRestrictions: false, serverDisabled: false }), SITE_READER);
    await act(async () => navigate('/config/settings/captcha'));
    expect(await screen.findByText('Your role may read these settings but not change them.')).toBeTruthy();
    expect(await screen.findByText(/Turn analytics off:/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
  });
});
