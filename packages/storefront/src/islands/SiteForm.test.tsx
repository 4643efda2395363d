// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../hydrate';
import { renderIsland } from '../server';
import type { SiteFormProps } from './SiteForm';

// The island as the page has it: the server renders the whole form; the browser keeps that HTML until the
// form's own chunk is loaded (when the block comes near the screen), then hydrates it without a mismatch.

const props: SiteFormProps = {
  form: {
    id: 'form-news',
    kind: 'newsletter',
    name: 'Join our newsletter',
    fields: [
      { id: 'email', type: 'email', title: 'Email address', required: true },
      { id: 'source', type: 'hidden', title: '', key: 'utm_source', value: 'site' },
    ],
    submissionMessage: '',
    submissionHTML: '',
    successRedirect: '',
    disclaimerMessage: 'No spam: one letter a month.',
    captcha: false,
  },
  page: { title: 'Home', id: '', contentSource: 'c', path: '/', permissionTypeValue: 1 },
  blockId: 'footer-newsletter',
  headingLevel: 2,
};

/** An IntersectionObserver the test moves: `reveal()` brings every observed element near the screen. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    reveal: () => {
      for (const { callback, targets } of observers) {
        if (targets.length > 0) callback(targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver);
      }
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the SiteForm island', () => {
  it('is rendered whole by the server, with its button disabled until the browser has hydrated it', () => {
    document.body.innerHTML = renderIsland('SiteForm', props);
    const section = document.querySelector('[data-island="SiteForm"] .vitrine-site-form')!;
    expect(section.getAttribute('data-block-id')).toBe('footer-newsletter');
    expect(section.hasAttribute('data-ready')).toBe(false);
    expect(section.querySelector('input[type="email"]')).toBeTruthy();
    expect(section.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(section.textContent).toContain('No spam: one letter a month.');
  });

  it('keeps its element ids apart from another island’s (each island is a React root of its own)', () => {
    const contact = { ...props, blockId: 'contact-form', form: { ...props.form, id: 'form-contact', kind: 'form' as const, name: 'Get in touch' } };
    document.body.innerHTML = renderIsland('SiteForm', contact) + renderIsland('SiteForm', props);
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = [...document.querySelectorAll('form')].map((form) => document.getElementById(form.getAttribute('aria-labelledby')!)?.textContent);
    expect(names).toEqual(['Get in touch', 'Join our newsletter']);
  });

  it('loads its code when it comes near the screen, then hydrates the server HTML without a mismatch', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const observer = stubIntersectionObserver();
    window.history.replaceState(null, '', '/?utm_source=mail');
    document.body.innerHTML = renderIsland('SiteForm', props);
    await act(async () => {
      expect(hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) })).toBe(1);
    });
    // Far from the screen: the server's HTML stays as it was.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[data-ready]')).toBeNull();
    await act(async () => observer.reveal());
    await waitFor(() => expect(document.querySelector('.vitrine-site-form[data-ready]')).toBeTruthy());
    expect(errors).toEqual([]);
    expect(document.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false);
    // Live: the hidden field now reads the page's query parameter.
    expect(document.querySelector<HTMLInputElement>('input[type="hidden"][name="utm_source"]')?.value).toBe('mail');
  });
});
