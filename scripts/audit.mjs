// `node scripts/audit.mjs`: `npm audit --omit=dev` for the production dependencies, with a checked-in list of
// accepted advisories (audit-exceptions.json). Exits 1 on any advisory of moderate or higher severity that has
// no valid (unexpired) exception, or when npm cannot produce an audit for a reason of ours (no lockfile, a broken
// exceptions file).
//
// When the audit service itself does not answer (network down, or a registry or mirror that does not offer the
// advisories endpoint), nothing was learnt about our dependencies: the script says so loudly and exits 0, because
// an unreachable service is not a vulnerability and must not block every build. AUDIT_REQUIRED=1 makes that a
// failure too, for a pipeline that must not ship unaudited.
//
// `--report FILE` evaluates a saved `npm audit --omit=dev --json` output instead of running npm (for review and
// for the script's own tests).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
export const EXCEPTIONS_FILE = path.join(root, 'audit-exceptions.json');
export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];
export const FAILING_FROM = 'moderate';
const AUDIT_TIMEOUT_MS = 120_000;

const rank = (severity) => SEVERITIES.indexOf(severity);

/** The advisory id an exception can name: GHSA-… from the advisory's URL, else npm's numeric source id. */
export function advisoryId(via) {
  const ghsa = /GHSA(-[a-z0-9]{4}){3}/i.exec(via.url ?? '');
  return ghsa ? ghsa[0] : String(via.source);
}

/**
 * The distinct advisories of an `npm audit --json` report (auditReportVersion 2): every object in a
 * vulnerability's `via` is one advisory; strings in `via` only point at another vulnerable package.
 */
export function advisoriesOf(report) {
  const byId = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || via === null) continue;
      const id = advisoryId(via);
      const known = byId.get(id);
      if (known) {
        known.paths.add(vulnerability.name);
        continue;
      }
      byId.set(id, {
        id,
        source: via.source,
        url: via.url ?? '',
        title: via.title ?? '',
        package: via.name ?? vulnerability.name,
        range: via.range ?? '',
        severity: SEVERITIES.includes(via.severity) ? via.severity : 'critical',
        fixAvailable: vulnerability.fixAvailable,
        paths: new Set([vulnerability.name]),
      });
    }
  }
  return [...byId.values()].sort((a, b) => rank(b.severity) - rank(a.severity) || a.id.localeCompare(b.id));
}

/**
 * Checks the exceptions file's shape. It is an object whose `advisories` maps an advisory (GHSA id, URL or
 * npm source id) to `{ reason, expires: 'YYYY-MM-DD' }` or `{ reason, review: '…' }`. Returns the problems found.
 */
