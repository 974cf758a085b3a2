/**
 * Ed25519 request signatures, as Discord sends them on the HTTP interactions endpoint.
 *
 * The signed message is `timestamp + rawBody`; the signature and the public key are hex. Every malformed
 * input (bad hex, wrong length, missing header) is simply "not verified": a verifier that throws would
 * turn Discord's deliberate bad-signature probes into 500s, and Discord removes endpoints that misbehave.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Discord rejects nothing older, but a replayed request should not stay valid forever. */
export const MAX_TIMESTAMP_SKEW_SECONDS = 5 * 60;

// ASN.1 prefix of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow it.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const HEX = /^(?:[0-9a-f]{2})+$/i;

/** Wraps a 32-byte hex public key (the Developer Portal's "Public Key") as a KeyObject; null if malformed. */
export function publicKeyFromHex(hex: string): KeyObject | null {
  if (hex.length !== 64 || !HEX.test(hex)) return null;
  try {
    return createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return null;
  }
}

export interface SignedRequest {
  signature: string | undefined;
  timestamp: string | undefined;
  body: Buffer | string;
}

/** True only for a well-formed, valid signature over `timestamp + body`. Never throws. */
export function verifySignature(key: KeyObject, request: SignedRequest): boolean {
  const { signature, timestamp, body } = request;
  if (!signature || !timestamp || signature.length !== 128 || !HEX.test(signature)) return false;
  try {
    const message = Buffer.concat([Buffer.from(timestamp, 'utf8'), typeof body === 'string' ? Buffer.from(body, 'utf8') : body]);
    return verify(null, message, key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}

/** Whether a Unix-seconds timestamp header is close enough to `nowMs`; malformed → false. */
export function isFreshTimestamp(timestamp: string | undefined, nowMs: number, maxSkewSeconds = MAX_TIMESTAMP_SKEW_SECONDS): boolean {
  if (!timestamp || !/^\d{1,15}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= maxSkewSeconds;
}

/**
 * A verifier bound to one application's hex public key. A malformed key fails loudly here, at start-up,
 * because that is configuration, not a request.
 */
export function createSignatureVerifier(publicKeyHex: string, now: () => number = Date.now): (request: SignedRequest) => boolean {
  const key = publicKeyFromHex(publicKeyHex);
  if (!key) throw new Error('Discord public key must be 64 hex characters (32 bytes)');
  return (request) => isFreshTimestamp(request.timestamp, now()) && verifySignature(key, request);
}
