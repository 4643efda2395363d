const { spec, add } = require('./lib.cjs');
const T = (g, name, test, c) => add(g, name, { test, ...c });
const VALUE = 'The test applies the formatter to a value; here the value is in the context and the formatter is applied by a template.';
/** One case from a list of [value, formatterText, expected]: each value goes in the context as v0, v1, … */
function fmt(group, name, test, list, extra = {}) {
  const json = { ...(extra.json || {}) };
  const r = list.map(([value, f, out], i) => {
    if (value !== undefined) json['v' + i] = value;
    return [`{v${i}|${f}}`, out];
  });
  T(group, name, test, { note: VALUE, ...extra, json, rows: r });
}

// ---------------------------------------------------------------- plugins/formatters.core.test.ts
spec('__tests__/plugins/formatters.core.test.ts');
const F = 'formatters.core';
T(F, 'apply', 'apply', { json: { person: { name: 'User Name' }, sym: '!!' }, partials: { 'person.html': '{name}{sym}' }, template: 'Hi, {person|apply person.html}', output: 'Hi, User Name!!' });
T(F, 'apply-private-scope', 'apply private scope', { json: { person: { name: 'User Name' }, sym: '!!' }, partials: { 'person.html': '{name}{sym}' }, template: 'Hi, {person|apply person.html private}', output: 'Hi, User Name' });
T(F, 'apply-missing-partial', 'apply missing partial', { json: { person: { name: 'User Name' } }, partials: { 'person.html': '{name}{sym}' }, template: '[Hi, {person|apply missing.html}]', output: '[Hi, ]', errors: ['apply partial'], errorCount: 1 });
T(F, 'apply-no-arguments', 'apply no arguments', { json: { person: { name: 'User Name' } }, partials: { 'person.html': '{name}{sym}' }, template: '[Hi, {person|apply}]', output: '[Hi, ]' });
T(F, 'apply-self-recursion', 'apply self recursion', { json: { person: { name: 'User Name' } }, partials: { 'foo.html': '{@|apply foo.html}' }, template: '{person|apply foo.html}', errors: ['exceeded maximum recursion depth'], errorCount: 1 });
const chain = {};
for (let i = 0; i < 20; i++) chain[`partial-${i}.html`] = `{@|apply partial-${i + 1}.html}`;
T(F, 'apply-max-recursion-depth', 'apply max recursion depth', { json: { person: { name: 'User Name' } }, partials: chain, template: '{person|apply partial-0.html}', errors: ['recursion depth'], errorCount: 1 });
fmt(F, 'count', 'count', [[[], 'count', '0'], [[1, 2, 3], 'count', '3'], [{}, 'count', '0'], [{ a: 1, b: { c: 2 } }, 'count', '2'], [123, 'count', '0'], ['hello', 'count', '5'], [true, 'count', '0']]);
fmt(F, 'cycle', 'cycle', [[-4, 'cycle a b c', 'b'], [1, 'cycle a b c', 'a'], [2, 'cycle a b c', 'b'], [3, 'cycle a b c', 'c'], [4, 'cycle a b c', 'a']]);
fmt(F, 'encode-space', 'encode-space', [[' \t\n ', 'encode-space', '&nbsp;&nbsp;&nbsp;&nbsp;']]);
fmt(F, 'encode-uri', 'encode-uri', [['<=%>', 'encode-uri', '%3C=%25%3E']]);
fmt(F, 'encode-uri-component', 'encode-uri-component', [['<=%>', 'encode-uri-component', '%3C%3D%25%3E']]);
fmt(F, 'format', 'format', [['The {0} is {1}.', 'format what color', 'The sky is bronze.'], ['The {0} is {1}.', 'format missing none', 'The  is .']], { json: { what: 'sky', color: 'bronze' } });
fmt(F, 'html', 'html', [['"<foo & bar>"', 'html', '"&lt;foo &amp; bar&gt;"']]);
fmt(F, 'htmlattr', 'htmlattr', [['"<foo & bar>"', 'htmlattr', '&quot;&lt;foo &amp; bar&gt;&quot;']]);
fmt(F, 'htmltag', 'htmltag', [['"<foo & bar>"', 'htmltag', '&quot;&lt;foo &amp; bar&gt;&quot;']]);
T(F, 'iter', 'iter', { json: { a: [1, 2, 3], s: ' ' }, template: '{.repeated section a}[{s|iter}]{.end}', output: '[1][2][3]',
  note: 'The test pushes the section and iterates by hand; here a repeated section does it. Each iteration prints its 1-based index.' });
