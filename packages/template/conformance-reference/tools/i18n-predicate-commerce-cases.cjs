const { spec, add } = require('./lib.cjs');
// The reference's CLDR data (for calendar arithmetic): REFERENCE_MODULES names a node_modules folder holding
// @phensley/cldr (see ../README.md).
const MODULES = process.env.REFERENCE_MODULES;
if (!MODULES) throw new Error('Set REFERENCE_MODULES to a node_modules folder with @phensley/cldr and @squarespace/template-engine (see ../README.md)');
const path = require('path');
const { CLDRFramework } = require(path.join(MODULES, '@phensley/cldr'));
const fs = require('fs');
const fw = new CLDRFramework({ loader: (tag) => fs.readFileSync(path.join(MODULES, '@phensley/cldr/packs', `${CLDRFramework.resolveLocale(tag).tag.language()}.json`), 'utf8') });
const EN = fw.get('en');
const T = (g, name, test, c) => add(g, name, { test, ...c });
const VALUE = 'The test applies the formatter to a value; here the value is in the context and the formatter is applied by a template.';
function fmt(group, name, test, list, extra = {}) {
  const json = { ...(extra.json || {}) };
  const r = list.map(([value, f, out], i) => { if (value !== undefined) json['v' + i] = value; return [`{v${i}|${f}}`, out]; });
  T(group, name, test, { note: VALUE, ...extra, json, rows: r });
}
const NO_CLDR = ' Its assertions for an engine given no CLDR data (output empty) are not transcribed: ours always has locale data.';

// ---------------------------------------------------------------- plugins/formatters.i18n.test.ts
spec('__tests__/plugins/formatters.i18n.test.ts');
const I = 'formatters.i18n';
const N1 = '12345.67811111';
const big = String(Number.MAX_SAFE_INTEGER);
fmt(I, 'decimal-en', 'decimal', [[N1, 'decimal group', '12,345.678'], [N1, 'decimal group maxfrac:1', '12,345.7'], [big, 'decimal group style:long', '9,007 trillion'], ['"abcdef"', 'decimal', '']], { params: { locale: 'en' }, note: VALUE + NO_CLDR });
fmt(I, 'decimal-de', 'decimal', [[N1, 'decimal group', '12.345,678'], [N1, 'decimal group maxfrac:1', '12.345,7'], [big, 'decimal group style:long', '9.007 Billionen']], { params: { locale: 'de' } });
const money = { decimalValue: N1, currencyCode: 'USD' };
const negative = { decimalValue: '-175332.9999', currencyCode: 'USD' };
fmt(I, 'money-en', 'money', [[money, 'money', '$12,345.68'], [negative, 'money style:accounting', '($175,333.00)'], ['"abdef"', 'money', ''],
  [{ decimalValue: 'abdef', currencyCode: 'USD' }, 'money', ''], [{ value: '155900.799', currency: 'EUR' }, 'money style:short', '€156K']], { params: { locale: 'en' }, note: VALUE + NO_CLDR });
fmt(I, 'money-de', 'money', [[money, 'money', '12.345,68\u00a0$'], [negative, 'money style:accounting', '-175.333,00\u00a0$']], { params: { locale: 'de' } });
const d1 = '1520876934000';
const d2 = '1509647217000';
fmt(I, 'datetime-en-new-york', 'datetime', [[d1, 'datetime', 'March 12, 2018'], [d1, 'datetime date:full time:full', 'Monday, March 12, 2018 at 1:48:54\u202fPM Eastern Daylight Time'],
  [d1, 'datetime time:medium', '1:48:54\u202fPM'], [d1, 'datetime date:medium time:Bh', 'Mar 12, 2018, 1 in the afternoon'], [d2, 'datetime', 'November 2, 2017'],
  [d2, 'datetime skeleton:EyMMMd', 'Thu, Nov 2, 2017'], ['"abcdef"', 'datetime skeleton:EyMMMd', '']], { params: { locale: 'en' }, json: { website: { timeZone: 'America/New_York' } }, note: VALUE + NO_CLDR });
