// `node --import tsx bench/template/compare.ts FILE`: renders each case of FILE with our engine and with the
// reference (@squarespace/template-engine) and prints both outputs when they differ.
// FILE holds cases separated by lines `----`; in each, the template, a line `~~~`, then the JSON context.
import { readFileSync } from 'node:fs';
import { Compiler } from '@squarespace/template-engine';
import { compile, render } from '../../packages/template/src/index';

const text = readFileSync(process.argv[2]!, 'utf8');
let differences = 0;
for (const block of text.split(/^----\n/m)) {
  const [template = '', json] = block.split(/^~~~\n/m);
  const source = template.replace(/\n$/, '');
  const context = json ? JSON.parse(json) : {};
  const reference = new Compiler()
    .execute({ code: source, json: structuredClone(context), enableExpr: true, enableInclude: true })
    .ctx.render();
  const ours = render(compile(source), structuredClone(context)).output;
  if (reference === ours) continue;
  differences++;
  console.log(`DIFF ${JSON.stringify(source)}\n  reference ${JSON.stringify(reference)}\n  ours      ${JSON.stringify(ours)}`);
}
console.log(`${differences} difference(s)`);
process.exitCode = differences > 0 ? 1 : 0;
