/**
 * Request counts per website for /metrics, with a bounded number of label values however many websites one process
 * serves: the busiest `shown` websites have a series of their own and every other request counts under "other".
 *
 * Which websites are busiest is estimated with the space-saving algorithm (Metwally, Agrawal, El Abbadi 2005): at
 * most `tracked` candidates are counted; a website not among them replaces the least counted one and inherits its
 * count plus one, so memory stays bounded and a website that is really among the busiest is never missed. The
 * shown set is settled when the metrics are scraped, not per request.
 *
 * Counters must only go up: a website's series counts the requests since it got its label (the first `shown`
 * websites seen get one at once, so a one-site process counts exactly), and "other" keeps what it counted before.
 * A website that drops out of the busiest loses its series (Prometheus marks it stale) and counts under "other".
 */
export const OTHER_WEBSITES = 'other';

export class BusiestWebsites {
  readonly #estimates = new Map<string, number>();
  readonly #shownCounts = new Map<string, number>();
  #other = 0;

  constructor(
    readonly shown = 20,
    readonly tracked = shown * 5,
  ) {}

  /** One request served for `websiteId`: two map updates, and a scan of the candidates when a new one displaces the least. */
  record(websiteId: string): void {
    const estimate = this.#estimates.get(websiteId);
    if (estimate !== undefined) this.#estimates.set(websiteId, estimate + 1);
    else if (this.#estimates.size < this.tracked) this.#estimates.set(websiteId, 1);
    else {
      let least: string | undefined;
      let leastCount = Infinity;
      for (const [candidate, count] of this.#estimates) {
        if (count < leastCount) {
          least = candidate;
          leastCount = count;
        }
      }
      this.#estimates.delete(least!);
      this.#estimates.set(websiteId, leastCount + 1);
    }
    const shownCount = this.#shownCounts.get(websiteId);
    if (shownCount !== undefined) this.#shownCounts.set(websiteId, shownCount + 1);
    else if (this.#shownCounts.size < this.shown) this.#shownCounts.set(websiteId, 1);
    else this.#other += 1;
  }

  /** Settles the shown set to the busiest candidates (demoting the others) and answers the counts to export. */
  settle(): { websites: ReadonlyMap<string, number>; other: number } {
    const busiest = new Set(
      [...this.#estimates]
        .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1))
        .slice(0, this.shown)
        .map(([websiteId]) => websiteId),
    );
    for (const websiteId of this.#shownCounts.keys()) if (!busiest.has(websiteId)) this.#shownCounts.delete(websiteId);
    for (const websiteId of busiest) if (!this.#shownCounts.has(websiteId)) this.#shownCounts.set(websiteId, 0);
    return { websites: this.#shownCounts, other: this.#other };
  }
}