fmt(I, 'datetime-de-new-york', 'datetime', [[d1, 'datetime', '12. März 2018'], [d1, 'datetime date:full time:full', 'Montag, 12. März 2018 um 13:48:54 Nordamerikanische Ostküsten-Sommerzeit'], [d2, 'datetime', '2. November 2017']],
  { params: { locale: 'de' }, json: { website: { timeZone: 'America/New_York' } } });
fmt(I, 'datetime-en-london', 'datetime', [[d1, 'datetime time:medium', '5:48:54\u202fPM']], { params: { locale: 'en' }, json: { website: { timeZone: 'Europe/London' } } });
fmt(I, 'datetime-en-los-angeles', 'datetime', [[d1, 'datetime time:medium', '10:48:54\u202fAM']], { params: { locale: 'en' }, json: { website: { timeZone: 'America/Los_Angeles' } } });
fmt(I, 'japanese', 'japanese', [[d1, 'datetime', '2018年3月12日'], [d1, 'datetime calendar:japanese', '平成30年3月12日'], [d1, 'datetime date:short', '2018/03/12'], [d1, 'datetime date:full', '2018年3月12日月曜日']],
  { params: { locale: 'ja' }, json: { website: { timeZone: 'America/New_York' } } });
{
  const start = 1520876934000;
  const json = { website: { timeZone: 'America/New_York' }, s: String(start), e1: String(start + 2000), e2: String(start + 12000), e3: String(start + 86400000) };
  T(I, 'datetime-interval', 'datetime-interval', { params: { locale: 'en' }, json, note: VALUE + NO_CLDR + ' Infinity cannot be written in JSON: the invalid-interval assertions are not transcribed.',
    rows: [['{s, e1|datetime-interval}', '1:48\u202fPM'], ['{s, e2|datetime-interval}', '1:48\u2009–\u20091:49\u202fPM'], ['{s, e3|datetime-interval}', 'Mar 12\u2009–\u200913, 2018']] });
}
const msg = (name, json, rowsList, extra = {}) => T(I, name, 'message', { params: { locale: 'en' }, json, note: VALUE, ...extra, rows: rowsList });
msg('message-1', { person: { name: 'Bob' }, m0: 'Hi, {0}', m1: 'Hi, {name}' },
  [['{m0|message person.name}', 'Hi, Bob'], ['{m1|message name:person.name}', 'Hi, Bob'], ['{m1|message name=person.name}', 'Hi, Bob']]);
msg('message-2', { amount: { decimalValue: '12345.6789', currencyCode: 'USD' }, m: 'amt {0 currency}' }, [['{m|message amount}', 'amt $12,345.68']]);
msg('message-3', { epoch: 1582648395000, m: 'date {0 datetime}' }, [['{m|message epoch}', 'date February 25, 2020']]);
msg('message-4', { website: { timeZone: 'America/Los_Angeles' }, epoch: 1582648395000, m: 'date {0 datetime time:full}' }, [['{m|message epoch}', 'date 8:33:15\u202fAM Pacific Standard Time']]);
msg('message-5', { n: '123456.789', m: 'num {0 decimal maximumFractionDigits:1}' }, [['{m|message n}', 'num 123,456.8']]);
msg('message-6', { s: 1582648395000, e: 1583748395000, m: 'inv {0;1 datetime-interval}' }, [['{m|message s e}', 'inv Feb 25\u2009–\u2009Mar 9, 2020']]);
msg('message-7', { s: 'ABCDEF', m0: '{0 decimal}', m1: '{0 datetime}' }, [['{m0|message s}', '0'], ['{m1|message s}', '']], { note: VALUE + NO_CLDR });

// relative-time and timesince: the test measures from "now"; here from a fixed instant given as the render's now.
const base = 1700000000000;
const at = (delta) => EN.Calendars.toGregorianDate({ date: base }).add(delta).unixEpoch();
const REL = 'The test measures from the current time; here from a fixed instant (PARAMS now), with the same calendar offsets.';
const rel = (name, locale, list) => T(I, name, 'relative time', { params: { locale, now: base }, json: { base, ...Object.fromEntries(list.map(([d], i) => ['e' + i, at(d)])) }, note: REL,
  rows: list.flatMap(([, args, out, both], i) => [[`{e${i}|relative-time ${args}}`, out], ...(both ? [[`{base, e${i}|relative-time ${args}}`, out]] : [])]) });
