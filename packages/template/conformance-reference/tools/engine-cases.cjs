const { spec, add } = require('./lib.cjs');
const T = (g, name, test, c) => add(g, name, { test, ...c });

// ---------------------------------------------------------------- engine.test.ts
spec('__tests__/engine.test.ts');
const E = 'engine';
T(E, 'literals', 'literals', { template: '[{.newline}\n{.meta-left}abc{.meta-right}\n{.space}\n{.tab}]', output: '[\n\n{abc}\n \n\t]',
  note: 'The test builds NEWLINE, TEXT, META_LEFT, … instructions; written here as the template they come from.' });
T(E, 'variables', 'variables', { json: { bbb: '*', ddd: '-', fff: '+' }, template: 'a{bbb}c\n{ddd}e{fff}', output: 'a*c\n-e+' });
T(E, 'variable-mixed-array', 'variable mixed array', { json: { a: [1, null, 2, null, 3] }, template: '{a}', output: '1,null,2,null,3' });
T(E, 'variable-mixed-object', 'variable mixed object', { json: { a: { b: 1, c: null, d: false, e: 'foo' } }, template: '[{a}]', output: '[]' });
T(E, 'variables-missing', 'variables missing', { template: 'a{b}c', output: 'ac' });
T(E, 'variables-with-formatters', 'variables with formatters', {
  json: { foo: '<tag> & tag', bar: 'abcdefghijklmnopqrs', baz: { a: 1 } },
  template: '{foo|html}\n{bar|truncate 5|json}\n{baz|json-pretty}', output: '&lt;tag&gt; &amp; tag\n"abcde..."\n{\n  "a": 1\n}' });
T(E, 'eval', 'eval', { json: { a: { b: 1 } }, template: '{.eval a.b + 2}', output: '3',
  note: 'The part with expressions disabled (enableExpr: false) is an engine option ours does not have: not transcribed.' });
T(E, 'eval-error', 'eval', { template: '[{.eval "\\u"}]', output: '[]', errors: ['unicode escape'] });
T(E, 'eval-debug-1', 'eval debug', { json: { b: { c: 3 } }, template: '{.eval # @a = min(2, b.c) ; @a * 7}',
  output: 'EVAL=[[@a <args> 2 b.c min() <assign>], [@a 7 <multiply>]] -> 14' });
T(E, 'eval-debug-2', 'eval debug', { template: '{.eval # @a = min(1, 2, 3)}', output: 'EVAL=[[@a <args> 1 2 3 min() <assign>]]' });
T(E, 'eval-reuse', 'eval reuse', { json: { items: ['A', 'B', 'C'] }, template: '{.repeated section items}{.eval @a = @ + @}{@a}{.end}', output: 'AABBCC' });
T(E, 'eval-runtime-errors', 'eval runtime errors', { template: '[{.eval num()}]', output: '[]', errors: ['Error calling function'] });
T(E, 'section-1', 'section', { json: { a: { b: 123 } }, template: '{.section a}{b}{.end}', output: '123' });
T(E, 'section-2', 'section', { json: { x: { b: 123 } }, template: '[{.section a}{b}{.end}]', output: '[]' });
T(E, 'section-resolution', 'section resolution', { json: { a: 1, b: 2 }, template: '{.section a}{.section x}foo{.end}bar{.end}', output: 'bar' });
T(E, 'section-empty', 'section empty', { json: { a: { b: 123 } }, template: '[{.section x}hi{.end}]', output: '[]' });
T(E, 'repeated-1a', 'repeated 1', { json: { items: [0, 0, 0] }, template: '{.repeated section items}a{.alternates with}|{.or}b{.end}', output: 'a|a|a' });
T(E, 'repeated-1b', 'repeated 1', { json: { items: {} }, template: '{.repeated section items}a{.alternates with}|{.or}b{.end}', output: 'b',
  note: 'Not an array: the .or branch runs.' });
