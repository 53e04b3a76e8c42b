/**
 * The log's second line of defence. Callers log only ids, kinds and counts (redaction by
 * construction); this filter still blanks any field named like a secret or a patient detail and
 * any text shaped like a token, a sign-in code, an e-mail address or a phone number.
 */

/** What replaces a redacted value. */
const REDACTED = '[redacted]';

/** Field names (lower case, without `_`/`-`) whose values never reach a log file. */
const SECRET_KEYS = new Set([
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'tokens',
  'code',
  'codeverifier',
  'verifier',
  'codechallenge',
  'state',
  'nonce',
  'authorization',
  'cookie',
  'setcookie',
  'password',
  'secret',
  'clientsecret',
  'key',
  'hostkey',
  'name',
  'firstname',
  'lastname',
  'fullname',
  'givenname',
  'familyname',
  'displayname',
  'patient',
  'contact',
  'user',
  'phone',
  'phones',
  'phonenumber',
  'mobile',
  'email',
  'emails',
  'address',
  'notes',
  'note',
  'body',
  'headers',
]);

const normalize = (key: string) => key.toLowerCase().replace(/[_\-\s]/g, '');

/** Whether a field with this name is blanked whatever its value. */
function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normalize(key));
}

/** Op ids are random UUIDs: they name a change, not a person, and are what support asks for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TEXT_RULES: Array<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, (_m, scheme: string) => `${scheme} ${REDACTED}`],
  // Secrets in query strings, fragments and form bodies.
  [
    /([?&#;\s"]|^)(code|state|code_verifier|code_challenge|access_token|refresh_token|id_token|token|key|client_secret|nonce)=([^&#\s"']*)/gi,
    (_m, lead: string, name: string) => `${lead}${name}=${REDACTED}`,
  ],
  // JSON-ish `"secret_field": "value"` inside a message text.
  [
    /("(?:access_token|refresh_token|id_token|code|code_verifier|state|password|client_secret|authorization|email|phone|name|first_name|last_name)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    (_m, lead: string) => `${lead}"${REDACTED}"`,
  ],
  // JSON Web Tokens.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  // E-mail addresses.
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[e-mail]'],
  // Long opaque strings (tokens, codes, verifiers, keys): 24+ characters of base64url or hex.
  [/(?<![\w/.-])[A-Za-z0-9_-]{24,}={0,2}(?![\w/.-])/g, (match: string) => (UUID.test(match) ? match : REDACTED)],
  // Phone numbers: 7 to 15 digits with the usual separators, but not dates or times.
  [
    /(?<![\w.:-])\+?\(?\d[\d\s().-]{5,22}\d(?![\w:-])/g,
    (match: string) => {
      if (/^\d{4}-\d{2}-\d{2}/.test(match) || /^\d{1,2}:\d{2}/.test(match)) return match;
      const digits = match.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15 ? '[phone]' : match;
    },
  ],
];

/** Blanks secret-shaped and patient-shaped text inside a string. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) {
    out = out.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  }
  return out;
}

/** A copy of `value` with secret fields blanked and every string filtered; cycles and depth are cut. */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 5 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== null && item !== undefined ? REDACTED : redactValue(item, depth + 1, seen);
  }
  return out;
}