fmt(F, 'json', 'json', [['foo bar', 'json', '"foo bar"'], [['a', 2, 'c'], 'json', '["a",2,"c"]']]);
fmt(F, 'json-pretty', 'json-pretty', [[{ a: [1, 2] }, 'json-pretty', '{\n  "a": [\n    1,\n    2\n  ]\n}'], [undefined, 'json-pretty', '']]);
fmt(F, 'key-by', 'key-by', [[[{ id: 1 }], 'key-by|json', '{}'], [{}, 'key-by id|json', '{}'], [[], 'key-by id|json', '{}'],
  [[{ id: 1 }, { id: 2 }, { invalid: 4 }], 'key-by id|json', '{"1":{"id":1},"2":{"id":2}}'],
  [[{ test: [{ deep: 1 }] }, { test: [{ deep: 2 }] }], 'key-by test.0.deep|json', '{"1":{"test":[{"deep":1}]},"2":{"test":[{"deep":2}]}}']],
  { note: VALUE + ' The result is an object, printed through json.' });
fmt(F, 'lookup', 'lookup', [[{}, 'lookup key', '123']], { json: { key: 'a.b.c', a: { b: { c: 123 } } } });
fmt(F, 'mod', 'mod', [[11, 'mod 3', '2'], [12, 'mod 3', '0'], [13, 'mod 3', '1'], [3, 'mod', '1'], [3, 'mod foo', '1'], [{ foo: 'bar' }, 'mod 3', '0']]);
fmt(F, 'output', 'output', [[' ', 'output a b c', 'a b c']]);
fmt(F, 'pluralize', 'pluralize', [[1, 'pluralize', ''], [1, 'pluralize x', ''], [1, 'pluralize x y', 'x'], [2, 'pluralize', 's'], [2, 'pluralize x y', 'y']]);
fmt(F, 'prop', 'prop', [[{ foo: 123 }, 'prop foo|json', '123'], [{ bar: '123' }, 'prop bar|json', '"123"'], [{ bar: '123' }, 'prop foo', ''],
  [{ bar: '123' }, 'prop bar quux', ''], [{}, 'prop foo bar', '']], { note: VALUE + ' Printed through json where the type shows (123 against "123"); null prints nothing.' });
fmt(F, 'raw', 'raw', [[3.14159, 'raw', '3.14159']]);
fmt(F, 'round', 'round', [[1.44, 'round', '1'], [1.6, 'round', '2']]);
fmt(F, 'safe', 'safe', [['foo <bar> bar', 'safe', 'foo  bar'], ['<script\nsrc="url"\n>foobar</script>', 'safe', 'foobar'],
  ['<div>\n<b>\nfoobar\n</b>\n</div>', 'safe', '\n\nfoobar\n\n'], [{}, 'safe|json', '{}'], ['<div>foo</div>', 'safe', 'foo']]);
fmt(F, 'slugify', 'slugify', [['Next Total Eclipse on 20th of March 2015', 'slugify', 'next-total-eclipse-on-20th-of-march-2015'],
  ['Value of PI is approx. 3.14159', 'slugify', 'value-of-pi-is-approx-314159'], ['"1.2.3.4.5-()*&-foo.bar-baz', 'slugify', '12345--foobar-baz']]);
fmt(F, 'smartypants', 'smartypants', [["Fred's and Joe's", 'smartypants', 'Fred\u2019s and Joe\u2019s'], ['"foo"', 'smartypants', '\u201cfoo\u201d'],
  ['I spoke to Larry--the project\nlead--about the issue', 'smartypants', 'I spoke to Larry\u2014the project\nlead\u2014about the issue']]);
fmt(F, 'str', 'str', [[123.4, 'str', '123.4'], [{ foo: 1 }, 'str', '']]);
fmt(F, 'truncate', 'truncate', [['abcdefg', 'truncate 5', 'abcde...'], ['abcdefg', 'truncate 5 …', 'abcde…'], ['abcdefg', 'truncate', 'abcdefg'],
  ['abcdefg', 'truncate 100', 'abcdefg'], ['abcdefg', 'truncate false', 'abcdefg'], ['abcdefg', 'truncate -10', 'abcdefg'], ['abc def ghi jkl', 'truncate 10', 'abc def ...']]);
fmt(F, 'url-encode', 'urlencode', [['\u201ca b\u201d', 'url-encode', '%E2%80%9Ca%20b%E2%80%9D']]);

// ---------------------------------------------------------------- plugins/util.string.test.ts, util.format.test.ts (through their formatters)
spec('__tests__/plugins/util.string.test.ts');
const THROUGH = 'The test calls the helper directly; here through the formatter that uses it.';
fmt('util.string', 'slugify', 'slugify', [['Hello, \t \n World!', 'slugify', 'hello-world']], { note: THROUGH });
const S = 'abc def ghi jkl';
fmt('util.string', 'truncate', 'truncate', [[S, 'truncate 4', 'abc ...'], [S, 'truncate 10', 'abc def ...'], [S, 'truncate 11', 'abc def ...'], [S, 'truncate 12', 'abc def ghi ...'],
  [S, 'truncate 13', 'abc def ghi ...'], [S, 'truncate 14', 'abc def ghi ...'], [S, 'truncate 15', S], [S, 'truncate 16', S], [S, 'truncate 17', S]],
  { note: THROUGH + ' (A limit of -1 is not reachable: the formatter ignores limits below 1.)' });
