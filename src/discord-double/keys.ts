/** The application's Ed25519 key pair: the double signs what it POSTs to the bot, like Discord does. */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export interface SigningKeys {
  /** 32 raw bytes as hex: the "Public Key" the Developer Portal shows, what the bot is configured with. */
  publicKeyHex: string;
  sign(timestamp: string, body: string): string;
}

export function generateSigningKeys(): SigningKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKeyHex: rawPublicKeyHex(publicKey), sign: (timestamp, body) => sign(null, Buffer.from(timestamp + body), privateKey).toString('hex') };
}

function rawPublicKeyHex(key: KeyObject): string {
  // The JWK `x` member is exactly the raw 32-byte key.
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url').toString('hex');
}