const B = 'context:begin-sentence';
rel('relative-time-en', 'en', [[{ millis: 100 }, B, 'Now', true], [{ millis: -100 }, 'numericOnly:true', '0 seconds ago'], [{ year: -2 }, B, '2 years ago', true], [{ month: -6 }, B, '6 months ago', true],
  [{ day: -27 }, `${B} allowWeeks:true`, '4 weeks ago', true], [{ day: -27 }, B, '27 days ago', true], [{ hour: -27 }, B, 'Yesterday', true], [{ minute: -27 }, B, '27 minutes ago', true]]);
rel('relative-time-de', 'de', [[{ millis: 100 }, B, 'Jetzt'], [{ year: -2 }, B, 'Vor 2 Jahren'], [{ month: -6 }, B, 'Vor 6 Monaten'], [{ day: -27 }, `${B} allowWeeks:true`, 'Vor 4 Wochen'],
  [{ day: -27 }, B, 'Vor 27 Tagen'], [{ hour: -27 }, B, 'Gestern'], [{ minute: -27 }, B, 'Vor 27 Minuten']]);
rel('relative-time-es', 'es', [[{ millis: 100 }, B, 'Ahora'], [{ year: -2 }, B, 'Hace 2 años'], [{ month: -6 }, B, 'Hace 6 meses'], [{ day: -27 }, `${B} allowWeeks:true`, 'Hace 4 semanas'],
  [{ day: -27 }, B, 'Hace 27 días'], [{ hour: -27 }, B, 'Ayer'], [{ minute: -27 }, B, 'Hace 27 minutos']]);
T(I, 'relative-time-invalid', 'relative time', { params: { locale: 'en', now: base }, json: { v: 'foo' }, template: `[{v|relative-time ${B}}]`, output: '[]', note: REL + NO_CLDR });
const since = [[{ millis: 100 }, 'less than a minute ago'], [{ year: -1.6 }, 'about a year ago'], [{ month: -6 }, 'about 6 months ago'], [{ day: -27 }, 'about 3 weeks ago'],
  [{ hour: -27 }, 'about a day ago'], [{ minute: -27 }, 'about 27 minutes ago']];
since.forEach(([d, text], i) => T(I, `timesince-${i + 1}`, 'timesince', { params: { locale: 'en', now: base }, json: { v: at(d) }, template: '{v|timesince}', contains: [text],
  note: REL + ' The test checks that the output contains the words.' + (i === 0 ? NO_CLDR : '') }));

// ---------------------------------------------------------------- plugins/messages.test.ts (through the message formatter)
spec('__tests__/plugins/messages.test.ts');
{
  const json = { num1: '12345.6789', num2: 3456.78, amt1: { decimalValue: 12345, currencyCode: 'EUR' }, amt2: { decimalValue: -678.5678, currencyCode: 'EUR' }, amtbad: 'ABCDEF',
    date1: 1614798160345, date2: 1617476560000, bool: true, nil: null };
  const list = [['{0 currency}', '', ''], ['{0 currency}', 'amtbad', ''], ['{0 currency}', 'amt1', '€12,345.00'], ['{0 currency style:accounting}', 'amt2', '(€678.57)'],
    ['{0 datetime}', '', ''], ['{0 datetime}', 'date1', 'March 3, 2021'], ['{0 decimal}', '', ''], ['{0 decimal}', 'num1', '12,345.679'], ['{0 decimal maxfrac:1}', 'num2', '3,456.8'],
    ['{0 decimal}', 'amt1', '12,345'], ['{0 decimal}', 'amtbad', '0'], ['{0 decimal}', 'bool', '1'], ['{0 decimal}', 'nil', '0'], ['{0;1 datetime-interval}', '', ''],
    ['{0;1 datetime-interval}', 'date1 date2', 'Mar 3\u2009–\u2009Apr 3, 2021']];
  list.forEach(([m], i) => { json['m' + i] = m; });
  T('messages', 'message-formats', 'message formats', { params: { locale: 'en' }, json, note: 'The test calls the message argument formatters directly; here through the message formatter.',
    rows: list.map(([, args, out], i) => [`{m${i}|message${args ? ' ' + args : ''}}`, out]) });
}

