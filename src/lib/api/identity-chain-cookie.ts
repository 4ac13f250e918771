import { formatIdentityChain, parseIdentityChain } from '../../domain/auth/identity-chain';
import { IDENTITY_CHAIN_COOKIE } from '../../domain/shared/constants';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** The impersonation chain (01 §4, §9): user ids, oldest first, kept in the script-readable identity_chain cookie. */
export function readIdentityChain(): number[] {
  return parseIdentityChain(readCookie(IDENTITY_CHAIN_COOKIE));
}

/** Writes the chain (SameSite=Strict, path /, Secure over https); an empty chain removes the cookie. */
export function writeIdentityChain(chain: readonly number[]): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  if (chain.length === 0) {
    document.cookie = `${IDENTITY_CHAIN_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
    return;
  }
  document.cookie = `${IDENTITY_CHAIN_COOKIE}=${encodeURIComponent(formatIdentityChain(chain))}; Path=/; SameSite=Strict${secure}`;
}

export function clearIdentityChain(): void {
  writeIdentityChain([]);
}

/** The user currently impersonated (the chain's last id), or null. */
export function imitatedUserId(): number | null {
  const chain = readIdentityChain();
  return chain[chain.length - 1] ?? null;
}