T(E, 'repeated-2', 'repeated 2', { json: { a: [1, 2, 3] }, template: '{.repeated section a}{@|iter}{.end}', output: '123' });
T(E, 'repeated-3', 'repeated 3', { json: { a: [1, null, 2, null, 3] }, template: '{.repeated section a}{@}{.end}', output: '123' });
T(E, 'repeated-4a', 'repeated 4', { json: { a: [{ b: 1 }, { b: 2 }, { b: 3 }] }, template: '{.repeated section a}A{.section b}---{.end}{.or}B{.end}', output: 'A---A---A---' });
T(E, 'repeated-4b', 'repeated 4', { json: { a: {}, b: 1 }, template: '{.repeated section a}A{.section b}---{.end}{.or}B{.end}', output: 'B' });
T(E, 'repeated-5', 'repeated 5', { json: { a: ['a', 'b', 'c'] }, template: '{.repeated section a}{@index}{@index0}{@}{.end}', output: '10a21b32c' });
const PRED = '{.equal? foo bar}equal{.or}not equal{.end}';
T(E, 'predicates-1', 'predicates', { json: { foo: 1, bar: 1 }, template: PRED, output: 'equal' });
T(E, 'predicates-2', 'predicates', { json: { foo: { a: 1, b: [2, 3] }, bar: { a: 1, b: [2, 3] } }, template: PRED, output: 'equal' });
T(E, 'predicates-3', 'predicates', { json: { foo: { a: 1, b: [2, 3] }, bar: { a: 1, b: [2, 4] } }, template: PRED, output: 'not equal' });
T(E, 'predicate-without-alternative', 'predicate without alternative', { json: { foo: 1, bar: 2 }, template: '[{.equal? foo bar}equal{.end}]', output: '[]' });
T(E, 'predicates-missing', 'predicates missing', { json: { foo: 1 }, template: 'A{.missing? foo}not executed{.end}B', output: 'AB' });
T(E, 'bindvar', 'bindvar', { json: { bar: '<hi>', quux: '<bye>' }, template: '{.var @foo bar|html}{.var @baz quux}{@foo}{@baz}{@missing}', output: '&lt;hi&gt;<bye>' });
const IF = '{.if a && b || c}{a} and {b}{.or}or {c}{.end}';
T(E, 'if-1', 'if', { json: { a: 'a', b: 'b', c: 0 }, template: IF, output: 'a and b' });
T(E, 'if-2', 'if', { json: { a: 'a', b: 0, c: 'c' }, template: IF, output: 'or c' });
T(E, 'if-3', 'if', { json: { a: 'a', b: 0, c: 0 }, template: IF, output: 'or 0' });
const IFOR = '{.if a || b}A{.or}B{.end}';
T(E, 'if-or-1', 'if or', { json: { a: 1, b: 1 }, template: IFOR, output: 'A' });
T(E, 'if-or-2', 'if or', { json: { a: 0, b: 1 }, template: IFOR, output: 'A' });
T(E, 'if-or-3', 'if or', { json: { a: 0, b: 0 }, template: IFOR, output: 'B' });
T(E, 'if-without-alternative', 'if without alternative', { json: { a: 0, b: 0 }, template: '[{.if a || b}A{.end}]', output: '[]' });
T(E, 'include-1', 'include', { json: { a: 123, b: '!' }, partials: { 'foo.html': '{.var @a a}the-string ' }, template: '{.include foo.html}{@a}{b}', output: '123!' });
T(E, 'include-2', 'include', { json: { a: 123, b: '!' }, partials: { 'foo.html': '{.var @a a}the-string ' }, template: '{.include foo.html output}{@a}{b}', output: 'the-string 123!' });
T(E, 'include-3', 'include', { json: { b: '!' }, partials: { 'foo.html': '{.eval @a = 123}the-string ' }, template: '{.include foo.html output}{@a}{b}', output: 'the-string 123!' });
T(E, 'include-macro', 'include macro', { json: { a: 123, b: '!' }, template: '{.macro foo.html}{.var @a a}hello{.end}{.include foo.html}{@a}{b}', output: '123!' });
T(E, 'include-recursive', 'include recursive', { template: '{.macro foo.html}A{.include foo.html output}{.end}{.include foo.html output}',
  output: 'AAAAAAAAAAAAAAAA', errors: ['maximum recursion'], note: 'As many A as the maximum recursion depth (16).' });
