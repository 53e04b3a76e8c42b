/** `npm start` keeps going when 5180 or 4010 is taken: it uses a free port and says so. */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { onPreferredPort } from '../../../scripts/preferred-port';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((ok) => s.close(ok))));
});

/** Listens on `port` (0 = any free one) on 127.0.0.1; resolves to the server. */
function listen(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      ok(server);
    });
  });
}
const portOf = (s: Server) => (s.address() as { port: number }).port;

describe('onPreferredPort', () => {
  it('uses the usual port when it is free', async () => {
    const probe = await listen(0);
    const free = portOf(probe);
    await new Promise((ok) => probe.close(ok));
    servers.splice(servers.indexOf(probe), 1);
    const placed = await onPreferredPort(free, listen);
    expect(placed.moved).toBe(false);
    expect(portOf(placed.server)).toBe(free);
  });

  it('moves to a free port, and says so, when the usual one is taken', async () => {
    const taken = portOf(await listen(0));
    const placed = await onPreferredPort(taken, listen);
    expect(placed.moved).toBe(true);
    expect(portOf(placed.server)).not.toBe(taken);
    expect(portOf(placed.server)).toBeGreaterThan(0);
  });

  it('passes on any other failure instead of hiding it behind another port', async () => {
    const refused = Object.assign(new Error('permission denied'), { code: 'EACCES' });
    await expect(onPreferredPort(80, () => Promise.reject(refused))).rejects.toThrow('permission denied');
  });
});
