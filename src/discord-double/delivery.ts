/**
 * Hands an interaction to the bot the way Discord would: a signed POST to the Interactions Endpoint URL
 * (mode 'http') or an INTERACTION_CREATE dispatch on the gateway (mode 'gateway').
 */
import type { GatewayServer } from './gateway-server.js';
import { DID_NOT_RESPOND, type InteractionBook, type InteractionRecord } from './interactions.js';
import type { SigningKeys } from './keys.js';

export type DeliveryConfig = { mode: 'gateway' } | { mode: 'http'; interactionsUrl: string };

export interface SignedPost {
  status: number;
  contentType: string | null;
  text: string;
}

/** POSTs a body to the bot signed like Discord (X-Signature-Ed25519 over timestamp + body). */
export async function postSigned(url: string, keys: SigningKeys, body: string, timeoutMs: number, tamper = false): Promise<SignedPost> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  let signature = keys.sign(timestamp, body);
  // Discord probes endpoints with bad signatures; flipping one nibble makes a well-formed wrong one.
  if (tamper) signature = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': timestamp,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

export interface Deliverer {
  deliver(record: InteractionRecord): Promise<void>;
}

export function createDeliverer(deps: { config: () => DeliveryConfig; keys: SigningKeys; gateway: GatewayServer; book: InteractionBook; timeoutMs: number }): Deliverer {
  async function overHttp(url: string, record: InteractionRecord): Promise<void> {
    let answer: SignedPost;
    try {
      answer = await postSigned(url, deps.keys, JSON.stringify(record.payload), deps.timeoutMs);
    } catch {
      return deps.book.fail(record, DID_NOT_RESPOND);
    }
    if (answer.status === 202) return; // The bot answered through the callback endpoint.
    if (answer.status !== 200) return deps.book.fail(record, `${DID_NOT_RESPOND} (HTTP ${answer.status})`);
    if (!answer.contentType?.includes('application/json')) return deps.book.fail(record, `${DID_NOT_RESPOND} (200 without a JSON content-type)`);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return deps.book.fail(record, `${DID_NOT_RESPOND} (invalid JSON)`);
    }
    // The bot may also have used the callback endpoint: then its inline body is ignored, like Discord.
    if (record.status === 'pending') deps.book.respondInline(record, body);
  }

  return {
    async deliver(record) {
      const config = deps.config();
      if (config.mode === 'http') return overHttp(config.interactionsUrl, record);
      // No session: nobody will ever answer, so fail now instead of after 3 s.
      if (deps.gateway.dispatch('INTERACTION_CREATE', record.payload) === 0) deps.book.fail(record, `${DID_NOT_RESPOND} (no gateway session)`);
    },
  };
}

/** What sendCommand/clickComponent resolve to once the initial response is in (or the deadline passed). */
export interface DeliveryResult {
  ok: boolean;
  /** "The application did not respond", an invalid inline response, or why the client refused to send. */
  error?: string;
  /** Absent when the interaction was never created (unknown user, command, component…). */
  interaction?: InteractionRecord;
  /** The initial response type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal). */
  responseType?: number;
  /** `@original` after the response: the new message (4/5) or the component's message (6/7). */
  messageId?: string;
}
