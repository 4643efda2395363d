/**
 * The analytics calls' own per-visitor budget (on top of the edge's per-address limit, which is shared by every
 * process): fixed windows counted in this process's memory. A beacon is worth little, and counting it in the
 * shared store would cost a database write per beacon, as much as storing it (batched, it costs a fraction of one);
 * with several processes a visitor gets at most this budget in each, which bounds abuse all the same. The map keeps
 * at most `maxVisitors` keys (the oldest go first), so rotating cookies cannot grow it without end.
 */
export class VisitorBudget {
  readonly #windows = new Map<string, { start: number; hits: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxVisitors = 100_000,
  ) {}

  /** Counts one call; answers the seconds to wait when the visitor is over its budget, else 0. */
  take(key: string, nowMs: number): number {
    const start = Math.floor(nowMs / this.windowMs) * this.windowMs;
    let window = this.#windows.get(key);
    if (!window || window.start !== start) {
      this.#windows.delete(key);
      window = { start, hits: 0 };
      this.#windows.set(key, window);
      if (this.#windows.size > this.maxVisitors) this.#windows.delete(this.#windows.keys().next().value!);
    }
    window.hits += 1;
    return window.hits > this.max ? Math.max(1, Math.ceil((start + this.windowMs - nowMs) / 1000)) : 0;
  }
}
