const { spec, add } = require('./lib.cjs');
const T = (g, name, test, c) => add(g, name, { test, ...c });
const PARSE = 'The test asserts the instruction tree the parser builds; the expected output is what that tree renders.';
const LIT = 'Each of these is not a valid instruction: the test expects a TEXT instruction, so it prints as written.';
const lit = (...ts) => ts.map((t) => [t, t]);

// ---------------------------------------------------------------- parser.test.ts
spec('__tests__/parser.test.ts');
const P = 'parser';
T(P, 'degenerate', 'degenerate cases', { json: { b: 'B' }, note: LIT, rows: lit('a{b', '{{{}{{}', '{.end  }') });
T(P, 'bindvar', 'bindvar', { json: { bar: 'B', a: '<a>', b: 'b' }, note: PARSE,
  rows: [['abc{.var @foo bar}def{@foo}', 'abcdefB'], ['{.var @foo a, b|html}{@foo}', '&lt;a&gt;']] });
T(P, 'bindvar-literal', 'bindvar', { note: LIT + ' ({.var @foo a, b|foo}: foo is not a formatter.)',
  rows: lit('{.var @foo a, b|foo}', '{.var}', '{.var+}', '{.var **}', '{.var @foo}', '{.var @foo+}', '{.var @foo +}', '{.var @foo bar }') });
T(P, 'comments', 'comments', { template: 'abc{# comment 1} {#comment 2}def', output: 'abc def' });
T(P, 'ctxvar', 'ctxvar', { json: { bar: 1, baz: { quux: 2 }, b: 'B', d: 'D' }, note: PARSE,
  rows: [['{.ctx @foo key1=bar key2=baz.quux}{@foo.key1}{@foo.key2}', '12'], ['{.ctx @foo a=b}{@foo.a}', 'B'],
    ['{.ctx @foo a=b c}{@foo.a}{@foo.c}', 'B'], ['{.ctx @foo a=b c=d}{@foo.a}{@foo.c}', 'BD']] });
T(P, 'ctxvar-literal', 'ctxvar', { note: LIT,
  rows: lit('{.ctx}', '{.ctx+}', '{.ctx foo}', '{.ctx foo=}', '{.ctx foo=a}', '{.ctx @foo}', '{.ctx @foo a}', '{.ctx @foo a=}', '{.ctx @foo a=b c=}', '{.ctx @foo a=b c=d.}') });
T(P, 'eval', 'eval', { json: { foo: 'F' }, note: PARSE,
  rows: [['{.eval}', '{.eval}'], ['{.eval1}', '{.eval1}'], ['{.eval }', ''], ['{.eval @foo}', ''], ['{.eval 1 + 2 ; }', '3'],
    ['{.eval \n @foo = 1 ; \n @foo}', '1']] });
T(P, 'eval-unclosed', 'eval', { template: '{.eval @foo =', output: '{.eval @foo =', note: LIT });
T(P, 'if', 'if', { json: { a: { b: 1 } }, note: PARSE + ' ({.if equal?} is the predicate equal? with no arguments, which is false.)',
  rows: [['{.if a.b}A{.end}', 'A'], ['{.if equal?}A{.end}', '']] });
T(P, 'if-literal', 'if', { note: LIT, rows: lit('{.if}', '{.if a**}', '{.if a || **}') });
T(P, 'include', 'include', { partials: { 'foo.html': 'FOO', a: 'A' }, note: PARSE + ' (.include without the word output prints nothing.)',
  rows: [['{.include foo.html suppress foo bar}', ''], ['{.include a}', '']] });
T(P, 'include-literal', 'include', { note: LIT, rows: lit('{.include}', '{.include }') });
T(P, 'inject', 'inject', { injects: { './bar.json': '"BAR"', a: 'A' }, note: PARSE,
  rows: [['abc{.inject @foo ./messages-en_US.json a b c}def', 'abcdef'], ['{.inject @foo ./bar.json}{@foo}', 'BAR'], ['{.inject @foo a b c|}{@foo}', 'A']] });
T(P, 'inject-literal', 'inject', { note: LIT,
  rows: lit('{.inject}', '{.inject }', '{.inject **}', '{.inject @foo}', '{.inject @foo+}', '{.inject @foo }', '{.inject @foo **}') });
