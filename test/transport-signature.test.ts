import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignatureVerifier, isFreshTimestamp, publicKeyFromHex, verifySignature } from '../src/discord/signature.js';

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const hex = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');
  return { hex, sign: (timestamp: string, body: string) => sign(null, Buffer.from(timestamp + body), privateKey).toString('hex') };
}

describe('Ed25519 request signatures', () => {
  const keys = keyPair();
  const now = 1_700_000_000_000;
  const ts = String(now / 1000);
  const body = '{"type":1}';
  const verify = createSignatureVerifier(keys.hex, () => now);

  it('accepts a signature over timestamp + raw body', () => {
    expect(verify({ signature: keys.sign(ts, body), timestamp: ts, body })).toBe(true);
    expect(verify({ signature: keys.sign(ts, body), timestamp: ts, body: Buffer.from(body) })).toBe(true);
  });

  it('rejects a tampered body, timestamp or signature', () => {
    const signature = keys.sign(ts, body);
    expect(verify({ signature, timestamp: ts, body: '{"type":2}' })).toBe(false);
    expect(verify({ signature, timestamp: String(now / 1000 + 1), body })).toBe(false);
    expect(verify({ signature: (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1), timestamp: ts, body })).toBe(false);
    expect(verify({ signature: keyPair().sign(ts, body), timestamp: ts, body })).toBe(false);
  });

  it('returns false, never throws, on malformed or missing headers', () => {
    for (const signature of [undefined, '', 'zz', 'a'.repeat(127), 'g'.repeat(128), 'a'.repeat(130)]) {
      expect(() => verify({ signature, timestamp: ts, body })).not.toThrow();
      expect(verify({ signature, timestamp: ts, body })).toBe(false);
    }
    for (const timestamp of [undefined, '', 'abc', '-1', '1e9', '9'.repeat(40)]) {
      expect(verify({ signature: keys.sign(timestamp ?? '', body), timestamp, body })).toBe(false);
    }
  });

  it('rejects timestamps more than 5 minutes away', () => {
    const old = String(now / 1000 - 301);
    expect(verify({ signature: keys.sign(old, body), timestamp: old, body })).toBe(false);
    const recent = String(now / 1000 - 299);
    expect(verify({ signature: keys.sign(recent, body), timestamp: recent, body })).toBe(true);
    expect(isFreshTimestamp(String(now / 1000 + 301), now)).toBe(false);
  });

  it('parses only 32-byte hex public keys', () => {
    expect(publicKeyFromHex(keys.hex)).not.toBeNull();
    expect(publicKeyFromHex('abc')).toBeNull();
    expect(publicKeyFromHex('z'.repeat(64))).toBeNull();
    expect(() => createSignatureVerifier('nope')).toThrow(/64 hex/);
    const key = publicKeyFromHex(keys.hex)!;
    expect(verifySignature(key, { signature: keys.sign(ts, body), timestamp: ts, body })).toBe(true);
  });
});