// ---------------------------------------------------------------- plugins/predicates.*.test.ts
spec('__tests__/plugins/predicates.core.test.ts');
const PC = 'predicates.core';
const PT = 'The test applies the predicate to a context; here a template asks it and prints T or F.';
/** A predicate case: the context root is json; each row asks {.pred args}. */
const pred = (name, test, json, list, wrap) => T(PC, name, test, { json, note: PT,
  rows: list.map(([p, out]) => [wrap ? wrap(`{.${p}}T{.or}F{.end}`) : `{.${p}}T{.or}F{.end}`, out ? 'T' : 'F']) });
pred('debug-1', 'debug?', { a: 1 }, [['debug?', false]]);
pred('debug-2', 'debug?', { debug: false, a: { b: 1 } }, [['debug?', false]], (t) => `{.section a}${t}{.end}`);
pred('debug-3', 'debug?', { debug: true, a: { b: 1 } }, [['debug?', true]], (t) => `{.section a}${t}{.end}`);
pred('equal-1', 'equal?', 3, [['equal?', false], ['equal? 3', true], ['equal? 4', false], ['equal? foo', false]]);
pred('equal-2', 'equal?', { a: 1, b: 1 }, [['equal? 1 a', true], ['equal? a 1', true], ['equal? a b', true], ['equal? b a', true], ['equal? 2 a', false], ['equal? a 2', false]]);
pred('equal-3', 'equal?', { a: 1, b: 2 }, [['equal? a b', false], ['equal? b a', false]]);
pred('equal-4', 'equal?', { a: [1, 2], b: [1, 2], c: [1, 3] }, [['equal? a b', true], ['equal? b a', true], ['equal? a c', false], ['equal? c a', false]]);
pred('equal-5', 'equal?', 'foo', [['equal? "foo"', true]]);
pred('even-1', 'even?', 1, [['even?', false]]);
pred('even-2', 'even?', 4, [['even?', true]]);
pred('even-3', 'even?', { a: 7, b: 10 }, [['even? a', false], ['even? b', true]]);
pred('even-4', 'even?', { a: 'foo' }, [['even? a', false]]);
const cmp = (name, p, [n1, n3, n10], [a1, a3, a10], [b1, b3, b10], strings) => {
  pred(`${name}-1`, p, 3, [[p, false], [`${p} 1`, n1], [`${p} 3`, n3], [`${p} 10`, n10]]);
  pred(`${name}-2`, p, { a: 3 }, [[`${p} 1 a`, a1], [`${p} 3 a`, a3], [`${p} 10 a`, a10], [`${p} a 1`, b1], [`${p} a 3`, b3], [`${p} a 10`, b10]]);
  if (strings) pred(`${name}-3`, p, 'bbb', strings.map(([s, v]) => [`${p} "${s}"`, v]));
};
cmp('greater-than', 'greaterThan?', [true, false, false], [false, false, true], [true, false, false], [['aaa', true], ['bbb', false], ['ccc', false]]);
cmp('greater-than-or-equal', 'greaterThanOrEqual?', [true, true, false], [false, true, true], [true, true, false]);
cmp('less-than', 'lessThan?', [false, false, true], [true, false, false], [false, false, true]);
cmp('less-than-or-equal', 'lessThanOrEqual?', [false, true, true], [true, true, false], [false, true, true]);
cmp('not-equal', 'notEqual?', [true, false, true], [true, false, true], [true, false, true]);
pred('nth-1', 'nth?', 3, [['nth?', false], ['nth? 0', false], ['nth? 3', true], ['nth? 4', false], ['nth? "foo"', false]]);
pred('nth-2', 'nth?', 'abc', [['nth? 3', false]]);
pred('nth-3', 'nth?', {}, [['nth? 3 3', true], ['nth? 3 4', false], ['nth? 3 9', false], ['nth? 9 3', true], ['nth? 0 3', true], ['nth? 3 0', false]]);
pred('odd-1', 'odd?', 1, [['odd?', true]]);
pred('odd-2', 'odd?', 4, [['odd?', false]]);
pred('odd-3', 'odd?', { a: 7, b: 10 }, [['odd? a', true], ['odd? b', false]]);
pred('odd-4', 'odd?', { a: 'foo' }, [['odd? a', false]]);
pred('plural-1', 'plural?', '1', [['plural?', false]]);
pred('plural-2', 'plural?', '3', [['plural?', true]]);
pred('plural-3', 'plural?', { a: 'foo' }, [['plural?', false]]);
pred('singular-1', 'singular?', '1', [['singular?', true]]);
pred('singular-2', 'singular?', '3', [['singular?', false]]);
pred('singular-3', 'singular?', { a: 'foo' }, [['singular?', false]]);

