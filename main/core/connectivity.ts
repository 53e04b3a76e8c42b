/**
 * Decides online/offline by probing the service itself; the OS flag only triggers an early
 * probe. Reports every change on the event bus.
 */
import type { Connectivity } from '../../common/contract';
import type { Clock, OsConnectivity } from './platform';

/** Tunables for the probe loop. */
export interface ConnectivityOptions {
  serviceUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  os: OsConnectivity;
  onChange(state: Connectivity): void;
  onlineIntervalMs?: number;
  offlineIntervalMs?: number;
  timeoutMs?: number;
}

/** Gateway answers that mean "the service itself is not there". */
const UNAVAILABLE = new Set([502, 503, 504]);

/** Watches the service's reachability. */
export class ConnectivityMonitor {
  private state: Connectivity = { state: 'checking', checkedAt: null, offlineSince: null, reason: null };
  private cancelTimer: (() => void) | null = null;
  private unsubscribeOs: (() => void) | null = null;
  private inFlight: Promise<Connectivity> | null = null;
  private stopped = true;
  private readonly backListeners = new Set<() => void>();

  constructor(private readonly options: ConnectivityOptions) {}

  /** Calls back each time the service answers again after it did not (or first answers); returns an unsubscribe. */
  onOnline(listener: () => void): () => void {
    this.backListeners.add(listener);
    return () => this.backListeners.delete(listener);
  }

  /** The last known state. */
  current(): Connectivity {
    return this.state;
  }

  /** Starts probing now and on a schedule. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribeOs = this.options.os.onChange(() => void this.check());
    void this.check();
  }

  /** Stops probing. */
  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.unsubscribeOs?.();
    this.unsubscribeOs = null;
  }

  /** Probes now (coalescing concurrent requests) and returns the resulting state. */
  check(): Promise<Connectivity> {
    this.inFlight ??= this.probe().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async probe(): Promise<Connectivity> {
    const { clock } = this.options;
    const reason = await this.reach();
    const now = clock.now();
    const next: Connectivity =
      reason === null
        ? { state: 'online', checkedAt: now, offlineSince: null, reason: null }
        : { state: 'offline', checkedAt: now, offlineSince: this.state.offlineSince ?? now, reason };
    const changed = next.state !== this.state.state || next.reason !== this.state.reason;
    this.state = next;
    if (changed) {
      this.options.onChange(next);
      if (next.state === 'online') for (const listener of this.backListeners) listener();
    }
    this.schedule();
    return next;
  }

  /** Null when the service answered; otherwise a plain-words reason. */
  private async reach(): Promise<string | null> {
    const { os, serviceUrl, timeoutMs = 4000 } = this.options;
    if (!os.isOnline()) return 'This computer is not connected to a network';
    try {
      const response = await this.options.fetch(`${serviceUrl}/v1/userinfo`, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      await response.body?.cancel().catch(() => undefined);
      return UNAVAILABLE.has(response.status) ? 'The service is not answering right now' : null;
    } catch {
      return 'No answer from the service';
    }
  }

  private schedule(): void {
    this.cancelTimer?.();
    if (this.stopped) return;
    const { onlineIntervalMs = 5000, offlineIntervalMs = 2000 } = this.options;
    const delay = this.state.state === 'online' ? onlineIntervalMs : offlineIntervalMs;
    this.cancelTimer = this.options.clock.setTimeout(() => void this.check(), delay);
  }
}
