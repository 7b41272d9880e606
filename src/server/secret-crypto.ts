import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12; // GCM's recommended nonce size
const TAG_BYTES = 16;

function keyFrom(secretKey: string): Buffer {
  if (secretKey.length < 32) throw new Error('SECRET_KEY must be at least 32 characters');
  return createHash('sha256').update(secretKey, 'utf8').digest(); // 32 bytes → AES-256
}

/** Encrypts a secret with AES-256-GCM; the result is `v1.<base64(iv | tag | ciphertext)>`, a fresh IV each call. */
export function encryptSecret(plaintext: string, secretKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secretKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** Decrypts {@link encryptSecret} output. Throws when the key is wrong or the value was tampered with. */
export function decryptSecret(payload: string, secretKey: string): string {
  const [version, data] = payload.split('.', 2);
  if (version !== VERSION || !data) throw new Error('unknown secret format');
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secretKey), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
