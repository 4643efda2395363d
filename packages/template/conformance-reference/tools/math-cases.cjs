const { spec, add } = require('./lib.cjs');
const T = (g, name, test, c) => add(g, name, { test, ...c });
spec('__tests__/math.test.ts');
const X = 'math';
const RED = "The test reduces each expression and compares the resulting value; here {.eval} prints it (a missing result, null and '' print nothing).";
const show = (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : String(v));
/** rows of [expression, value] with one context. */
const red = (name, test, json, list, extra = {}) => T(X, name, test, { json, note: RED, ...extra, rows: list.map(([e, v]) => [`{.eval ${e}}`, show(v)]) });
/** expressions whose parse reports an error containing the text. */
const perr = (name, test, list) => list.forEach(([e, text], i) =>
  T(X, `${name}-${i + 1}`, test, { template: `[{.eval ${e}}]`, output: '[]', errors: [text], note: 'The test checks the parse error of this expression.' }));

red('basics', 'basics', { a: { b: { c: 5 } } }, [['', undefined], ['1 2 3 4 5', 5], ['1+2', 3], ['1-2', -1], ['1 + 2', 3], ['1 + -3', -2], ['a.b.c * -1', -5],
  [`"foo" == '\u2018bar\u2019'`, false], [' max ( 1 , 2 ) ', 2], ['(1 + (2 * (7 - (3 / 4))))', 13.5], ['7+8;4', 4], ['@a = 8; @b = 4 / @a; @c = 3 * @b; @c', 1.5]]);
T(X, 'debug', 'debug', { json: {}, note: 'The test prints the assembled expression; {.eval # …} prints the same text (then the value, when there is one).',
  template: '{.eval # @a = 2 * 3 / max(c, d)}\n{.eval # "foo" !== "bar"}\n{.eval # null == false || null != true}',
  contains: ['EVAL=[[@a 2 3 <multiply> <args> c d max() <divide> <assign>]]', 'EVAL=[["foo" "bar" <strict inequality>]]', 'EVAL=[[null false <equality> null true <inequality> <logical or>]]'] });
perr('bare-newline', 'bare newline / cr', [['"foo \n bar"', 'bare line feed char'], ['"foo \r bar"', 'bare carriage return char']]);
perr('parse-errors', 'parse errors', [['6 + #', 'Unexpected char'], ['m#n(1, 2)', 'Unexpected char'], ['foo \x00', 'Unexpected control'], ['foo \x18', 'Unexpected control']]);
T(X, 'reduce-errors', 'reduce errors', { template: '[{.eval 1 - max(max(abs())) - 1}]', output: '[]', errors: ['calling function abs', 'unexpected token on stack'] });
red('unsupported-values', 'unsupported values', { obj: { a: 1, b: 'foo' }, arr: [1, 2, 3] }, [['1 + obj', undefined], ['1 + arr', undefined], ['num(obj)', undefined], ['str(obj)', undefined],
  ['bool(obj)', undefined], ['num(arr)', undefined], ['str(arr)', undefined], ['bool(arr)', undefined]]);
red('references', 'references', { a: 123 }, [['@', undefined], ['@.a', 123]]);
red('invalid-escapes', 'invalid escapes', {}, [["'\\UA0000000'", ' ']]);
red('strings', 'strings', {}, [["'bar'", 'bar'], ['"\\"bar\\""', '"bar"'], ["'\\", undefined], ["'\\'", undefined], ['"\\U000000', undefined], ['"\\a\\b\\c\\n\\t\\r\\f"', 'abc\n\t\r\f'],
  ['"\\x20\\x7d\\x22\\x27"', ' }"\''], ['"\\x00\\x01\\x02\\x19\\x18"', '     '], ['"\\u2019"', '\u2019'], ['"\\U0001f600"', '\uD83D\uDE00'], ['"\\U0001f600\\U0001f600"', '\uD83D\uDE00\uD83D\uDE00'],
  ['"\\u0003\\u000f\\u0019"', '   '], ['"\\U00222222"', ' '], ['"\\u0000\\u0001\\u0018\\u0019"', '    ']]);
red('numbers', 'numbers', {}, [['0.1', 0.1], ['1.', 1], ['0x01', 0x01], ['0x012345678', 0x012345678], ['0x111111111111111111111', 1.2895208742556044e24], ['0x11111111111111111', 1.9676527011956855e19],
  ['1e20', 1e20], ['1e22', 1e22], ['1e20+1e20', 2e20], ['1e+20+1e+20', 2e20], ['1e-20+1e+20', 1e20], ['1e-20+1e20', 1e20]]);
perr('number-errors', 'numbers', [['.1', 'Unexpected char'], ['0x', 'hex number'], ['1..2', 'Duplicate decimal point'], ['0.0.0.', 'Duplicate decimal point'], ['12e10.1', 'decimal point in exponent'],
  ['1e', 'exponent'], ['1ee', 'exponent'], ['1e-', 'exponent'], ['1e--1', 'exponent']]);