spec('__tests__/plugins/predicates.content.test.ts');
{
  const instant = 1384518630000;
  const sd = (n, s, e, out) => T('predicates.content', `same-day-${n}`, 'same day', { params: { locale: 'en' }, json: { startDate: s, endDate: e }, template: '{.same-day?}T{.or}F{.end}', output: out, note: PT });
  sd(1, instant - 3600 * 1000, instant, 'T');
  sd(2, instant, instant - 86400 * 1000, 'F');
  sd(3, instant, instant - 86400 * 1000 * 2, 'F');
}
spec('__tests__/plugins/predicates.missing.test.ts');
T('predicates.missing', 'units-metric', 'missing predicate units-metric?', { template: '{.units-metric?}T{.or}F{.end}', output: 'F', errors: [''], note: PT + ' The predicate is false and reports an error.' });

// ---------------------------------------------------------------- plugins/util.commerce.test.ts (through the commerce formatters and predicates)
spec('__tests__/plugins/util.commerce.test.ts');
const UC = 'util.commerce';
const CT = 'The test calls the commerce helper directly; here the formatter or predicate that uses it. A price prints as the formatter writes it (the legacy value, in cents).';
const product = (type, variants, more = {}) => ({ structuredContent: { productType: type, variants, ...more } });
const PHYSICAL = 1, DIGITAL = 2, SERVICE = 3, GIFT_CARD = 4, UNDEFINED = -1;
const ask = (p) => `{.${p}}T{.or}F{.end}`;
const cases = (name, test, list) => { const json = {}; T(UC, name, test, { note: CT, json, rows: list.map(([item, t, out], i) => { json['p' + i] = item; return [t.replace('@', 'p' + i), out]; }) }); };
cases('from-price', 'from price', [[product(SERVICE, [{ priceMoney: { value: '100.0' } }, { priceMoney: { value: '200.0' } }]), '{@|from-price}', '10000'],
  [product(SERVICE, [{ priceMoney: { value: '1000' } }, { priceMoney: { value: '750' } }, { priceMoney: { value: '1500' } }]), '{@|from-price}', '75000'],
  [product(SERVICE, []), '{@|from-price}', '0'], [product(UNDEFINED, []), '{@|from-price}', '0']]);
const sec = (p) => `{.section @}${ask(p)}{.end}`;
cases('has-variants', 'has variants', [[product(-1, []), sec('has-variants?'), 'F'], [product(-1, [{ price: 123 }]), sec('has-variants?'), 'F'], [product(-1, [{ price: 123 }, { price: 456 }]), sec('has-variants?'), 'T']]);
cases('has-varied-prices', 'has varied prices', [PHYSICAL, GIFT_CARD, SERVICE].flatMap((type) => [
  [product(type, [{ price: 100.0, qtyInStock: 10 }, { price: 200.0, qtyInStock: 15 }]), sec('varied-prices?'), 'T'],
  [product(type, [{ price: 100.0 }, { price: 100.0 }]), sec('varied-prices?'), 'F']]).concat([[product(DIGITAL, []), sec('varied-prices?'), 'F']]));
cases('is-on-sale', 'is on sale', [[product(PHYSICAL, [{ priceMoney: { value: '100.0' } }, { priceMoney: { value: '200.0' } }, { onSale: true, priceMoney: { value: '50.0' } }]), sec('on-sale?'), 'T'],
  [product(PHYSICAL, []), sec('on-sale?'), 'F'], [product(PHYSICAL, {}), sec('on-sale?'), 'F'], [product(DIGITAL, [], { onSale: true }), sec('on-sale?'), 'T'],
  [product(GIFT_CARD, []), sec('on-sale?'), 'F'], [product(UNDEFINED, []), sec('on-sale?'), 'F']]);
