/** A tiny HTTP service that can be stopped and started again on the same port. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers every request with `status`; `stop()`/`start()` flip reachability. */
export async function toggleServer(status = 401) {
  let server: Server | null = null;
  let port = 0;
  let hits = 0;
  const start = async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((done) => server!.listen(port, '127.0.0.1', () => done()));
    port = (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    server?.closeAllConnections();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server = null;
  };
  await start();
  return { url: () => `http://127.0.0.1:${port}`, start, stop, hits: () => hits };
}
