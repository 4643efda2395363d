import { readFileSync } from 'node:fs';
import { systemActor } from '../actor';
import { openDatabaseFromEnv } from '../db/database';
import { migrate } from '../db/migrate';
import { isFailure } from '../failures';
import { deletePlatformExperiment, listPlatformExperiments, savePlatformExperiment } from './definitions-service';

/**
 * The operator's platform-wide experiments (issue 19): every website has them unless it defines one of the same
 * name, and owners see them read-only.
 *   npm run experiments -- list
 *   npm run experiments -- set FILE.json      (a definition: { name, experimentType, variants, segment?, status?, … })
 *   npm run experiments -- delete NAME
 * It opens the database the server uses (DATA_DIR or DATABASE_URL); with PGlite stop the server first.
 */
export const EXPERIMENTS_USAGE = 'usage: npm run experiments -- list | set FILE.json | delete NAME';

export type ExperimentsCommand = { command: 'list' } | { command: 'set'; file: string } | { command: 'delete'; name: string } | { error: string };

export function parseExperimentsCommand(args: readonly string[]): ExperimentsCommand {
  const [command, argument, ...rest] = args;
  if (rest.length > 0) return { error: EXPERIMENTS_USAGE };
  if (command === 'list' && argument === undefined) return { command: 'list' };
  if (command === 'set' && argument) return { command: 'set', file: argument };
  if (command === 'delete' && argument) return { command: 'delete', name: argument };
  return { error: EXPERIMENTS_USAGE };
}

async function main(): Promise<number> {
  const parsed = parseExperimentsCommand(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    return 2;
  }
  const database = await openDatabaseFromEnv(process.env);
  const actor = systemActor('experiments-cli');
  try {
    await migrate(database.db);
    if (parsed.command === 'list') {
      for (const experiment of await listPlatformExperiments(database.db, actor)) {
        console.log(`${experiment.name}  ${experiment.experimentType}  ${experiment.status}  ${experiment.variants.map((variant) => `${variant.name}:${variant.weight}`).join(' ')}`);
      }
    } else if (parsed.command === 'set') {
      const saved = await savePlatformExperiment(database.db, actor, JSON.parse(readFileSync(parsed.file, 'utf8')));
      console.log(`Saved ${saved.name} (version ${saved.version}).`);
    } else {
      await deletePlatformExperiment(database.db, actor, parsed.name);
      console.log(`Deleted ${parsed.name}.`);
    }
    return 0;
  } catch (error) {
    if (isFailure(error)) {
      console.error([error.message, ...Object.entries(error.errors ?? {}).map(([field, message]) => `  ${field}: ${message}`)].join('\n'));
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