T(P, 'macro', 'macro', { json: { a: { b: { c: 'C' } } }, template: 'abc\n\t{.macro foo.html}{a.b.c}{.end}\ndef', output: 'abc\n\t\ndef' });
T(P, 'macro-literal', 'macro', { note: LIT, rows: lit('{.macro}', '{.macro }', '{.macro **}', '{.macro ./foo.json**}') });
T(P, 'multiline-comments', 'multiline comments', { template: 'abc{##\ncomment ## comment\n##}def', output: 'abcdef' });
T(P, 'multiline-comment-unterminated', 'multiline comments', { template: '[{## foo bar ##', output: '[',
  note: 'A multi-line comment that is never closed runs to the end of the input.' });
T(P, 'or-predicate', 'or predicate', { json: { b: 1, c: 1 }, note: PARSE,
  rows: [['foo{.section a}{.or}A{.end}bar', 'fooAbar'], ['foo{.section a}{.or equal? b c}A{.end}bar', 'fooAbar'], ['{.or:}', '{.or:}']] });
T(P, 'predicate', 'predicate', { json: { a: 1, b: 2, c: 3, d: 1 }, note: PARSE,
  rows: [['foo{.equal? a b}A{.or greaterThan? c d}B{.end}bar', 'fooBbar'], ['foo{.equal?:a:"b c d"}A{.or}B{.end}bar', 'fooBbar']] });
T(P, 'predicate-2', 'predicate', { template: '{.section}{.varied-prices?}A{.end}{.end}', output: '{.section}', errorCount: 1,
  note: PARSE + ' The second {.end} closes nothing (an error).' });
T(P, 'predicate-literal', 'predicate', { note: LIT, rows: lit('{.**?}') });
T(P, 'repeated-section', 'repeated section', { json: { a: { b: { c: [1, 2] } } }, note: PARSE,
  rows: [['{.repeated section a.b.c}A{.end}', 'AA'], ['{.var @items a.b.c}{.repeated section @items}A{.alternates with}---{.end}', 'A---A']] });
T(P, 'repeated-section-literal', 'repeated section', { note: LIT,
  rows: lit('{.repeated section}', '{.repeated section }', '{.repeated section **}', '{.repeated section a.b**}') });
T(P, 'section', 'section', { json: { a: { b: { c: 1 } } }, template: '{.section a.b.c}A{.end}', output: 'A' });
T(P, 'section-literal', 'section', { note: LIT, rows: lit('{.section}', '{.section }', '{.section **}', '{.section a.b**}') });
T(P, 'variables', 'variables', { json: { values: { Line1: 'L1' }, a: [{ b: ['x', { c: 'C' }] }] }, note: PARSE,
  rows: [['{values.Line1}', 'L1'], ['{a.0.b.1.c}', 'C']] });
T(P, 'variables-literal', 'variables', { json: { a: 'A' }, note: LIT + ' ({a|foo|bar}: neither is a formatter.)', rows: lit('{a|foo|bar}', '{a|html|bar}', '{a**}', '{a|**}') });