perr('string-errors', 'string errors', [["'", 'Unterminated string'], ['"', 'Unterminated string'], ['"\\x"', 'hex escape'], ['"\\x1"', 'hex escape'], ['"\\x1q"', 'hex escape'], ['"\\u"', 'unicode escape'],
  ['"\\uq"', 'unicode escape'], ['"\\u123"', 'unicode escape'], ['"\\U00123"', 'unicode escape'], ['"\\U0012345."', 'unicode escape']]);
red('sequences', 'sequences', {}, [['1; 2; 3', 3], ['1, 2, 3', 3]]);
T(X, 'assignment', 'assignment', { json: {}, note: RED + ' The test presets @c = 3 in the context; here a .var does.',
  template: '{.eval @c = 3}[{.eval @a = 6; @b = 2 * @a; @b / @c}][{@a}][{@b}]\n[{.eval a = 1}][{.eval a.b.c = 1}][{.eval * = /}][{.eval 1 = 1}][{.eval @ = 1}]', output: '[4][6][12]\n[][][][][]' });
red('unary-plus-minus', 'unary plus / minus', { a: 5, b: -5, c: '12' }, [['1 + -a', -4], ['1 + -b', 6], ['1 + +a', 6], ['1 + +b', -4], ['+a - -a + -a + +a', 10], ['-c + -c', -24], ['+ -', undefined], ['! ~', undefined]]);
red('unary-not', 'unary (binary / logical) not', { a: 5, b: false, c: 'foo' }, [['~2', -3], ['a + ~2', 2], ['!a', false], ['!!a', true]]);
red('equality', 'equality', {}, [['1 == 1', true], ['1 == 2', false], ['1 == NaN', false], ['NaN == NaN', false], ['true == 1', true], ['false == 1', false], ['"1" == 1', true],
  ['1 != 1', false], ['1 != 2', true], ['"1" != 1', false]]);
red('strict-equality', 'strict equality', {}, [['1 === 1', true], ['1 === 2', false], ['1 === NaN', false], ['NaN === NaN', false], ['true === 1', false], ['false === 1', false], ['"1" === 1', false],
  ['1 !== 1', false], ['1 !== 2', true], ['"1" !== 1', true]]);
red('add', 'add', {}, [['1 + true', 2], ['1 + false', 1], ['1 + null', 1], ['true + 2', 3], ['false + 2', 2], ['null + 2', 2]]);
red('subtract', 'subtract', { a: 5 }, [['a - 1', 4], ['"foo" - 1', NaN]]);
red('concatenate', 'concatenate', {}, [['"foo" + 1', 'foo1'], ['"foo" + null', 'foonull'], ['"foo" + true', 'footrue'], ['"foo" + false', 'foofalse'], ['"" + false', 'false'],
  ['1 + "foo"', '1foo'], ['null + "bar"', 'nullbar'], ['true + "bar"', 'truebar'], ['false + "bar"', 'falsebar'], ['false + ""', 'false']]);
red('multiply', 'multiply', {}, [['5 * 0.5', 2.5], ['5 * true', 5], ['5 * false', 0], ['5 * null', 0], ['5 * "2"', 10], ['5 * ""', 0], ['0.5 * 5', 2.5], ['true * 5', 5], ['false * 5', 0],
  ['null * 5', 0], ['"2" * 5', 10], ['"" * 5', 0]]);
red('divide', 'divide', {}, [['5 / 2', 2.5], ['"foo" / 2', NaN]]);
red('modulus', 'modulus', {}, [['5 % -5', 0], ['5 % -4', 1], ['5 % -3', 2], ['5 % -2', 1], ['5 % -1', 0], ['5 % 0', NaN], ['5 % 1', 0], ['5 % 2', 1], ['5 % 3', 2], ['5 % 4', 1], ['5 % 5', 0],
  ['Infinity % 10', NaN], ['10 % Infinity', 10], ['Infinity % Infinity', NaN], ['5 % 3.21', 1.79]]);
red('exponent', 'exponent', {}, [['2 ** 3', 8], ['"foo" ** 3', NaN]]);
red('nesting', 'nesting', {}, [['((1 + 2) * 3) ** 2', 81], ['1 )', undefined], ['1 + ) 2', undefined]]);
perr('balanced-parens', 'balanced parens', [['@foo = (1 + 2', 'Mismatched'], ['(1 + 2', 'Mismatched'], ['1 + 2)', 'Mismatched'], ['((1 + 2)', 'Mismatched'], ['(1 + 2))', 'Mismatched']]);
red('shift', 'shift', {}, [['14 >> -1', 0], ['14 >> 0', 14], ['14 >> 1', 7], ['14 >> 2', 3], ['14 >> 3', 1], ['14 >> 4', 0], ['14 << -1', 0], ['14 << 0', 14], ['14 << 1', 28], ['14 << 2', 56],
  ['14 << 3', 112], ['14 << 4', 224], ['"foo" >> 4', 0], ['"foo" << 4', 0], ['true << 4', 16], ['null << 4', 0]]);