fmt('util.string', 'escape-html-attribute', 'escape html attribute', [['<tag> "foo" & bar', 'htmlattr', '&lt;tag&gt; &quot;foo&quot; &amp; bar']], { note: THROUGH });
spec('__tests__/plugins/util.format.test.ts');
fmt('util.format', 'basic', 'basic', [['Hi {0}, your last visit was on {1}.', 'format a b', 'Hi Betty, your last visit was on Thursday.']], { json: { a: 'Betty', b: 'Thursday' }, note: THROUGH });
{
  const json = { msg: '' };
  let expected = '';
  const names = [];
  for (let i = 0; i < 60; i++) { expected += i; json.msg += '{' + i + '}'; json['n' + i] = i; names.push('n' + i); }
  T('util.format', 'many-args', 'many args', { json, template: `{msg|format ${names.join(' ')}}`, output: expected, note: THROUGH });
}
fmt('util.format', 'too-few-args', 'too few args', [['{0}{1}{2}', 'format', ''], ['{0}{1}{2}', 'format x', 'x'], ['{0}{1}{2}', 'format x z', 'xz']], { json: { x: 'x', z: 'z' }, note: THROUGH });
fmt('util.format', 'bad-format', 'bad format', [['Hi {0} {abc} {1}!', 'format x y', 'Hi x  y!']], { json: { x: 'x', y: 'y' }, note: THROUGH });

// ---------------------------------------------------------------- plugins/formatters.content.test.ts
spec('__tests__/plugins/formatters.content.test.ts');
const FC = 'formatters.content';
fmt(FC, 'absurl', 'AbsUrl', [['foo/bar', 'AbsUrl', 'https://www.squarespace.com/foo/bar']], { json: { 'base-url': 'https://www.squarespace.com' } });
fmt(FC, 'capitalize', 'capitalize', [['abc', 'capitalize', 'ABC']]);
const image = { originalSize: '500x200', assetUrl: 'http://glonk.com/', title: 'foo', mediaFocalPoint: { x: 0.3, y: 0.7 }, licensedAssetPreview: { foo: 1 } };
const CIM = 'The test checks that the output contains these attributes.';
T(FC, 'child-image-meta-1', 'child image meta', { json: { v: { items: [image] } }, template: '{v|child-image-meta}', note: CIM,
  contains: ['data-licensed-asset-preview="true"', 'data-src="http://glonk.com/"', 'data-image="http://glonk.com/"', 'data-image-dimensions="500x200"', 'data-image-focal-point="0.3,0.7"', 'alt="foo"'] });
T(FC, 'child-image-meta-2', 'child image meta', { json: { v: { items: [{ ...image, title: '' }] } }, template: '{v|child-image-meta}', contains: ['alt=""'], note: CIM });
T(FC, 'child-image-meta-3', 'child image meta', { json: { v: { items: [{ ...image, title: '', body: 'bar' }] } }, template: '{v|child-image-meta}', contains: ['alt="bar"'], note: CIM });
T(FC, 'child-image-meta-4', 'child image meta', { json: { v: { items: [{ ...image, title: '', filename: 'baz' }] } }, template: '{v|child-image-meta}', contains: ['alt="baz"'], note: CIM });
{ const { mediaFocalPoint, ...noFocal } = image;
  T(FC, 'child-image-meta-5', 'child image meta', { json: { v: { items: [noFocal] } }, template: '{v|child-image-meta}', contains: ['data-image-focal-point="0.5,0.5"'], note: CIM }); }
T(FC, 'child-image-meta-6', 'child image meta', { json: { v: { items: [image] } }, template: '[{v|child-image-meta 1}]', output: '[]', note: 'There is no item at index 1.' });
T(FC, 'cover-image-meta', 'cover image meta', { json: { v: { coverImage: { ...image, assetUrl: 'http://squarespace.com/' } } }, template: '{v|cover-image-meta}', contains: ['data-src="http://squarespace.com/'], note: CIM });
fmt(FC, 'color-weight', 'color-weight', [['#fff', 'color-weight', 'light'], ['#000', 'color-weight', 'dark'], ['#ffffff', 'color-weight', 'light'], ['#000000', 'color-weight', 'dark'],
  ['#aaa', 'color-weight', 'light'], ['#444', 'color-weight', 'dark'], ['800000', 'color-weight', 'light'], ['7fffff', 'color-weight', 'dark'], ['zyz', 'color-weight', '']],
  { note: VALUE + ' An unreadable colour gives the missing value, which prints nothing.' });
