/**
 * RFC 8252 §7.3 loopback redirect: a listener on 127.0.0.1 (or [::1]) and an ephemeral port, alive only
 * for one sign-in attempt, that hands /oauth/callback to handleRedirect and answers with a
 * short page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening receiver. */
export interface LoopbackReceiver {
  redirectUri: string;
  close(): Promise<void>;
}

/** Outcome shown on the browser tab. */
export interface RedirectOutcome {
  ok: boolean;
  message: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(outcome: RedirectOutcome): string {
  const title = outcome.ok ? 'You are signed in to Frontdesk' : 'Frontdesk could not sign you in';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:15vh auto;max-width:32rem;padding:0 1rem;color:#1d2430}h1{font-size:1.3rem}</style></head>
<body><h1>${title}</h1><p>${escape(outcome.message)}</p><p>You can close this tab and return to Frontdesk.</p></body></html>`;
}

/** Starts the receiver; `template` is the configured loopback redirect (its port is replaced). */
export async function startLoopbackReceiver(
  template: string,
  onRedirect: (url: string) => Promise<RedirectOutcome>,
): Promise<LoopbackReceiver> {
  const base = new URL(template);
  let port = 0;
  const server = createServer((req, res) => {
    // `port` and not server.address(): a kept-alive connection may still ask after close().
    const url = new URL(req.url ?? '/', `http://${base.hostname}:${port}`);
    // Only the browser coming back to the exact address we gave the service; anything else (another method, path
    // or Host, e.g. a page reaching the port under another name) is a 404 and never reaches the attempt.
    if (req.method !== 'GET' || url.pathname !== base.pathname || req.headers.host !== `${base.hostname}:${port}`) {
      res.writeHead(404, { 'content-type': 'text/plain', connection: 'close' }).end('Not found');
      return;
    }
    void onRedirect(url.toString()).then((outcome) => {
      res.writeHead(outcome.ok ? 200 : 400, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        // One answer per connection, so close() is not held up by a kept-alive browser socket.
        connection: 'close',
      });
      res.end(page(outcome));
    });
  });
  await new Promise<void>((done, failed) => {
    server.once('error', failed);
    // The address the redirect names (config allows 127.0.0.1 or [::1]), never a wildcard.
    server.listen(0, base.hostname === '[::1]' ? '::1' : '127.0.0.1', () => done());
  });
  port = (server.address() as AddressInfo).port;
  const redirect = new URL(template);
  redirect.port = String(port);
  return {
    redirectUri: redirect.toString(),
    close: () =>
      new Promise<void>((done) => {
        // Let an answer in flight finish; cut anything left after a moment.
        const force = setTimeout(() => server.closeAllConnections(), 2000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          done();
        });
        server.closeIdleConnections();
      }),
  };
}