export function validateExceptions(file) {
  const problems = [];
  if (typeof file !== 'object' || file === null || typeof file.advisories !== 'object' || file.advisories === null) {
    return ['it must be an object with an "advisories" object'];
  }
  for (const [key, entry] of Object.entries(file.advisories)) {
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${key}: must be an object`);
      continue;
    }
    if (typeof entry.reason !== 'string' || entry.reason.trim() === '') problems.push(`${key}: needs a "reason"`);
    const hasExpiry = typeof entry.expires === 'string';
    const hasReview = typeof entry.review === 'string' && entry.review.trim() !== '';
    if (!hasExpiry && !hasReview) problems.push(`${key}: needs "expires" (YYYY-MM-DD) or a "review" note`);
    if (hasExpiry && !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires)) problems.push(`${key}: "expires" must be YYYY-MM-DD`);
  }
  return problems;
}

/** The exception that names this advisory by GHSA id, URL or npm source id (case-insensitive), if any. */
function exceptionFor(advisory, exceptions) {
  const names = [advisory.id, advisory.url, advisory.source === undefined ? '' : String(advisory.source)]
    .filter(Boolean)
    .map((name) => name.toLowerCase());
  const key = Object.keys(exceptions).find((k) => names.includes(k.toLowerCase()));
  return key === undefined ? undefined : { key, entry: exceptions[key] };
}

/**
 * Sorts each advisory into: failing (moderate or higher, no valid exception), excepted (covered by an
 * unexpired exception), expired (an exception exists but its date has passed: failing too when severe
 * enough) and below (under moderate: reported only). Also lists the exceptions that match nothing.
 * `today` is 'YYYY-MM-DD'; an exception expiring today still holds today.
 */
export function evaluate(report, exceptionsFile, today) {
  const exceptions = exceptionsFile.advisories;
  const result = { failing: [], excepted: [], below: [], unused: [] };
  const used = new Set();
  for (const advisory of advisoriesOf(report)) {
    const exception = exceptionFor(advisory, exceptions);
    if (exception) used.add(exception.key);
    const expired = exception?.entry.expires !== undefined && exception.entry.expires < today;
    if (rank(advisory.severity) < rank(FAILING_FROM)) result.below.push({ advisory, exception });
    else if (exception && !expired) result.excepted.push({ advisory, exception });
    else result.failing.push({ advisory, exception, expired });
  }
  result.unused = Object.keys(exceptions).filter((key) => !used.has(key));
  return result;
}

/**
 * What npm's output means when it holds no report: 'unreachable' when the audit service did not answer
 * (connection errors, time-outs, an HTTP error from the endpoint), otherwise 'error' (a problem of ours).
 */
export function classifyFailure(json, stderr) {
  const message = `${json?.message ?? ''} ${json?.error?.summary ?? ''} ${stderr ?? ''}`;
  if (json?.error?.code && !/^(E\d{3}|ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH)/.test(json.error.code)) {
    return 'error';
  }
  if (typeof json?.statusCode === 'number') return 'unreachable';
  if (/audit endpoint returned an error|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|socket hang up|network|request to .* failed/i.test(message)) {
    return 'unreachable';
  }
  return 'error';
}

function describe(advisory) {
  const fix = advisory.fixAvailable === false ? 'no fix available' : 'fix available (npm audit fix)';
  return `${advisory.severity.padEnd(8)} ${advisory.id}  ${advisory.package} ${advisory.range}  ${advisory.title}\n` +
    `           ${advisory.url}  — in ${[...advisory.paths].join(', ')}; ${fix}`;
}

function runNpmAudit() {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: AUDIT_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error?.code === 'ETIMEDOUT' || result.signal) {
    return { json: null, stderr: `npm audit did not finish within ${AUDIT_TIMEOUT_MS / 1000} s: ETIMEDOUT` };
  }
  let json = null;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // npm printed no JSON: classified from stderr below.
  }
  return { json, stderr: result.stderr ?? '' };
}

function main() {
  const reportArg = process.argv.indexOf('--report');
  const { json, stderr } = reportArg > 0
    ? { json: JSON.parse(readFileSync(process.argv[reportArg + 1], 'utf8')), stderr: '' }
    : runNpmAudit();

  let exceptionsFile;
  try {
    exceptionsFile = JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8'));
  } catch (error) {
    console.log(`audit: cannot read ${path.relative(root, EXCEPTIONS_FILE)}: ${error.message}`);
    return 1;
  }
  const problems = validateExceptions(exceptionsFile);
  if (problems.length) {
    console.log(`audit: ${path.relative(root, EXCEPTIONS_FILE)} is not valid:\n  ${problems.join('\n  ')}`);
    return 1;
  }

  if (!json || json.auditReportVersion === undefined) {
    const npmSaid = (json?.message || json?.error?.summary || stderr.split('\n').find((l) => /error|warn/.test(l)) || stderr).trim();
    if (classifyFailure(json, stderr) === 'unreachable') {
      console.log('audit: NOT RUN — the npm audit service could not be used (unreachable, or the registry does not');
      console.log('       offer it), so nothing is known about the dependencies\' advisories.');
      console.log(`       npm said: ${npmSaid}`);
      if (process.env.AUDIT_REQUIRED === '1') {
        console.log('audit: AUDIT_REQUIRED=1, so an audit that could not run fails the build.');
        return 1;
      }
      console.log('       Not failing the build: an unreachable service is not a vulnerability (AUDIT_REQUIRED=1 to fail).');
      return 0;
    }
    console.log(`audit: npm audit failed: ${npmSaid}`);
    return 1;
  }

  const today = new Date().toISOString().slice(0, 10);
  const { failing, excepted, below, unused } = evaluate(json, exceptionsFile, today);
  const counts = json.metadata?.vulnerabilities ?? {};
  const prod = json.metadata?.dependencies?.prod ?? json.metadata?.dependencies?.total;
  console.log(
    `audit: npm audit --omit=dev${prod !== undefined ? ` (${prod} production packages)` : ''}: ` +
    `${failing.length + excepted.length + below.length} advisories — ` +
    SEVERITIES.slice().reverse().map((s) => `${counts[s] ?? 0} ${s}`).join(', ') + ' (vulnerable packages)',
  );
  for (const { advisory, exception, expired } of failing) {
    const note = expired ? `  (its exception expired on ${exception.entry.expires})` : '';
    console.log(`  FAIL     ${describe(advisory)}${note}`);
  }
  for (const { advisory, exception } of excepted) {
    const until = exception.entry.expires ? `until ${exception.entry.expires}` : `review: ${exception.entry.review}`;
    console.log(`  accepted ${describe(advisory)}\n           accepted (${until}): ${exception.entry.reason}`);
  }
  for (const { advisory } of below) console.log(`  below    ${describe(advisory)}`);
  for (const key of unused) console.log(`  note: the exception for ${key} matches no current advisory: remove it from audit-exceptions.json`);
  if (failing.length) {
    console.log(`audit: FAILED — ${failing.length} advisor${failing.length === 1 ? 'y' : 'ies'} of ${FAILING_FROM} or higher severity without a valid exception. ` +
      'Upgrade, or add a dated exception with its reason to audit-exceptions.json.');
    return 1;
  }
  console.log(`audit: OK — no advisory of ${FAILING_FROM} or higher severity outside audit-exceptions.json.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
