/** Per-route response counters served at GET /__sandbox/stats. */

/** `{"GET /v1/contacts": {"200": 12, "reset": 1}}` — method + route pattern → status → count. */
export type RequestCounts = Record<string, Record<string, number>>;

/** Counts responses by method + route pattern (not raw URL). */
export class RequestStats {
  private counts: RequestCounts = {};

  /** Adds one response (`status` may be "reset" for a destroyed connection). */
  record(method: string, route: string | undefined, status: string): void {
    const key = `${method} ${route ?? '(unmatched)'}`;
    const row = (this.counts[key] ??= {});
    row[status] = (row[status] ?? 0) + 1;
  }

  /** A copy of the counts. */
  snapshot(): RequestCounts {
    return structuredClone(this.counts);
  }

  /** Forgets everything. */
  reset(): void {
    this.counts = {};
  }
}
