import { defaultThemeDir } from '@vitrine/theme';
import { describe, expect, it } from 'vitest';
import { checkTheme, formatProblem } from './check';
import { readThemeFolder, type ThemeFiles } from './files';
import { offsetOfJsonPath } from './json-locate';
import { validateThemeManifest } from './manifest';

const MANIFEST = JSON.stringify({ name: 'Fixture', version: '1.0.0', settings: [] }, null, 2);

/** The default theme's files plus a theme.json: each fixture below breaks one thing in a copy. */
function defaultTheme(): ThemeFiles {
  const { files } = readThemeFolder(defaultThemeDir);
  if (!files.has('theme.json')) files.set('theme.json', Buffer.from(MANIFEST));
  return files;
}

function withFile(file: string, text: string | null): ThemeFiles {
  const files = defaultTheme();
  if (text === null) files.delete(file);
  else files.set(file, Buffer.from(text));
  return files;
}

const check = (files: ThemeFiles) => checkTheme(files, { validateManifest: validateThemeManifest }).map(formatProblem);

describe('theme check', () => {
  it('finds nothing wrong with the default theme', () => {
    expect(check(defaultTheme())).toEqual([]);
  });

  it('reports an unknown formatter at its line', () => {
    expect(check(withFile('partials/post-meta.block', '<p>\n{title|shout}</p>\n'))).toEqual(["partials/post-meta.block:2: Formatter 'shout' is unknown"]);
  });

  it('reports an unknown predicate at its line', () => {
    expect(check(withFile('templates/page.html', '<main>\n\n{.loud? title}x{.end}</main>'))).toEqual(["templates/page.html:3: Predicate 'loud?' is unknown"]);
  });

  it('reports a broken preprocessor directive at its line, and accepts a sound one', () => {
    expect(check(withFile('templates/page.html', '<main>\n{^.section website.design.options}\n{^layout.header|shout}\n{^.end}</main>'))).toEqual([
      "templates/page.html:3: preprocessor directive: Formatter 'shout' is unknown",
    ]);
    expect(check(withFile('templates/page.html', '<main>\n{^.section website.design.options}x\n</main>'))).toEqual([
      'templates/page.html:2: preprocessor directive: Reached the end of input inside SECTION block',
    ]);
    expect(check(withFile('templates/page.html', '<main>{^.equal? website.design.options.layout.header "centered"}<p>c</p>{^.end}{pageTitle|html}</main>'))).toEqual([]);
  });

  it('reports an apply of a partial that partials/ does not hold', () => {
    expect(check(withFile('templates/search.html', '<main>\n{@|apply nowhere.block}\n</main>'))).toEqual([
      "templates/search.html:2: missing partial: 'nowhere.block' is not in partials/ (nor a macro of this file)",
    ]);
  });

  it('accepts an apply of a macro defined in the same file', () => {
    expect(check(withFile('templates/search.html', '{.macro box}<b>{@}</b>{.end}\n{title|apply box}'))).toEqual([]);
  });

  it('reports a section, repeated section or if left open', () => {
    expect(check(withFile('templates/blog.html', '<main>\n{.section items}\n<p>x</p>\n</main>'))).toEqual(['templates/blog.html:2: Reached the end of input inside SECTION block']);
    expect(check(withFile('templates/blog.html', '{.repeated section items}{title}'))).toEqual(['templates/blog.html:1: Reached the end of input inside REPEATED block']);
    expect(check(withFile('templates/blog.html', 'a\nb\n{.if title}x'))).toEqual(['templates/blog.html:3: Reached the end of input inside IF block']);
  });

  it('reports an end with nothing to close', () => {
    expect(check(withFile('templates/blog.html', 'a\n{.end}'))).toEqual(['templates/blog.html:2: Instruction END not allowed at root']);
  });

  it('reports a content block type whose partial is missing', () => {
    expect(check(withFile('partials/blocks/quote.block', null))).toEqual(["partials/blocks/quote.block: missing partial for the content block type 'quote'"]);
  });

  it('reports a missing required page template', () => {
    expect(check(withFile('templates/item.html', null))).toEqual(['templates/item.html: missing required page template']);
    expect(check(withFile('templates/site.layout.html', null))).toEqual(['templates/site.layout.html: missing required page template']);
  });

  it('reports a theme.json that is missing, not JSON or not a manifest', () => {
    expect(check(withFile('theme.json', null))).toEqual(['theme.json: missing: a theme declares its name, version and settings in theme.json']);
    expect(check(withFile('theme.json', '{\n  "name": "x",\n  "version": \n}'))).toEqual([
      expect.stringMatching(/^theme\.json:(4|1): theme\.json is not valid JSON: /),
    ]);
    expect(check(withFile('theme.json', '{"name": "x", "settings": []}'))).toEqual(['theme.json:1: (manifest): missing version']);
    const manifest = JSON.parse(defaultTheme().get('theme.json')!.toString());
    manifest.settings[0].settings[0].default = 'red';
    expect(check(withFile('theme.json', JSON.stringify(manifest)))).toEqual(['theme.json:1: settings[0].settings[0].default: must be a colour as #rrggbb (six lower-case hex digits)']);
  });

  it("names the line of the value a manifest error is about, as the author's file is laid out", () => {
    const manifest = JSON.parse(defaultTheme().get('theme.json')!.toString());
    manifest.settings[0].settings[0].default = 'red';
    const text = JSON.stringify(manifest, null, 2);
    const line = text.split('\n').findIndex((row) => row.includes('"default": "red"')) + 1;
    expect(line).toBeGreaterThan(5);
    expect(check(withFile('theme.json', text))).toEqual([`theme.json:${line}: settings[0].settings[0].default: must be a colour as #rrggbb (six lower-case hex digits)`]);
    // A missing member is reported at the object that lacks it.
    expect(check(withFile('theme.json', '{\n  "name": "x",\n  "settings": []\n}'))).toEqual(['theme.json:1: (manifest): missing version']);
  });
});

describe('offsetOfJsonPath', () => {
  const text = '{\n  "a": [\n    { "b": 1 },\n    { "c.d": { "e": true } }\n  ]\n}';
  const lineOf = (path: string) => text.slice(0, offsetOfJsonPath(text, path)).split('\n').length;
  it('finds array elements, nested members and keys that hold dots; the nearest ancestor when a member is missing', () => {
    expect(lineOf('a[0].b')).toBe(3);
    expect(lineOf('a[1].c.d.e')).toBe(4);
    expect(lineOf('a[1].missing')).toBe(4);
    expect(lineOf('a[7]')).toBe(2);
    expect(lineOf('(manifest)')).toBe(1);
    expect(offsetOfJsonPath('not json', 'a')).toBe(0);
  });
});
