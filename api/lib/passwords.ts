import { hash, verify, type Options } from '@node-rs/argon2';
import commonPasswordList from './data/common-passwords-10k.json';

/**
 * Password hashing (DECISIONS "Passwords"): Argon2id with OWASP's parameters. A stored hash names
 * its own parameters, so a hash made with older ones still verifies and is replaced at the next
 * successful login (`needsRehash`).
 */
export const ARGON2_PARAMETERS: Options = {
  /** `Algorithm.Argon2id`, a const enum the module's own syntax cannot import. */
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

/** Whether `password` matches `passwordHash`; a malformed hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with other parameters than today's (then hash it again). */
export function needsRehash(passwordHash: string): boolean {
  const expected = `$argon2id$v=19$m=${ARGON2_PARAMETERS.memoryCost},t=${ARGON2_PARAMETERS.timeCost},p=${ARGON2_PARAMETERS.parallelism}$`;
  return !passwordHash.startsWith(expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so an unknown email
 * answers as slowly as a wrong password and timing does not tell accounts apart.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a real account, only a timing stand-in');
  await verifyPassword(await dummyHash, password);
  return false;
}

const commonPasswords = new Set(
  (commonPasswordList as string[]).map((entry) => entry.toLowerCase()),
);

/** One of the 10,000 most common passwords (SecLists, `data/`), in any letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
