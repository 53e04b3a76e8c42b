/** The HTML portal: GET /oauth/authorize, sign-in, consent (CSRF-protected) and sign-out. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../platform';
import { findUserByEmail } from '../users';
import { checkAuthorize, errorRedirect, withParams } from './authorize-request';
import type { OAuthClient } from './clients';
import { consentPage, errorPage, loginPage } from './pages';
import type { PendingAuthorization, PortalSession } from './store';
import { safeEqual } from './tokens';

/** Name of the portal session cookie. */
const SESSION_COOKIE = 'sandbox_session';

const EXPIRED = 'This sign-in request is unknown or has expired. Go back to the application and start again.';

type Form = Record<string, unknown>;

function field(body: unknown, name: string): string {
  const v = body && typeof body === 'object' ? (body as Form)[name] : undefined;
  return typeof v === 'string' ? v : '';
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      // No form-action: browsers apply it to the consent POST's redirect, which must reach the app's redirect_uri.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(body)
  );
}

/** Registers the portal routes. */
export function registerPortal(app: FastifyInstance, p: Platform): void {
  const clientOf = (pending: PendingAuthorization): OAuthClient => p.clients.find((c) => c.id === pending.clientId)!;
  const session = (req: FastifyRequest): PortalSession | null => p.store.getSession(req.cookies[SESSION_COOKIE]);
  const userOf = (s: PortalSession) => p.ctx.users.find((u) => u.id === s.userId)!;

  /** Refusal of a private app to anyone but its registrant (after sign-in, as a redirect). */
  const refusal = (pending: PendingAuthorization, s: PortalSession): string | null => {
    const client = clientOf(pending);
    if (client.published || client.registrantId === s.userId) return null;
    p.store.pending.delete(pending.id);
    return errorRedirect(
      pending.redirectUri,
      'access_denied',
      'this application is private: only the user who registered it can authorize it',
      pending.state,
    );
  };

  const showConsent = (reply: FastifyReply, pending: PendingAuthorization, s: PortalSession): FastifyReply => {
    const refused = refusal(pending, s);
    if (refused) return reply.redirect(refused, 302);
    if (pending.sessionId !== null && pending.sessionId !== s.id) {
      return html(reply, 403, errorPage('Request belongs to another session', EXPIRED));
    }
    pending.sessionId = s.id;
    const user = userOf(s);
    const client = clientOf(pending);
    return html(
      reply,
      200,
      consentPage({
        rid: pending.id,
        csrf: s.csrf,
        clientName: client.name,
        userEmail: user.email,
        accountName: user.accountName,
        scopes: pending.scopes,
      }),
    );
  };

  app.get('/oauth/authorize', async (req, reply) => {
    const check = checkAuthorize((req.query ?? {}) as Form, p.clients);
    if (check.kind === 'page') return html(reply, 400, errorPage(check.title, check.message));
    if (check.kind === 'redirect') return reply.redirect(check.location, 302);
    const { client, ...rest } = check.params;
    const pending = p.store.addPending({ clientId: client.id, ...rest });
    const s = session(req);
    if (s) return reply.redirect(withParams('/oauth/consent', { rid: pending.id }), 303);
    return html(reply, 200, loginPage({ rid: pending.id, clientName: client.name }));
  });

  app.post('/oauth/login', async (req, reply) => {
    const pending = p.store.getPending(field(req.body, 'rid'));
    if (!pending) return html(reply, 400, errorPage('Request expired', EXPIRED));
    const email = field(req.body, 'email');
    const user = findUserByEmail(p.ctx.users, email);
    if (!user || !safeEqual(field(req.body, 'password'), user.password)) {
      const error = 'Wrong email or password. Please try again.';
      return html(reply, 401, loginPage({ rid: pending.id, clientName: clientOf(pending).name, email, error }));
    }
    const s = p.store.createSession(user.id);
    reply.setCookie(SESSION_COOKIE, s.id, { path: '/oauth', httpOnly: true, sameSite: 'lax' });
    return reply.redirect(withParams('/oauth/consent', { rid: pending.id }), 303);
  });

  app.get('/oauth/consent', async (req, reply) => {
    const pending = p.store.getPending(field(req.query, 'rid'));
    if (!pending) return html(reply, 400, errorPage('Request expired', EXPIRED));
    const s = session(req);
    if (!s) return html(reply, 200, loginPage({ rid: pending.id, clientName: clientOf(pending).name }));
    return showConsent(reply, pending, s);
  });

  app.post('/oauth/consent', async (req, reply) => {
    const pending = p.store.getPending(field(req.body, 'rid'));
    if (!pending) return html(reply, 400, errorPage('Request expired', EXPIRED));
    const s = session(req);
    if (!s) {
      const error = 'Your session has ended. Please sign in again.';
      return html(reply, 401, loginPage({ rid: pending.id, clientName: clientOf(pending).name, error }));
    }
    if (pending.sessionId !== s.id || !safeEqual(field(req.body, 'csrf'), s.csrf)) {
      return html(
        reply,
        403,
        errorPage('Invalid form', 'The form could not be verified (CSRF check failed). Start again.'),
      );
    }
    const decision = field(req.body, 'decision');
    if (decision !== 'allow' && decision !== 'deny') {
      return html(reply, 400, errorPage('Invalid form', 'Choose Allow or Deny.'));
    }
    const refused = refusal(pending, s);
    if (refused) return reply.redirect(refused, 302);
    p.store.pending.delete(pending.id);
    if (decision === 'deny') {
      return reply.redirect(
        errorRedirect(pending.redirectUri, 'access_denied', 'the user denied access', pending.state),
        302,
      );
    }
    const code = p.store.issueCode(pending, s.userId, p.ctx.options.codeTtlS);
    return reply.redirect(withParams(pending.redirectUri, { code, state: pending.state }), 302);
  });

  app.post('/oauth/logout', async (req, reply) => {
    const s = session(req);
    if (s) p.store.sessions.forEach((v, k) => v.id === s.id && p.store.sessions.delete(k));
    reply.clearCookie(SESSION_COOKIE, { path: '/oauth' });
    const pending = p.store.getPending(field(req.body, 'rid'));
    if (!pending) return html(reply, 200, errorPage('Signed out', 'You are signed out.'));
    pending.sessionId = null;
    return html(reply, 200, loginPage({ rid: pending.id, clientName: clientOf(pending).name }));
  });
}