red('bitwise', 'bitwise', {}, [['0x02 | 0x01', 3], ['0x02 & 0x01', 0], ['0x02 & 0x02', 2], ['0x02 & 0x07', 2], ['0x03 & 0x07', 3], ['0x02 ^ 0x01', 3], ['0x02 ^ 0x02', 0], ['0x02 ^ 0x03', 1]]);
red('logical', 'logical', {}, [['true || true', true], ['true || false', true], ['false || false', false], ['"foo" || "bar"', true], ['0 || "bar"', true], ['0 || ""', false],
  ['true && true', true], ['true && false', false], ['1 && 1', true], ['1 && 2', true], ['1 && 0', false], ['true && "foo"', true], ['true && ""', false]]);
red('comparisons', 'comparisons', {}, [['1 < 2', true], ['2 < 2', false], ['3 < 2', false], ['1 <= 0', false], ['1 <= 1', true], ['1 <= 2', true], ['1 > 2', false], ['2 > 2', false], ['3 > 2', true],
  ['1 >= 0', true], ['1 >= 1', true], ['1 >= 2', false], ['0 < "1"', true], ['0 < "0x01"', true], ['5 < "1"', false], ['5 < "0x01"', false], ['0 < true', true], ['0 < false', false],
  ['0 <= true', true], ['0 <= false', true], ['0 < "foo"', false], ['0 < "1foo"', false], ['"a" < "b"', true], ['"a" < "a"', false], ['"b" < "a"', false], ['"a" <= "b"', true],
  ['"a" <= "a"', true], ['"b" <= "a"', false]]);
red('constants', 'constants', {}, [['PI', 3.141592653589793], ['E', 2.718281828459045], ['-E', -2.718281828459045], ['Infinity', Infinity], ['-Infinity', -Infinity], ['NaN', NaN],
  ['true', true], ['false', false], ['null', null]]);
red('function-calls', 'function calls', { a: 123 }, [['min  (  )  ', undefined], ['min("foo")', NaN], ['min("foo", 5, -5)', -5], ['min(5, -3, 10, -100, 17, 1000)', -100], ['max("foo", 5, -5)', 5],
  ['abs()', undefined], ['abs(-5, -10, -20, -30)', 5], ['abs("foo")', NaN], ['abs("-12")', 12], ['1 + a (2, 3, 4)', undefined], ['foobar ( 1, 2, 3 )', undefined], ['missing', null]]);
T(X, 'function-calls-invalid', 'function calls', { template: '[{.eval 1 + a (1, 2)}]', output: '[]', errors: ['Invalid function'] });
red('function-args-boundary', 'function args boundary', {}, [['max(1, 2) 123', 123], ['max(2) 1', 1]]);
red('type-conversions', 'type conversions', { a: { b: 3.75, c: '3.1415', flag: true, nil: null, s: 'foo' }, n0: '-0x1234', n1: '-1.2e21', n2: '--1.2', n3: '--0x1234' }, [
  ['str()', undefined], ['str("")', ''], ['str("foobar")', 'foobar'], ['str(zzz)', 'null'], ['str(a.b)', '3.75'], ['str(true)', 'true'], ['str(false)', 'false'], ['str(null)', 'null'],
  ['str(a.flag)', 'true'], ['str(a.nil)', 'null'], ['str(a.s)', 'foo'], ['str(-Infinity)', '-Infinity'], ['str(Infinity)', 'Infinity'], ['str(NaN)', 'NaN'], ['str(12e20)', '1.2e+21'],
  ['num()', undefined], ['num(zzz)', 0], ['num(a.c)', 3.1415], ['num("0xcafe")', 0xcafe], ['num("0Xcafe")', 0xcafe], ['num("000123")', 123], ['num("0x")', NaN], ['num("0xfoo")', NaN],
  ['num("123foo")', NaN], ['num("-123")', -123], ['num("-")', NaN], ['num("--123")', NaN], ['num(n0)', -0x1234], ['num(n1)', -1.2e21], ['num(n2)', NaN], ['num(n3)', NaN],
  ['bool()', undefined], ['bool(zzz)', false], ['bool(a.b)', true], ['bool("foo")', true], ['str(num(bool(true)))', '1']]);
red('number-formatting', 'number formatting', {}, [['str(1e20)', '100000000000000000000'], ['str(1e21)', '1e+21'], ['str(1e300)', '1e+300'], ['str(1e-5)', '0.00001'], ['str(1e-6)', '0.000001'],
  ['str(1e-7)', '1e-7'], ['str(1e-20)', '1e-20'], ['str(1e-21)', '1e-21'], ['str(1e-300)', '1e-300'], ['str(-1e20)', '-100000000000000000000'], ['str(-1e21)', '-1e+21'], ['str(-1e300)', '-1e+300'],
  ['str(-1e-5)', '-0.00001'], ['str(-1e-6)', '-0.000001'], ['str(-1e-7)', '-1e-7'], ['str(-1e-20)', '-1e-20'], ['str(-1e-21)', '-1e-21'], ['str(-1e-300)', '-1e-300']]);
