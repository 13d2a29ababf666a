import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE, type LockOwner } from '../api/db/data-lock';

/**
 * The address an owner opens the shop at, for the links a command prints (issue 39 point 12):
 * the shop's public address when it is set (PUBLIC_SITE_URL: the one its emails and pages use);
 * otherwise the port of the shop that holds (or last held, if it stopped without tidying) the
 * data folder's lock, on the configured host; otherwise the configured host and port. Without
 * PUBLIC_SITE_URL the answer carries a note saying where the address came from, so a wrong guess
 * is never printed as if the shop had said it.
 */
export interface ShopAddress {
  url: string;
  /** Why this address, when the shop did not state its public one. */
  note?: string;
}

export interface ShopAddressSettings {
  /** PUBLIC_SITE_URL as set (undefined or empty when not). */
  publicSiteUrl: string | undefined;
  host: string;
  port: number;
  dataDir: string;
}

/** A host a browser can open: a wildcard listen address (0.0.0.0, ::) is this machine. */
function browserHost(host: string): string {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare === '' || bare === '0.0.0.0' || bare === '::') return 'localhost';
  return bare.includes(':') ? `[${bare}]` : bare;
}

/** The shop's entry in the data folder's lock (api/db/data-lock.ts), live or left behind. */
function shopLock(dataDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;
    return owner.role === 'the shop' && Number.isInteger(owner.port) && owner.port! > 0
      ? owner
      : undefined;
  } catch {
    return undefined;
  }
}

export function shopAddress(settings: ShopAddressSettings): ShopAddress {
  const stated = settings.publicSiteUrl?.trim();
  if (stated) return { url: stated.replace(/\/+$/, '') };
  const host = browserHost(settings.host);
  const lock = shopLock(settings.dataDir);
  if (lock) {
    return {
      url: `http://${host}:${lock.port}`,
      note: `PUBLIC_SITE_URL is not set: this is the port of the shop on ${settings.dataDir} (pid ${lock.pid}). Set PUBLIC_SITE_URL to the address customers use.`,
    };
  }
  const url = `http://${host}:${settings.port}`;
  return {
    url,
    note: `PUBLIC_SITE_URL is not set: this link assumes the shop answers at ${url} (HOST and PORT). If it answers elsewhere, open the same path there, and set PUBLIC_SITE_URL to the address customers use.`,
  };
}
