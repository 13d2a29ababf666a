import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import list from '../../api/lib/data/common-passwords-10k.json';
import {
  ARGON2_PARAMETERS,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from '../../api/lib/passwords';

describe('passwords (DECISIONS "Passwords")', () => {
  it('hashes with Argon2id m=19456, t=2, p=1 and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('asks for a new hash when the stored one used older parameters', async () => {
    const older = await hash('correct horse battery', { ...ARGON2_PARAMETERS, memoryCost: 4096 });
    expect(await verifyPassword(older, 'correct horse battery')).toBe(true);
    expect(needsRehash(older)).toBe(true);
  });

  it('checks unknown accounts against a dummy hash, never matching', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });

  it('knows the 10,000 most common passwords in any case, and only those', () => {
    expect(list).toHaveLength(10000);
    expect(new Set(list).size).toBe(10000);
    expect(list.slice(0, 5)).toEqual(['password', '123456', '12345678', '1234', 'qwerty']);
    expect(list.at(-1)).toBe('eyphed');
    for (const common of [
      'password',
      'PassWord1',
      'baseball',
      'trustno1',
      'iloveyou',
      'qwertyuiop',
    ]) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(isCommonPassword('violet meadow lantern')).toBe(false);
  });
});
