import { objectStoreFromEnv, objectStoreFromUrl } from './from-url';
import { migrateObjects } from './migrate';

/**
 * `npm run storage -- migrate --to URL [--from URL]`: copies every stored file (pictures, downloads, lesson
 * videos, themes) from the store the server uses now (STORAGE_URL, else DATA_DIR's disk; or --from) to another
 * (--to, e.g. s3://bucket?endpoint=…&region=…&forcePathStyle=true), each verified by SHA-256. Run it again after
 * an interruption: what is already copied is checked and skipped. See the server README, "Storage", for the
 * switch-over with no downtime.
 */
const USAGE = 'Usage: npm run storage -- migrate --to URL [--from URL]';

export async function runStorageCommand(args: readonly string[], env: NodeJS.ProcessEnv, out: { say(line: string): void; fail(line: string): void }): Promise<number> {
  const flag = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const to = flag('to');
  if (args[0] !== 'migrate' || !to) {
    out.fail(USAGE);
    return 2;
  }
  const fromUrl = flag('from');
  // The source without the fallback: moving reads what is really in the old store.
  const from = fromUrl ? objectStoreFromUrl(fromUrl, env).store : objectStoreFromEnv({ ...env, STORAGE_FALLBACK_URL: undefined }).store;
  const target = objectStoreFromUrl(to, env).store;
  out.say(`Copying every file from ${from.description} to ${target.description} …`);
  const report = await migrateObjects(from, target);
  out.say(`Done: ${report.copied} copied (${report.bytes} bytes), ${report.alreadyThere} already there, ${report.vanished} removed meanwhile. Every file is verified by SHA-256.`);
  out.say(`Now set STORAGE_URL=${to} on every process and remove STORAGE_FALLBACK_URL.`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStorageCommand(process.argv.slice(2), process.env, { say: (line) => console.log(line), fail: (line) => console.error(line) })
    .then((code) => process.exit(code))
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
