/** Server-rendered portal pages (login, consent, error): plain HTML, every value escaped. */
import type { Scope } from '../context';
import { HIGH_IMPACT, SCOPE_WORDS } from './scopes';

/** Escapes text for HTML element content and double-quoted attributes. */
function esc(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f6f8;color:#1d2733;margin:0}
main{max-width:26rem;margin:4rem auto;background:#fff;border:1px solid #d8dee4;border-radius:8px;padding:2rem}
h1{font-size:1.3rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #aab4be;border-radius:4px;font-size:1rem}
button{font-size:1rem;padding:.55rem 1.2rem;border-radius:4px;border:1px solid #1f5fbf;background:#1f6fd6;color:#fff;cursor:pointer;margin-top:1.2rem}
button.secondary{background:#fff;color:#1d2733;border-color:#aab4be;margin-left:.5rem}
.error{background:#fdecea;border:1px solid #e0a29b;color:#8a1c12;padding:.6rem .8rem;border-radius:4px}
ul.scopes{padding-left:1.2rem}ul.scopes li{margin:.35rem 0}
.high{color:#8a1c12;font-weight:600}.muted{color:#5b6875;font-size:.9rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Sandbox portal</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body></html>`;
}

/** The sign-in page; `rid` is the server-side pending authorize request. */
export function loginPage(opts: { rid: string; clientName: string; email?: string; error?: string }): string {
  const err = opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="muted">to continue to <strong>${esc(opts.clientName)}</strong></p>
${err}
<form method="post" action="/oauth/login">
<input type="hidden" name="rid" value="${esc(opts.rid)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(opts.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** The consent page: app name, each scope in plain words, Allow / Deny. */
export function consentPage(opts: {
  rid: string;
  csrf: string;
  clientName: string;
  userEmail: string;
  accountName: string;
  scopes: readonly Scope[];
}): string {
  const items = opts.scopes
    .map((s) => {
      const high = HIGH_IMPACT.has(s);
      const tag = high ? ' <span class="high">(high impact)</span>' : '';
      return `<li data-scope="${esc(s)}"${high ? ' class="high-impact"' : ''}>${esc(SCOPE_WORDS[s])}${tag} <span class="muted">${esc(s)}</span></li>`;
    })
    .join('\n');
  return layout(
    'Authorize',
    `<h1><strong>${esc(opts.clientName)}</strong> wants to access your account</h1>
<p class="muted">Signed in as ${esc(opts.userEmail)} · ${esc(opts.accountName)}</p>
<p>This will allow ${esc(opts.clientName)} to:</p>
<ul class="scopes">
${items}
</ul>
<form method="post" action="/oauth/consent">
<input type="hidden" name="rid" value="${esc(opts.rid)}">
<input type="hidden" name="csrf" value="${esc(opts.csrf)}">
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>
<form method="post" action="/oauth/logout" class="muted">
<input type="hidden" name="rid" value="${esc(opts.rid)}">
<p>Not ${esc(opts.userEmail)}? <button type="submit" class="secondary">Sign out</button></p>
</form>`,
  );
}

/** An error page shown instead of redirecting (unknown client, bad redirect URI, expired request). */
export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${esc(title)}</h1>\n<p class="error" role="alert">${esc(message)}</p>`);
}
