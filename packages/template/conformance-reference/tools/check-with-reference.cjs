// Runs a folder of cases (default: this suite) through the reference engine, with its CLDR data, as its own test
// loader runs a fixture; a failure here means a transcription does not say what the reference does.
// `REFERENCE_MODULES=… node check-with-reference.cjs [folder] [filter]`
const fs = require('fs'), path = require('path');
// The reference's CLDR data (for the i18n formatters): REFERENCE_MODULES names a node_modules folder holding
// @phensley/cldr (see ../README.md).
const MODULES = process.env.REFERENCE_MODULES;
if (!MODULES) throw new Error('Set REFERENCE_MODULES to a node_modules folder with @phensley/cldr and @squarespace/template-engine (see ../README.md)');
const { CLDRFramework } = require(path.join(MODULES, '@phensley/cldr'));
const { Compiler } = require(path.join(MODULES, '@squarespace/template-engine'));
const fw = new CLDRFramework({ loader: (tag) => fs.readFileSync(path.join(MODULES, '@phensley/cldr/packs', `${CLDRFramework.resolveLocale(tag).tag.language()}.json`), 'utf8') });
const ROOT = process.argv[2] || path.resolve(__dirname, '../cases');
const SECTION = /^:([A-Za-z0-9_-]+)\s*$/;
function sections(text) { const m = new Map(); let name = null, body = []; for (const line of text.split(/\r?\n/)) { const x = SECTION.exec(line); if (x) { if (name) m.set(name, body.join('\n')); name = x[1]; body = []; } else if (name) body.push(line); } if (name) m.set(name, body.join('\n')); return m; }
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
let pass = 0, fail = 0;
const filter = process.argv[3];
for (const file of walk(ROOT).sort()) {
  if (filter && !file.includes(filter)) continue;
  const s = sections(fs.readFileSync(file, 'utf8'));
  const params = s.get('PARAMS') ? JSON.parse(s.get('PARAMS')) : {};
  const json = s.get('JSON') && s.get('JSON').trim() ? JSON.parse(s.get('JSON')) : {};
  const partials = s.get('PARTIALS') ? JSON.parse(s.get('PARTIALS')) : undefined;
  let injects = s.get('INJECT') ? JSON.parse(s.get('INJECT')) : undefined;
  if (injects) for (const k of Object.keys(injects)) { try { injects[k] = JSON.parse(injects[k]); } catch { } }
  const locale = params.locale || 'en';
  const c = new Compiler();
  let out = '', errors = [];
  try {
    const r = c.execute({ cldr: fw.get(locale), now: params.now, code: s.get('TEMPLATE'), json, partials, injects, enableExpr: true, enableInclude: true });
    out = r.ctx.render(); errors = r.errors.map((e) => e.message);
  } catch (e) { out = 'THROW ' + e.message; }
  const problems = [];
  if (s.has('OUTPUT') && out.trim() !== s.get('OUTPUT').trim()) problems.push(`output\n   want ${JSON.stringify(s.get('OUTPUT').trim())}\n   got  ${JSON.stringify(out.trim())}`);
  if (s.has('CONTAINS')) for (const line of s.get('CONTAINS').split('\n').filter(Boolean)) if (!out.includes(line)) problems.push(`missing ${JSON.stringify(line)} in ${JSON.stringify(out)}`);
  if (s.has('ERRORS')) { const left = [...errors]; for (const want of JSON.parse(s.get('ERRORS'))) { const i = left.findIndex((m) => m.includes(want)); if (i < 0) problems.push(`no error with ${JSON.stringify(want)}: ${JSON.stringify(errors)}`); else left.splice(i, 1); } }
  if (s.has('ERROR-COUNT') && errors.length !== Number(s.get('ERROR-COUNT'))) problems.push(`error count ${errors.length}, want ${s.get('ERROR-COUNT').trim()}: ${JSON.stringify(errors)}`);
  if (problems.length) { fail++; console.log(`FAIL ${path.relative(ROOT, file)}\n  ${problems.join('\n  ')}`); } else pass++;
}
console.log(`reference: ${pass} passed, ${fail} failed`);
