/**
 * Signed interaction payloads for the benchmarks, shaped like what Discord POSTs to the endpoint
 * (guild context, a member, `data.resolved` for user options). Used by the in-process drivers and by the
 * load-generator child process, so it must stay free of app imports.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export const GUILD_ID = '1100000000000000001';
export const APPLICATION_ID = '1100000000000000401';
/** Member permissions: what an ordinary member has (see the double's MEMBER_PERMISSIONS). */
const PERMISSIONS = '2248473465835073';

export interface BenchUser {
  id: string;
  username: string;
  globalName: string;
}

export interface BenchKeys {
  /** Raw 32-byte public key as hex: what the endpoint is configured with. */
  publicKeyHex: string;
  /** PKCS#8 PEM of the private key, to hand to the load-generator process. */
  privateKeyPem: string;
  privateKey: KeyObject;
}

export function generateBenchKeys(): BenchKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    publicKeyHex: Buffer.from(jwk.x ?? '', 'base64url').toString('hex'),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    privateKey,
  };
}

export function privateKeyFromPem(pem: string): KeyObject {
  return createPrivateKey(pem);
}

export interface SignedRequest {
  body: Buffer;
  headers: Record<string, string>;
}

/** Signs `timestamp + body` exactly as Discord does (Ed25519, hex). */
export function signInteraction(privateKey: KeyObject, payload: unknown, timestamp = Math.floor(Date.now() / 1000)): SignedRequest {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const ts = String(timestamp);
  const signature = sign(null, Buffer.concat([Buffer.from(ts, 'utf8'), body]), privateKey).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'x-signature-ed25519': signature,
      'x-signature-timestamp': ts,
    },
  };
}

/** Snowflake-looking unique ids: a per-process prefix plus a counter (interaction receipts dedupe on them). */
export function idFactory(prefix: number): () => string {
  let n = 0;
  const base = BigInt(1_200_000_000_000_000_000) + BigInt(prefix) * 10_000_000_000n;
  return () => String(base + BigInt(++n));
}

function apiUser(u: BenchUser) {
  return { id: u.id, username: u.username, global_name: u.globalName, discriminator: '0', avatar: null, public_flags: 0 };
}

function member(u: BenchUser) {
  return {
    user: apiUser(u),
    roles: [],
    nick: null,
    avatar: null,
    joined_at: '2024-01-01T00:00:00.000Z',
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    permissions: PERMISSIONS,
  };
}

function envelope(id: string, type: number, user: BenchUser, channelId: string, data: unknown, extra: Record<string, unknown> = {}) {
  return {
    id,
    application_id: APPLICATION_ID,
    type,
    data,
    token: `aW50ZXJhY3Rpb246${id}bench`,
    version: 1,
    locale: 'en-US',
    guild_id: GUILD_ID,
    guild: { id: GUILD_ID, locale: 'en-US', features: [] },
    guild_locale: 'en-US',
    channel: { id: channelId, type: 0, name: `bench-${channelId.slice(-4)}`, guild_id: GUILD_ID, permissions: PERMISSIONS },
    channel_id: channelId,
    member: member(user),
    app_permissions: PERMISSIONS,
    entitlements: [],
    authorizing_integration_owners: { '0': GUILD_ID },
    context: 0,
    attachment_size_limit: 10 * 1024 * 1024,
    ...extra,
  };
}

export type OptionValue = string | number | boolean;

/** Option types used here: 3 string, 4 integer, 5 boolean, 6 user. */
export interface LeafOption {
  name: string;
  type: 3 | 4 | 5 | 6;
  value: OptionValue;
}

const COMMAND_IDS: Record<string, string> = { game: '1300000000000000001', flip: '1300000000000000002' };

/**
 * A CHAT_INPUT interaction. `subcommand` wraps the leaves; user options get `data.resolved` from `users`.
 */
export function commandInteraction(
  id: string,
  user: BenchUser,
  channelId: string,
  name: string,
  options: { subcommand?: string; leaves?: LeafOption[]; users?: BenchUser[] } = {},
) {
  const leaves = options.leaves ?? [];
  const top = options.subcommand ? [{ name: options.subcommand, type: 1, options: leaves }] : leaves;
  const resolvedUsers = leaves.filter((o) => o.type === 6).map((o) => (options.users ?? []).find((u) => u.id === o.value));
  const data: Record<string, unknown> = { id: COMMAND_IDS[name] ?? '1300000000000000099', name, type: 1, options: top };
  if (resolvedUsers.length > 0) {
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    for (const u of resolvedUsers) {
      if (!u) throw new Error('user option without a matching BenchUser');
      users[u.id] = apiUser(u);
      const { user: _user, deaf: _d, mute: _m, ...rest } = member(u);
      members[u.id] = rest;
    }
    data.resolved = { users, members };
  }
  return envelope(id, 2, user, channelId, data);
}

export function flipInteraction(id: string, user: BenchUser, channelId: string) {
  return commandInteraction(id, user, channelId, 'flip', { leaves: [{ name: 'modifier', type: 4, value: 0 }] });
}
