/**
 * Plays the user's browser on the sandbox portal with plain fetch: opens the authorize URL,
 * fills the login form, answers the consent form (hidden fields and CSRF token included), and
 * returns the Location of the final redirect that leaves the portal (the app's redirect URI).
 */

/** Who signs in, and what they click on the consent page. */
export interface BrowserUser {
  email: string;
  password?: string;
  decision?: 'allow' | 'deny';
}

interface Form {
  action: string;
  method: string;
  fields: Map<string, string>;
  /** Submit buttons: name → value (e.g. decision → allow/deny). */
  buttons: { name: string; value: string }[];
  hasPassword: boolean;
}

const MAX_STEPS = 10;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const e = entity.toLowerCase();
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!;
  });
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z_:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs.set(m[1]!.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

/** Every form of a page with its inputs and submit buttons. */
function parseForms(html: string): Form[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => {
    const attrs = attributes(m[1]!);
    const fields = new Map<string, string>();
    const buttons: { name: string; value: string }[] = [];
    let hasPassword = false;
    for (const input of m[2]!.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(input[1]!);
      const name = a.get('name');
      if (a.get('type') === 'password') hasPassword = true;
      if (name) fields.set(name, a.get('value') ?? '');
    }
    for (const button of m[2]!.matchAll(/<button\b([^>]*)>/gi)) {
      const a = attributes(button[1]!);
      if (a.get('name')) buttons.push({ name: a.get('name')!, value: a.get('value') ?? '' });
    }
    return {
      action: attrs.get('action') ?? '',
      method: (attrs.get('method') ?? 'get').toLowerCase(),
      fields,
      buttons,
      hasPassword,
    };
  });
}

/** A cookie jar of name=value pairs (the portal uses one path-scoped session cookie). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      if (i > 0) this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
  }
  header(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}

/**
 * Drives authorize → login → consent → decision and returns the Location of the final 302
 * (e.g. `com.frontdesk.app:/oauth/callback?code=…&state=…`, or an error redirect). Throws
 * with the page text when the portal shows an error page instead.
 */
export async function approveInBrowser(authorizeUrl: string, user: BrowserUser): Promise<string> {
  const { email, password = 'sandbox', decision = 'allow' } = user;
  const portal = new URL(authorizeUrl).origin;
  const jar = new Jar();
  let request: { url: string; init: RequestInit } = { url: authorizeUrl, init: { method: 'GET' } };
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await fetch(request.url, {
      ...request.init,
      redirect: 'manual',
      headers: { ...jar.header(), ...(request.init.headers as Record<string, string>) },
    });
    jar.take(response);
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new Error(`${response.status} without a Location at ${request.url}`);
      let next: URL;
      try {
        next = new URL(location, request.url);
      } catch {
        return location;
      }
      // Leaving the portal: this is the redirect the app receives.
      if (next.origin !== portal || (next.protocol !== 'http:' && next.protocol !== 'https:')) return location;
      request = { url: next.toString(), init: { method: 'GET' } };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`the portal answered ${response.status} at ${request.url}: ${textOf(html)}`);
    const forms = parseForms(html);
    const login = forms.find((f) => f.hasPassword);
    const consent = forms.find((f) => f.buttons.some((b) => b.value === decision));
    let form: Form;
    const fields = new Map<string, string>();
    if (login) {
      form = login;
      for (const [k, v] of login.fields) fields.set(k, v);
      fields.set('email', email);
      fields.set('password', password);
    } else if (consent) {
      form = consent;
      for (const [k, v] of consent.fields) fields.set(k, v);
      const button = consent.buttons.find((b) => b.value === decision)!;
      fields.set(button.name, button.value);
    } else {
      throw new Error(`no login or consent form at ${request.url}: ${textOf(html)}`);
    }
    const target = new URL(form.action || request.url, request.url).toString();
    request = {
      url: target,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([...fields]).toString(),
      },
    };
  }
  throw new Error(`no redirect out of the portal after ${MAX_STEPS} steps`);
}

function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<style[\s\S]*?<\/style>/gi, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  )
    .trim()
    .slice(0, 300);
}