cases('is-sold-out', 'is sold out', [[product(PHYSICAL, [{ qtyInStock: 0 }, { qtyInStock: 1 }]), sec('sold-out?'), 'F'], [product(PHYSICAL, [{ qtyInStock: 0 }, { qtyInStock: 0 }]), sec('sold-out?'), 'T'],
  [product(PHYSICAL, 123), sec('sold-out?'), 'T'], [product(DIGITAL, []), sec('sold-out?'), 'F'], [product(GIFT_CARD, []), sec('sold-out?'), 'F'], [product(UNDEFINED, []), sec('sold-out?'), 'T']]);
cases('normal-price', 'normal price', [[product(SERVICE, [{ priceMoney: { value: '100.0' } }, { priceMoney: { value: '200.0' } }]), '{@|normal-price}', '20000'], [product(SERVICE, []), '{@|normal-price}', '0']]);
cases('sale-price', 'sale price', [[product(SERVICE, [{ priceMoney: { value: '100.0' } }, { priceMoney: { value: '200.0' } }]), '{@|sale-price}', '0'],
  [product(SERVICE, [{ priceMoney: { value: '100.0' } }, { onSale: true, salePriceMoney: { value: '75.0' } }]), '{@|sale-price}', '7500'], [product(SERVICE, []), '{@|sale-price}', '0']]);

// ---------------------------------------------------------------- util.test.ts (observable parts)
spec('__tests__/util.test.ts');
T('util', 'variable-splitting', 'variable splitting', { json: { a: [0, { b: [0, 0, 'X'] }], '0': 'zero' }, note: 'The test splits path text; here the same paths in variables.',
  rows: [['{a.1.b.2}', 'X'], ['{0}', 'zero'], ['{.repeated section a}{@index}{@index0}{.end}', '1021']] });
T('util', 'large-integer', 'large integer', { json: { '333333333333333333333333333333': 'big' }, template: '{333333333333333333333333333333}', output: 'big',
  note: 'A path segment of digits too large for a number stays a key.' });
{
  const vals = [null, false, true, 0, 1, -5, 3.14159, '', 'abc', [], [1, 2, 3], {}, { a: 1 }];
  const exp = [false, false, true, false, true, true, true, false, true, false, true, false, true];
  const json = Object.fromEntries(vals.map((v, i) => ['v' + i, v]));
  T('util', 'variable-truthiness', 'variable truthiness', { json, note: 'The test asks isTruthy; here .if asks the same question.',
    rows: vals.map((_, i) => [`{.if v${i}}T{.or}F{.end}`, exp[i] ? 'T' : 'F']).concat([['{.if missing}T{.or}F{.end}', 'F'],
      ['{.eval @nan = NaN}{.if @nan}T{.or}F{.end}', 'F'], ['{.eval @inf = Infinity}{.if @inf}T{.or}F{.end}', 'T'], ['{.eval @ninf = -Infinity}{.if @ninf}T{.or}F{.end}', 'T']]) });
}
{
  const o = { a: 1, b: [2, { c: false }, null] };
  const pairs = [[[], [], true], [[], [1], false], [{}, {}, true], [{}, { a: 1 }, false], [o, o, true], [o, { a: 1, b: [3, { c: false }, null] }, false], [o, { a: 1 }, false],
    [o, { a: 1, b: [2, { c: false }, null], d: 3 }, false], [o, { a: 1, b: [] }, false], [{ a: { b: { c: { d: 789 } } } }, { a: { b: { c: { d: 789 } } } }, true],
    [{ a: { b: { c: { d: 789 } } } }, { a: { b: [1, 2, 3] } }, false], [{ a: { b: { x: { y: 123 } } } }, { a: { b: { x: { y: 123 } } } }, true]];
  const json = {};
  pairs.forEach(([x, y], i) => { json['x' + i] = x; json['y' + i] = y; });
  T('util', 'deep-equals', 'deep equals', { json, note: 'The test asks deepEquals; here equal? compares the two values with it. (The reference cycle cannot be written in JSON.)',
    rows: pairs.map(([, , eq], i) => [`{.equal? x${i} y${i}}T{.or}F{.end}`, eq ? 'T' : 'F']) });
}
