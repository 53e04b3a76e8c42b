/** Starts a server on its usual port, or on a free one when that port is taken, and says which happened. */

/** What was started, and on which port. */
export interface Placed<T> {
  server: T;
  /** True when the preferred port was taken and a free one was used instead. */
  moved: boolean;
}

/**
 * Calls `start(preferred)`; if that port is in use (EADDRINUSE), calls `start(0)` so the system picks a free one.
 * Any other failure is passed on.
 */
export async function onPreferredPort<T>(preferred: number, start: (port: number) => Promise<T>): Promise<Placed<T>> {
  try {
    return { server: await start(preferred), moved: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return { server: await start(0), moved: true };
  }
}

/** The port of a `http://host:port/...` URL. */
export function portOf(url: string): number {
  return Number(new URL(url).port);
}
