import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabaseFromEnv, type OpenDatabase } from '../db/database';
import { backupInstall } from './backup';
import { RestoreRefused, restoreInstall } from './restore';
import { migrate } from '../db/migrate';
import { objectStoreFromEnv } from '../storage';
import { runSitesCommand, SITES_ACTIONS, SITES_USAGE } from './sites-command';
import { OPERATORS_ACTIONS, OPERATORS_USAGE, runOperatorsCommand } from './operators-command';

/**
 * `npm run platform -- COMMAND …`: the operator's commands for the whole install. Each opens the database the server
 * uses (DATABASE_URL, else the embedded one in DATA_DIR; DATA_DIR also holds the files). The embedded database allows
 * one process at a time, so with PGlite stop the server first; PostgreSQL needs no such thing.
 *
 * The commands are a table: a new one is an entry (its usage line, what it does, and its run function).
 */
export interface OperatorCommand {
  /** The arguments after the command's name, as the usage shows them. */
  arguments: string;
  summary: string;
  /** Answers the exit code; a thrown error prints its message and exits 1. */
  run(args: readonly string[], env: NodeJS.ProcessEnv, out: OperatorOutput): Promise<number>;
}

export interface OperatorOutput {
  say(line: string): void;
  fail(line: string): void;
}

export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.DATA_DIR || './data');
}

/** The install's database, opened for one command and closed after it. */
async function withDatabase<T>(env: NodeJS.ProcessEnv, work: (database: OpenDatabase) => Promise<T>): Promise<T> {
  const database = await openDatabaseFromEnv(env);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

const where = (env: NodeJS.ProcessEnv) => (env.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${dataDirOf(env)}`);

export const OPERATOR_COMMANDS: Readonly<Record<string, OperatorCommand>> = {
  sites: {
    arguments: 'ACTION …',
    summary: `The websites of the install (many websites: PLATFORM_DOMAIN). One of:\n  npm run platform -- ${SITES_USAGE}`,
    async run(args, env, out) {
      if (!SITES_ACTIONS.includes(args[0] ?? '')) return usage(out);
      // A new install may be empty: the migrations first, as a server start does.
      return withDatabase(env, async (database) => {
        await migrate(database.db);
        return runSitesCommand(database.db, args, env, out);
      });
    },
  },
  operators: {
    arguments: 'ACTION …',
    summary: `Who may use the operator page at {PLATFORM_DOMAIN}/operator (platform accounts; granted only here):\n  npm run platform -- ${OPERATORS_USAGE}`,
    async run(args, env, out) {
      if (!OPERATORS_ACTIONS.includes(args[0] ?? '')) return usage(out);
      return withDatabase(env, async (database) => {
        await migrate(database.db);
        return runOperatorsCommand(database.db, args, out);
      });
    },
  },
  backup: {
    arguments: 'DIR',
    summary: 'Back up the whole install (every table, and every file of STORAGE_URL or DATA_DIR) into DIR, a new or empty folder.',
    async run([dir, ...rest], env, out) {
      if (!dir || rest.length > 0) return usage(out);
      if (!env.DATABASE_URL && !existsSync(path.join(dataDirOf(env), 'pglite', 'PG_VERSION'))) {
        out.fail(`There is no embedded database in ${dataDirOf(env)} to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
        return 1;
      }
      const started = Date.now();
      // The files come through the storage port: STORAGE_URL's bucket, or DATA_DIR's disk (as the server).
      const objects = objectStoreFromEnv({ ...env, DATA_DIR: dataDirOf(env) }).store;
      out.say(`Backing up ${where(env)} and the files of ${objects.description} into ${path.resolve(dir)}…`);
      const manifest = await withDatabase(env, (database) =>
        backupInstall({ db: database.db, kind: database.kind, dataDir: dataDirOf(env), objects }, dir, { progress: (line) => out.say(line) }),
      );
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
      out.say(`Backed up ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files (${bytes} bytes) in ${seconds(started)}.`);
      return 0;
    },
  },
  restore: {
    arguments: 'DIR',
    summary: 'Restore the backup in DIR into this install, which must be empty (a new DATA_DIR, or a new PostgreSQL database).',
    async run([dir, ...rest], env, out) {
      if (!dir || rest.length > 0) return usage(out);
      const started = Date.now();
      const objects = objectStoreFromEnv({ ...env, DATA_DIR: dataDirOf(env) }).store;
      out.say(`Restoring ${path.resolve(dir)} into ${where(env)} and ${objects.description}…`);
      try {
        const report = await withDatabase(env, (database) =>
          restoreInstall({ db: database.db, kind: database.kind, dataDir: dataDirOf(env), objects }, dir, { progress: (line) => out.say(line) }),
        );
        out.say(`Restored ${report.tables} tables (${report.rows} rows) and ${report.files} files in ${seconds(started)}. Start the server to serve them.`);
        return 0;
      } catch (error) {
        if (!(error instanceof RestoreRefused)) throw error;
        out.fail(error.message);
        return 1;
      }
    },
  },
};

export function usageText(): string {
  const lines = Object.entries(OPERATOR_COMMANDS).map(([name, command]) => `  npm run platform -- ${`${name} ${command.arguments}`.padEnd(24)} ${command.summary}`);
  return `usage:\n${lines.join('\n')}`;
}

function usage(out: OperatorOutput): number {
  out.fail(usageText());
  return 2;
}

/** Runs the command `args` name: 2 for an unknown one or bad arguments (with the usage), else the command's code. */
export async function runOperatorCommand(args: readonly string[], env: NodeJS.ProcessEnv, out: OperatorOutput): Promise<number> {
  const [name, ...rest] = args;
  const command = name !== undefined && Object.hasOwn(OPERATOR_COMMANDS, name) ? OPERATOR_COMMANDS[name] : undefined;
  if (!command) return usage(out);
  return command.run(rest, env, out);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const out: OperatorOutput = { say: (line) => console.log(line), fail: (line) => console.error(line) };
  runOperatorCommand(process.argv.slice(2), process.env, out).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
