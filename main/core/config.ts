/**
 * Where Frontdesk finds its service: env vars, else a JSON file in the user-data folder,
 * else the local sandbox. Validated, so a bad value is a clear error, not a crash later.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The default service: the sandbox started by `npm start`. */
export const SANDBOX_URL = 'http://127.0.0.1:4010';

/** Every scope the app uses; configurable through `scopes`. */
export const DEFAULT_SCOPES = [
  'calendars:read',
  'address_books:read',
  'contacts:read',
  'contacts:write',
  'events:read',
  'events:write',
  'bookings:read',
  'bookings:write',
  // Text consent: whether a patient may be texted, and "Stop texting this patient" (the service's consent lists).
  'lists:read',
  'lists:write',
  // Patients' text threads: reading replies and answering them is part of the front desk's day.
  'messaging:read',
  'messaging:send',
] as const;

const httpUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
  .transform((u) => u.replace(/\/+$/, ''));

const fileSchema = z
  .object({
    serviceUrl: httpUrl.optional(),
    portalUrl: httpUrl.optional(),
    clientId: z.string().min(1).max(200).optional(),
    redirectUri: z.string().url().optional(),
    loopbackClientId: z.string().min(1).max(200).optional(),
    loopbackRedirectUri: z
      .string()
      .regex(/^http:\/\/(127\.0\.0\.1|\[::1\])(:\d+)?\/[^?#]*$/, 'must be http://127.0.0.1/… or http://[::1]/…')
      .optional(),
    forceLoopback: z.boolean().optional(),
    allowWeakStorage: z.boolean().optional(),
    authorizeUrl: httpUrl.optional(),
    issuer: z.string().url().optional(),
    tokenUrl: httpUrl.optional(),
    revokeUrl: httpUrl.optional(),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/))
      .min(1)
      .optional(),
  })
  .strict();

/** The resolved configuration. */
export interface FrontdeskConfig {
  serviceUrl: string;
  portalUrl: string;
  clientId: string;
  /** Private-use scheme redirect (RFC 8252 §7.1). */
  redirectUri: string;
  /** Client and redirect used when the scheme cannot be claimed (RFC 8252 §7.3); any port. */
  loopbackClientId: string;
  loopbackRedirectUri: string;
  /** Always use the loopback redirect (admin setting; the browser host always does). */
  forceLoopback: boolean;
  /** Admin opt-in: keep the sign-in on disk even without an OS keystore (weaker). */
  allowWeakStorage: boolean;
  authorizeUrl: string;
  /** The authorization server's issuer identifier, checked against an RFC 9207 `iss` in the redirect. */
  issuer: string;
  tokenUrl: string;
  revokeUrl: string;
  scopes: string[];
  /** True when neither env nor file named a service: the sandbox is the service. */
  usingSandbox: boolean;
}

/** Name of the optional config file inside the user-data folder. */
export const CONFIG_FILE = 'frontdesk.config.json';

/** Thrown for a config the app cannot run with; its message is shown as is. */
export class ConfigError extends Error {}

function readConfigFile(dir: string | undefined): z.infer<typeof fileSchema> {
  if (!dir) return {};
  const path = join(dir, CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`${path} is not valid JSON`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(`${path}: ${first?.path.join('.') || 'value'} ${first?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

function fromEnv(env: NodeJS.ProcessEnv): z.infer<typeof fileSchema> {
  const raw = {
    serviceUrl: env.FRONTDESK_SERVICE_URL || undefined,
    portalUrl: env.FRONTDESK_PORTAL_URL || undefined,
    clientId: env.FRONTDESK_CLIENT_ID || undefined,
    redirectUri: env.FRONTDESK_REDIRECT_URI || undefined,
  };
  const parsed = fileSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const name =
      {
        serviceUrl: 'FRONTDESK_SERVICE_URL',
        portalUrl: 'FRONTDESK_PORTAL_URL',
        clientId: 'FRONTDESK_CLIENT_ID',
        redirectUri: 'FRONTDESK_REDIRECT_URI',
      }[String(first?.path[0])] ?? 'environment';
    throw new ConfigError(`${name} ${first?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

/** Resolves the configuration: env wins over the file, the file over the sandbox defaults. */
export function loadConfig(
  options: { env?: NodeJS.ProcessEnv; userDataDir?: string; overrides?: Partial<FrontdeskConfig> } = {},
): FrontdeskConfig {
  const file = readConfigFile(options.userDataDir);
  const env = fromEnv(options.env ?? process.env);
  const merged = { ...file, ...env, ...options.overrides };
  const serviceUrl = merged.serviceUrl ?? SANDBOX_URL;
  const portalUrl = merged.portalUrl ?? serviceUrl;
  const clientId = merged.clientId ?? 'frontdesk-desktop';
  const redirectUri = merged.redirectUri ?? 'com.frontdesk.app:/oauth/callback';
  const redirectIsLoopback = /^http:/.test(redirectUri);
  return {
    serviceUrl,
    portalUrl,
    clientId,
    redirectUri,
    loopbackClientId:
      merged.loopbackClientId ??
      (redirectIsLoopback ? clientId : clientId === 'frontdesk-desktop' ? 'frontdesk-desktop-loopback' : clientId),
    loopbackRedirectUri:
      merged.loopbackRedirectUri ?? (redirectIsLoopback ? redirectUri : 'http://127.0.0.1/oauth/callback'),
    forceLoopback: merged.forceLoopback ?? redirectIsLoopback,
    allowWeakStorage: merged.allowWeakStorage ?? false,
    authorizeUrl: merged.authorizeUrl ?? `${portalUrl}/oauth/authorize`,
    issuer: merged.issuer ?? portalUrl,
    tokenUrl: merged.tokenUrl ?? `${serviceUrl}/oauth/token`,
    revokeUrl: merged.revokeUrl ?? `${serviceUrl}/oauth/revoke`,
    scopes: merged.scopes ?? [...DEFAULT_SCOPES],
    usingSandbox:
      options.overrides?.usingSandbox ??
      (merged.serviceUrl === undefined || (options.env ?? process.env).FRONTDESK_USING_SANDBOX === '1'),
  };
}