fmt(FC, 'height', 'height', [['800x400', 'height', '400'], [undefined, 'height', '']]);
fmt(FC, 'resized-height-for-width', 'resize height for width', [['100x200', 'resizedHeightForWidth 50', '100'], ['1200x2400', 'resizedHeightForWidth 600', '1200']]);
fmt(FC, 'resized-width-for-height', 'resize width for height', [['100x200', 'resizedWidthForHeight 50', '25'], ['1200x2400', 'resizedWidthForHeight 600', '300']]);
fmt(FC, 'squarespace-thumbnail-for-width', 'squarespace thumbnail for width', [['50', '100w'], ['200', '300w'], ['400', '500w'], ['600', '750w'], ['800', '1000w'], ['1100', '1500w']]
  .map(([a, o]) => ['100x200', `squarespaceThumbnailForWidth ${a}`, o]));
fmt(FC, 'squarespace-thumbnail-for-height', 'squarespace thumbnail for height', [['100x200', 'squarespaceThumbnailForHeight 50', '100w'], ['1200x2400', 'squarespaceThumbnailForHeight 600', '300w'],
  ['1200', 'squarespaceThumbnailForHeight 600', "Invalid source parameter. Pass in 'originalSize'"]]);
fmt(FC, 'width', 'width', [['800x400', 'width', '800'], [undefined, 'width', '']]);

// ---------------------------------------------------------------- plugins/formatters.social.test.ts
spec('__tests__/plugins/formatters.social.test.ts');
T('formatters.social', 'activate-twitter-links', 'activate twitter links', { json: { v: '#Foo and #Bar' }, template: '{v|activate-twitter-links}', note: 'The test checks that the output contains both links.',
  contains: ['<a target="new" href="https://twitter.com/hashtag/Foo?src=hash">#Foo</a>', '<a target="new" href="https://twitter.com/hashtag/Bar?src=hash">#Bar</a>'] });

// ---------------------------------------------------------------- plugins/formatters.date.test.ts
spec('__tests__/plugins/formatters.date.test.ts');
const D = 'formatters.date';
const may2013 = 1368406800000;
const tz = (z) => ({ website: { timeZone: z } });
fmt(D, 'date-new-york', 'date', [[may2013, 'date %c', 'Sun, May 12, 2013 9:00:00 PM EDT'], [may2013, 'date %Y %q %', '2013 2 %']], { note: VALUE + ' The site time zone is the default (America/New_York).' });
fmt(D, 'date-los-angeles', 'date', [[may2013, 'date %c', 'Sun, May 12, 2013 6:00:00 PM PDT'], [may2013 - 86400000 * 5, 'date %c', 'Tue, May 7, 2013 6:00:00 PM PDT'],
  [may2013, 'date %Y-%m-%d %H:%M:%S %Z', '2013-05-12 18:00:00 PDT'], [may2013, 'date %C', '20'], [may2013, 'date %s', '1368406800'], [may2013, 'date', '']], { json: tz('America/Los_Angeles') });
fmt(D, 'date-paris', 'date', [[may2013, 'date %c', 'Mon, May 13, 2013 3:00:00 AM CEST']], { json: tz('Europe/Paris') });
fmt(D, 'date-paris-fr', 'date', [[may2013, 'date %c', 'Mon, May 13, 2013 3:00:00 AM CEST']], { json: tz('Europe/Paris'), params: { locale: 'fr' },
  note: VALUE + ' The date formatter writes English whatever the locale.' });
const nov2019 = 1573241320123;
const fields = [['%a', 'Fri'], ['%A', 'Friday'], ['%b', 'Nov'], ['%B', 'November'], ['%c', 'Fri, Nov 8, 2019 2:28:40 PM EST'], ['%D', '11/08/19'], ['%d', '08'], ['%e', ' 8'],
  ['%F', '2019-11-08'], ['%g', '19'], ['%G', '2019'], ['%H', '14'], ['%h', 'Nov'], ['%I', '02'], ['%j', '312'], ['%k', '14'], ['%l', ' 2'], ['%m', '11'], ['%M', '28'],
  ['%n', '\n'], ['%N', '123000000'], ['%p', 'PM'], ['%q', '4'], ['%r', '2:28:40 PM'], ['%s', '1573241320'], ['%S', '40'], ['%t', '\t'], ['%T', '14:28:40'], ['%u', '5'],
  ['%w', '5'], ['%W', '45'], ['%x', '11/08/2019'], ['%X', '02:28:40 PM'], ['%y', '19'], ['%Y', '2019'], ['%z', '-05:00'], ['%Z', 'EST']];
fmt(D, 'all-fields', 'all fields', fields.map(([f, o]) => [nov2019, `date ${f}`, o]));
