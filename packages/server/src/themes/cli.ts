import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkTheme, formatProblem, type ThemeProblem } from './check';
import { packThemeFiles } from './archive';
import { disallowedThemeFile, readThemeFolder } from './files';
import { validateThemeManifest } from './manifest';

/**
 * `npm run theme -- check DIR` · `npm run theme -- dev DIR [--port N]` · `npm run theme -- pack DIR [OUT]`
 * (packages/theme/README.md, "Writing a theme"). check prints each problem as `file:line: message` and exits 1
 * when there is one; dev serves the demo site (a fresh embedded database in a temporary DATA_DIR, seeded as
 * `npm start` seeds) rendered with the theme, reloading the browser on every save; pack checks, then zips the
 * files a theme may hold (the rest is listed as left out).
 */
const USAGE = 'usage: npm run theme -- check DIR | dev DIR [--port N] | pack DIR [OUT.zip]';

export function checkThemeFolder(dir: string): ThemeProblem[] {
  const { files } = readThemeFolder(dir);
  return checkTheme(files, { validateManifest: validateThemeManifest });
}

function report(problems: ThemeProblem[]): boolean {
  for (const problem of problems) console.error(formatProblem(problem));
  return problems.length === 0;
}

async function pack(dir: string, out: string | undefined): Promise<number> {
  if (!report(checkThemeFolder(dir))) return 1;
  const { files, skipped } = readThemeFolder(dir);
  for (const file of [...files.keys()]) {
    if (disallowedThemeFile(file)) {
      files.delete(file);
      skipped.push(file);
    }
  }
  const name = path.basename(path.resolve(dir));
  const target = path.resolve(out ?? `${name}.zip`);
  writeFileSync(target, await packThemeFiles(files));
  if (skipped.length > 0) console.log(`Left out (not theme files): ${skipped.sort().join(', ')}`);
  console.log(`Packed ${files.size} files into ${target}`);
  return 0;
}

/** `theme dev`'s server (theme-cli.ts builds it, as main.ts builds the app): resolves when it stops. */
export type StartThemeDevServer = (dir: string, port: number) => Promise<number>;

export async function runThemeCommand(args: readonly string[], startDevServer: StartThemeDevServer): Promise<number> {
  const [command, dir, ...rest] = args;
  if (!dir) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'check') {
    const ok = report(checkThemeFolder(dir));
    if (ok) console.log(`${dir}: no problems`);
    return ok ? 0 : 1;
  }
  if (command === 'pack') return pack(dir, rest[0]);
  if (command === 'dev') {
    const portIndex = rest.indexOf('--port');
    const port = Number(portIndex === -1 ? (process.env.PORT ?? 4000) : rest[portIndex + 1]);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error(USAGE);
      return 2;
    }
    report(checkThemeFolder(dir));
    return startDevServer(path.resolve(dir), port);
  }
  console.error(USAGE);
  return 2;
}