// ---------------------------------------------------------------- assembler.test.ts
spec('__tests__/assembler.test.ts');
const A = 'assembler';
const ERRS = 'The test builds the instructions with a code builder and counts the assembler errors; here the same instructions as template text.';
T(A, 'root-alternates-with', 'root invalid', { template: 'A{.alternates with}', errorCount: 1, note: ERRS });
T(A, 'root-end', 'root invalid', { json: { foo: { bar: 1 } }, template: '{.section foo.bar}hi{.end}{.end}', errorCount: 1, note: ERRS });
T(A, 'root-or', 'root invalid', { template: 'A{.or}B', errorCount: 1, note: ERRS });
T(A, 'if-eof', 'if invalid', { template: '{.if a.b && b.c || c.d}A', errorCount: 1, note: ERRS });
T(A, 'if-alternates-with', 'if invalid', { template: '{.if a || b}A{.alternates with}{.end}', errorCount: 1, note: ERRS });
T(A, 'macro-eof', 'macro invalid', { template: '{.macro foo.html}A', errorCount: 1, note: ERRS });
T(A, 'macro-alternates-with', 'macro invalid', { template: '{.macro foo.html}A{.alternates with}{.end}', errorCount: 1, note: ERRS });
T(A, 'macro-or', 'macro invalid', { template: '{.macro foo.html}A{.or}{.end}', errorCount: 1, note: ERRS });
T(A, 'predicate-eof', 'predicate invalid', { template: '{.even? a.b}A', errorCount: 1, note: ERRS });
T(A, 'predicate-alternates-with', 'predicate invalid', { template: '{.odd? a}A{.alternates with}{.end}', errorCount: 1, note: ERRS });
T(A, 'predicate-or-eof', 'predicate invalid', { template: '{.even?}A{.or}', errorCount: 1, note: ERRS });
T(A, 'predicate-or-alternates-with', 'predicate invalid', { template: '{.odd?}A{.or}{.alternates with}{.end}', errorCount: 1, note: ERRS });
T(A, 'predicate-dead-code', 'predicate invalid', { template: '{.odd? a}A{.or}{.or equal? a}{.end}', errorCount: 1, note: ERRS });
T(A, 'repeated-eof', 'repeated invalid', { template: '{.repeated section a}A', errorCount: 1, note: ERRS });
T(A, 'repeated-alternates-eof', 'repeated invalid', { template: '{.repeated section a}A{.alternates with}B', errorCount: 1, note: ERRS });
T(A, 'repeated-two-alternates', 'repeated invalid', { template: '{.repeated section a.b.c}A{.alternates with}B{.alternates with}C{.end}', errorCount: 1, note: ERRS });
T(A, 'section-eof', 'section invalid', { template: '{.section foo.bar}hi', errorCount: 1, note: ERRS });
T(A, 'section-alternates-with', 'section invalid', { template: '{.section a.b.c}A{.alternates with}{.end}', errorCount: 1, note: ERRS });
const TREE = 'The test asserts the assembled tree; the expected output is what that tree renders for this context.';
T(A, 'if', 'if', { json: { a: 1, b: 0, c: 0 }, template: '{.if a && b || c}{.section a}...{.end}A{.or odd? a}B{.end}', output: 'B', errorCount: 0, note: TREE });
T(A, 'macro', 'macro', { json: { bar: 1 }, template: '{.macro foo.html}A{.section bar}B{.end}{.end}{@|apply foo.html}', output: 'AB', errorCount: 0, note: TREE });
const PWO = '{.even? a}{.section a}A{.end}{.or equal? a b}{.section b}B{.end}{.or}C{.end}';
T(A, 'predicate-with-or-branch-1', 'predicate with or branch', { json: { a: 2 }, template: PWO, output: 'A', errorCount: 0, note: TREE });
T(A, 'predicate-with-or-branch-2', 'predicate with or branch', { json: { a: 3, b: 3 }, template: PWO, output: 'B', errorCount: 0, note: TREE });
T(A, 'predicate-with-or-branch-3', 'predicate with or branch', { json: { a: 3, b: 4 }, template: PWO, output: 'C', errorCount: 0, note: TREE });
T(A, 'repeated', 'repeated', { json: { a: [{ b: 1 }, { b: 0 }, { b: 1 }] }, template: '{.repeated section a}{.section b}B{.end}{.end}', output: 'BB', errorCount: 0, note: TREE });
T(A, 'repeated-with-or-branch', 'repeated with or branch', { json: { a: [] }, template: '{.repeated section a}A{.or}B{.end}', output: 'B', errorCount: 0, note: TREE });
T(A, 'repeated-or-alternates-1', 'repeated with or branch and alternates block', { json: { a: [1, 2] }, template: '{.repeated section a}A{.alternates with}{.or}B{.end}', output: 'AA', errorCount: 0, note: TREE + ' The alternates part is empty.' });
T(A, 'repeated-or-alternates-2', 'repeated with or branch and alternates block 2', { json: { a: [{ b: 1 }, { b: 1 }] },
  template: '{.repeated section a}A{.alternates with}{.section b}---{.end}{.or}B{.end}', output: 'A---A---', errorCount: 0,
  note: TREE + ' A section opened in the alternates part is assembled into the repeated body, after A.' });
T(A, 'section-with-or-branch', 'section with or branch', { json: {}, template: '{.section foo.bar}hello{.or}goodbye{.end}', output: 'goodbye', errorCount: 0, note: TREE });
T(A, 'sections-nested', 'sections nested', { json: { foo: { bar: { baz: 1 } } }, template: '{.section foo}A{.section bar}B{.section baz}C{.end}{.end}{.end}', output: 'ABC', errorCount: 0, note: TREE });
T(A, 'comments-and-literals', 'comments and literals', { template: '[{#single}{##multiline##}{.meta-left}{.meta-right}{.newline}{.space}{.tab}]', output: '[{}\n \t]', errorCount: 0, note: TREE });
T(A, 'empty', 'empty', { template: '', output: '', errorCount: 0 });
T(A, 'atomic-instructions', 'atomic instructions', { json: { a: '<x>', b: 'b', baz: 'hello' }, injects: { 'messages.json': '{"k":"v"}' },
  template: '{.var @foo a, b|html|json-pretty}{.inject @bar messages.json}{.var @baz baz}{@foo}{@bar.k}{@baz|json|capitalize}', output: '"&lt;x&gt;"v"HELLO"', errorCount: 0, note: TREE });

