/**
 * The lines a start prints for a person watching it (the structured logs are for machines): one line per slow
 * phase, only when that phase does work — creating the database, applying migrations, seeding the demo — so a
 * start on a ready database prints nothing but where the server listens.
 */
export interface StartupProgress {
  /** Prints `label…`, and ` done in 1.2 s` on the same line when the returned function is called. */
  begin(label: string): () => void;
  /** A line of its own. */
  say(line: string): void;
}

export interface StartupProgressOptions {
  write?: (text: string) => void;
  now?: () => number;
  /** LOG_LEVEL: these lines are information, so warn, error, fatal and silent keep them back (as e2e's servers do). */
  logLevel?: string;
}

const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

export function createStartupProgress({ write = (text) => process.stdout.write(text), now = () => performance.now(), logLevel }: StartupProgressOptions = {}): StartupProgress {
  const quiet = QUIET_LEVELS.has(logLevel ?? 'info');
  return {
    begin(label) {
      if (quiet) return () => {};
      const started = now();
      write(`${label}…`);
      return () => write(` done in ${((now() - started) / 1000).toFixed(1)} s\n`);
    },
    say(line) {
      if (!quiet) write(`${line}\n`);
    },
  };
}
