/** Where a background job reports a failed round. */
export interface JobLog {
  warn(details: object, message: string): void;
}

export interface RepeatingJobOptions {
  /** What the log calls it: 'review request' makes 'review request round failed; trying again'. */
  name: string;
  /** The pause after a round that left nothing waiting, or that failed; 0 or less never starts the loop. */
  intervalMs: number;
  log?: JobLog;
}

/**
 * Runs a background job's rounds in this process: one at once, then the next after `intervalMs`, or at once when
 * the round says more is waiting (it did a full batch). A failed round is logged and tried again after the pause.
 * Every listening process runs its own loop; the rounds' claims (`FOR UPDATE SKIP LOCKED`) keep them apart, so the
 * loop itself holds nothing that must survive a restart.
 */
export class RepeatingJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(
    private readonly round: () => Promise<{ moreWaiting: boolean }>,
    private readonly options: RepeatingJobOptions,
  ) {}

  start(): void {
    if (!this.#stopped || this.options.intervalMs <= 0) return;
    this.#stopped = false;
    const loop = async () => {
      if (this.#stopped) return;
      let moreWaiting = false;
      try {
        const running = this.round();
        this.#running = running;
        moreWaiting = (await running).moreWaiting;
      } catch (error) {
        this.options.log?.warn({ err: error }, `${this.options.name} round failed; trying again`);
      }
      if (!this.#stopped) this.#timer = setTimeout(() => void loop(), moreWaiting ? 0 : this.options.intervalMs);
    };
    void loop();
  }

  /** Stops after the round in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }
}
