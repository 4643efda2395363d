// @vitest-environment happy-dom
import { act, useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { replayTypedBeforeHydration, useKeepTypedBeforeHydration } from './typed-before-hydration';

// What a shopper typed into the server's HTML before the island's code arrived becomes the island's state, through
// the island's own onChange handlers (issue 31 item 6); controls left alone, and a second run, change nothing.

function Island() {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [news, setNews] = useState(true);
  const [size, setSize] = useState('S');
  const [country, setCountry] = useState('US');
  const [changes, setChanges] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useKeepTypedBeforeHydration(form);
  const count = () => setChanges((n) => n + 1);
  return (
    <form ref={form}>
      <input name="email" value={email} onChange={(event) => (setEmail(event.target.value), count())} />
      <textarea name="note" value={note} onChange={(event) => (setNote(event.target.value), count())} />
      <input type="checkbox" name="news" checked={news} onChange={(event) => (setNews(event.target.checked), count())} />
      {['S', 'M'].map((value) => (
        <input key={value} type="radio" name="size" value={value} checked={size === value} onChange={() => (setSize(value), count())} />
      ))}
      <select name="country" value={country} onChange={(event) => (setCountry(event.target.value), count())}>
        <option value="US">United States</option>
        <option value="DE">Germany</option>
      </select>
      <input type="hidden" name="source" value="footer" readOnly />
      <output>{JSON.stringify({ email, note, news, size, country, changes })}</output>
    </form>
  );
}

const shown = () => JSON.parse(document.querySelector('output')!.textContent!) as Record<string, unknown>;
const control = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

afterEach(() => {
  document.body.innerHTML = '';
});

async function hydrate(): Promise<void> {
  const container = document.querySelector('#island')!;
  await act(async () => {
    hydrateRoot(container, <Island />);
  });
}

describe('replayTypedBeforeHydration', () => {
  it("hands every control the shopper changed before hydration to the island's own onChange", async () => {
    document.body.innerHTML = `<div id="island">${renderToString(<Island />)}</div>`;
    control<HTMLInputElement>('input[name="email"]').value = 'early.bird@example.com';
    control<HTMLTextAreaElement>('textarea').value = 'Gift wrap, please';
    control<HTMLInputElement>('input[name="news"]').checked = false;
    control<HTMLInputElement>('input[value="M"]').checked = true;
    control<HTMLSelectElement>('select').value = 'DE';
    await hydrate();
    expect(shown()).toEqual({ email: 'early.bird@example.com', note: 'Gift wrap, please', news: false, size: 'M', country: 'DE', changes: 5 });
    // What the boxes show is what the island holds, and a second run finds nothing to hand over.
    expect(control<HTMLInputElement>('input[name="email"]').value).toBe('early.bird@example.com');
    expect(control<HTMLInputElement>('input[name="news"]').checked).toBe(false);
    await act(async () => {
      expect(replayTypedBeforeHydration(document.querySelector('form')!)).toBe(0);
    });
  });

  it('leaves an untouched form alone', async () => {
    document.body.innerHTML = `<div id="island">${renderToString(<Island />)}</div>`;
    await hydrate();
    expect(shown()).toEqual({ email: '', note: '', news: true, size: 'S', country: 'US', changes: 0 });
  });
});