T(E, 'include-missing', 'include missing', { partials: { 'bar.html': '' }, template: '{.include foo.html output}abc', output: 'abc', errors: ['Attempt to apply'] });
T(E, 'inject', 'inject', { injects: { 'file.html': '<b>file contents</b>' }, template: '{.inject @foo file.html}{@foo|html}', output: '&lt;b&gt;file contents&lt;/b&gt;' });
T(E, 'inject-missing', 'inject missing', { injects: { 'file.html': 'file contents' }, template: '[{.inject @foo missing.html}{@foo}]', output: '[]' });
T(E, 'inject-mapping-empty', 'inject mapping empty', { template: '[{.inject @foo file.html}{@foo|html}]', output: '[]' });
T(E, 'macro', 'macro', { json: { person: { name: 'Betty', status: 'offline' } },
  template: '{.macro person.html}{name} is {status}{.end}{.macro unused.html}never called{.end}{.section person}{@|apply person.html}{.end}', output: 'Betty is offline' });
T(E, 'macro-not-defined', 'macro not defined', { json: { person: { name: 'Betty', status: 'offline' } }, template: '[{.section person}{@|apply person.html}{.end}]', output: '[]' });

// ---------------------------------------------------------------- compiler.test.ts
spec('__tests__/compiler.test.ts');
const C = 'compiler';
T(C, 'defaults-1', 'compiler defaults', { json: { a: '<tag>' }, template: '{a|html}', output: '&lt;tag&gt;' });
T(C, 'defaults-2', 'compiler defaults', { json: {}, template: '', output: '', note: 'execute() with no template renders nothing.' });
T(C, 'mixed-partials-recursion', 'compiler mixed partials raw/parsed recursion error', { json: { num: 123 },
  partials: { foo: '{@|apply bar}', bar: '{@|apply foo}' }, template: '{num|apply foo}', errors: ['exceeded maximum recursion depth'], errorCount: 1,
  note: "The test's partial foo is given compiled; here it is the source it compiles from." });
T(C, 'raw-partials', 'compiler raw partials', { json: { num: 123 }, partials: { foo: '{@|apply bar}', bar: '{@|apply baz}', baz: '{@} baz' },
  template: '{num|apply foo}', output: '123 baz', errorCount: 0 });
T(C, 'partials-error-reporting', 'compiler partials error reporting', { json: { num: 123 }, partials: { foo: '{.end}' }, template: '[{num|apply foo}]',
  output: '[]', errors: ['Parse of partial "foo"'], errorCount: 1 });

// ---------------------------------------------------------------- api.test.ts
spec('__tests__/api.test.ts');
T('api', 'execute-missing-formatter', 'compiler api execute', { json: 'foo', template: '{@|missing}', output: '{@|missing}', errors: ["'missing' is unknown"], errorCount: 1 });
T('api', 'execute-missing-predicate', 'compiler api execute', { json: 'foo', template: '[{.missing?}A{.end}]', output: '[]', errors: ["'missing?' is unknown"], errorCount: 1,
  note: 'The dummy formatter, predicate and buggy formatter of this file are custom plugins of the reference API: not transcribed.' });

// ---------------------------------------------------------------- executor.test.ts
spec('__tests__/executor.test.ts');
T('executor', 'parse-and-execute', 'parse and execute', { json: { b: '...', e: '---' }, template: 'a{b}c{## comment\ncomment ##}d{e}f', output: 'a...cd---f' });

// ---------------------------------------------------------------- errors.test.ts
spec('__tests__/errors.test.ts');
T('errors', 'not-allowed-at-root', 'error messages', { template: '[{.end}]', output: '[]', errors: ['END not allowed at root'], errorCount: 1,
  note: 'The test builds the error for an END at the root; here a template makes the engine report it.' });
