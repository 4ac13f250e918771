import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Secrets at rest (two-step TOTP secrets): AES-256-GCM with a key that never sits in the database.
 * Stored form: `v1:<key id>:<iv>:<tag>:<cipher text>` (base64url; key id = first 8 hex of the key's SHA-256).
 * The first key encrypts; every key decrypts, so a key can be rotated (docs/security.md): set the new
 * key as WERKPAD_SECRET_KEY, the old one in WERKPAD_SECRET_KEY_PREVIOUS; secrets are re-encrypted with
 * the new key when next used, or all at once with reencryptMfaSecrets().
 */
export interface SecretBox {
  encrypt(plain: string): string;
  /** The plain text, or null when no key opens it (or it is damaged). A value without the prefix is a legacy plain secret. */
  decrypt(stored: string): string | null;
  /** Whether a stored value should be written again with the current key (legacy plain text or an older key). */
  stale(stored: string): boolean;
}

const PREFIX = 'v1';

function keyFromBase64(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${source} must be base64 of 32 bytes (openssl rand -base64 32)`);
  return key;
}

const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A box over explicit keys (first = current). */
export function secretBoxOf(keys: readonly Buffer[]): SecretBox {
  const current = keys[0];
  if (!current) throw new Error('a secret box needs a key');
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const currentId = keyId(current);
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
    },
    decrypt(stored) {
      const parts = stored.split(':');
      if (parts[0] !== PREFIX) return stored.includes(':') ? null : stored;
      const [, id, iv, tag, body] = parts;
      const key = id ? byId.get(id) : undefined;
      if (!key || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    stale(stored) {
      return !stored.startsWith(`${PREFIX}:${currentId}:`);
    },
  };
}

/** The key file: read, or created (32 random bytes, base64, mode 0600) on first use. */
function keyFile(file: string): Buffer {
  if (existsSync(file)) return keyFromBase64(readFileSync(file, 'utf8'), file);
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

const boxes = new WeakMap<object, SecretBox>();

/** The box of a configuration: WERKPAD_SECRET_KEY (+ previous keys), else the generated key file. */
export function secretBoxFor(config: Pick<Config, 'secretKey' | 'previousSecretKeys' | 'secretKeyFile'>): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    const current = config.secretKey ? keyFromBase64(config.secretKey, 'WERKPAD_SECRET_KEY') : keyFile(config.secretKeyFile);
    box = secretBoxOf([current, ...config.previousSecretKeys.map((k) => keyFromBase64(k, 'WERKPAD_SECRET_KEY_PREVIOUS'))]);
    boxes.set(config, box);
  }
  return box;
}

const derived = new WeakMap<object, Map<string, Buffer>>();

/**
 * A key for one purpose (signing download links, say), derived with HKDF from the same current key as the
 * box (WERKPAD_SECRET_KEY or the key file): never stored, the same on every server process of one setup.
 * Rotating the key makes links signed with the old one invalid, which is fine for short-lived links.
 */
export function derivedKeyFor(config: Pick<Config, 'secretKey' | 'secretKeyFile'>, purpose: string): Buffer {
  let byPurpose = derived.get(config);
  if (!byPurpose) {
    byPurpose = new Map();
    derived.set(config, byPurpose);
  }
  let key = byPurpose.get(purpose);
  if (!key) {
    const current = config.secretKey ? keyFromBase64(config.secretKey, 'WERKPAD_SECRET_KEY') : keyFile(config.secretKeyFile);
    key = Buffer.from(hkdfSync('sha256', current, Buffer.alloc(0), `werkpad:${purpose}`, 32));
    byPurpose.set(purpose, key);
  }
  return key;
}
