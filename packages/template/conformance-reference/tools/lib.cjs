// Writes transcribed cases in the shared suite's format (see ../README.md). Used by transcribe.cjs.
const fs = require('fs');
const path = require('path');
const OUT = path.resolve(__dirname, '../cases');
const all = [];
let current = null; // { file }
function spec(file) { current = file; }
/** rows: [templateLine, expectedLine] pairs; each wrapped in [ ] so whitespace at the ends counts. */
function rows(list) {
  return {
    template: list.map(([t]) => `[${t}]`).join('\n'),
    output: list.map(([, o]) => `[${o}]`).join('\n'),
  };
}
function add(group, name, c) {
  all.push({ group, name, file: current, ...c });
}
function write() {
  // Rewrites the folders of transcribed cases (one per reference test file); cases/fixtures/ is copied by hand.
  for (const group of new Set(all.map((c) => c.group))) fs.rmSync(path.join(OUT, group), { recursive: true, force: true });
  const seen = new Set();
  for (const c of all) {
    const id = `${c.group}/${c.name}`;
    if (seen.has(id)) throw new Error('duplicate ' + id);
    seen.add(id);
    const dir = path.join(OUT, c.group);
    fs.mkdirSync(dir, { recursive: true });
    let text = '';
    const comments = [`From ${c.file}, test '${c.test}'.`];
    if (c.note) comments.push(c.note);
    text += `:COMMENTS\n${comments.join('\n')}\n\n`;
    if (c.params) text += `:PARAMS\n${JSON.stringify(c.params, null, 2)}\n\n`;
    text += `:JSON\n${JSON.stringify(c.json === undefined ? {} : c.json, null, 2)}\n\n`;
    if (c.partials) text += `:PARTIALS\n${JSON.stringify(c.partials, null, 2)}\n\n`;
    if (c.injects) text += `:INJECT\n${JSON.stringify(c.injects, null, 2)}\n\n`;
    const t = c.rows ? rows(c.rows) : { template: c.template, output: c.output };
    text += `:TEMPLATE\n${t.template}\n\n`;
    if (t.output !== undefined) text += `:OUTPUT\n${t.output}\n\n`;
    if (c.contains) text += `:CONTAINS\n${c.contains.join('\n')}\n\n`;
    if (c.errors) text += `:ERRORS\n${JSON.stringify(c.errors)}\n\n`;
    if (c.errorCount !== undefined) text += `:ERROR-COUNT\n${c.errorCount}\n\n`;
    fs.writeFileSync(path.join(dir, `${c.name}.html`), text);
  }
  console.log(`${all.length} cases written to ${OUT}`);
}
module.exports = { spec, add, write, all };