// ---------------------------------------------------------------- matcher.test.ts
spec('__tests__/matcher.test.ts');
const M = 'matcher';
const MATCH = 'The test checks what the matcher accepts; here each accepted or refused text inside an instruction, with what it renders.';
T(M, 'arguments', 'fast arguments', { json: { v: 1 }, note: MATCH, rows: [['{v|output foo bar}', 'foo bar'], ['{v|output:a b c:d e f}', 'a b c d e f']] });
T(M, 'definition', 'fast definition', { json: { a: 'A' }, note: MATCH, rows: [['{.var @foo a}{@foo}', 'A'], ['{.var foo.bar a}', '{.var foo.bar a}'], ['{.var @@foo a}', '{.var @@foo a}']] });
T(M, 'bindvar-sequencing', 'fast bindvar sequencing', { json: { bar: '<b>' }, note: MATCH, rows: [['{.var @foo bar|html|output a b c}{@foo}', 'a b c']] });
T(M, 'file-path', 'fast file path', { injects: { './file.html': 'F', './my-data.json': '{"a":1}', './messages-en_US.yaml': 'Y' }, note: MATCH,
  rows: [['{.inject @a ./file.html}{@a}', 'F'], ['{.inject @b ./my-data.json}{@b.a}', '1'], ['{.inject @c ./messages-en_US.yaml}{@c}', 'Y']] });
T(M, 'if-expression', 'fast if expression', { json: { a: 1, b: { c: 0 }, c: { d: 1 } }, note: MATCH + ' The operators apply left to right and a false operand of && ends the test (as the reference evaluates .if).',
  rows: [['{.if a}A{.end}', 'A'], ['{.if a || b}A{.end}', 'A'], ['{.if a && b || c}A{.end}', 'A'], ['{.if a.b && b.c || c.d}A{.end}', ''], ['{.if c.d || a.b && b.c}A{.end}', 'A'],
    ...['{.if a & b}', '{.if a &&& b}', '{.if a ||}', '{.if || a}', '{.if a &&}', '{.if && a}'].map((t) => [t, t])] });
T(M, 'instruction', 'fast instruction', { json: { a: [1, 2] }, note: MATCH,
  rows: [['{.repeated section a}{@}{.alternates with},{.end}', '1,2'], ['{.meta-left}{.meta-right}{.space}{.tab}{.newline}', '{} \t\n'],
    ['{.alternates  with}', '{.alternates  with}'], ['{.!!}', '{.!!}']] });
T(M, 'predicate', 'fast predicate', { json: { a: 1 }, note: MATCH, rows: [['{.equal? a 1}T{.end}', 'T'], ['{.greaterThanOrEqual? a 1}T{.end}', 'T'], ['{.greaterThanOrEqual a 1}', '{.greaterThanOrEqual a 1}']] });
T(M, 'section-sequencing', 'fast section sequencing', { json: { foo: { bar: 'B' } }, note: MATCH, rows: [['{.section foo.bar}{@}{.end}', 'B']] });
T(M, 'spaces', 'fast spaces', { json: { a: 'A' }, note: MATCH, rows: [['{.section a}{@}{.end}', 'A']] });
T(M, 'variable', 'fast variable', { json: { foo: { bar: 'B' }, 0: { a: [0, 0, { c: 'C' }] }, values: { Line1: 'L' } }, note: MATCH,
  rows: [['{foo.bar}', 'B'], ['{0.a.2.c}', 'C'], ['{values.Line1}', 'L'], ['{foo.bar,}', '{foo.bar,}']] });
T(M, 'variables', 'fast variables', { json: { foo: 'F', bar: 'B', baz: 'Z', $foo: 'D', $bar: 'E' }, note: MATCH + ' With several variables and no formatter, the first prints.',
  rows: [['{foo}', 'F'], ['{foo,bar,baz}', 'F'], ['{foo  ,  bar  ,  baz}', 'F'], ['{.var @foo bar}{@foo,bar}', 'B'], ['{$foo,$bar}', 'D'],
    ...['{!}', '{foo,$}', '{foo,!!}', '{foo,bar,}'].map((t) => [t, t])] });
T(M, 'formatters', 'fast formatters', { json: { a: '<a>' }, note: MATCH,
  rows: [['{a|html}', '&lt;a&gt;'], ['{a|html|json-pretty}', '"&lt;a&gt;"'], ['{a|truncate 2|html}', '&lt;a...'],
    ...['{a|}', '{a html}', '{a||html}', '{a|html|}', '{a|truncate 1 2|html a|}'].map((t) => [t, t])] });
