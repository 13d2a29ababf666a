import { createHmac, randomInt } from 'node:crypto';
import { config } from '../../config';
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normaliseGiftCardCode,
} from '../../../core/gift-cards/model';

/** A new code: 16 characters drawn uniformly (crypto-random) from the unambiguous alphabet. */
export function newGiftCardCode(): string {
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) {
    code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  }
  return code;
}

/**
 * What the database keeps of a code: an HMAC-SHA-256 keyed with a key derived from the server's
 * secret, so a copy of the database alone cannot test guesses offline.
 */
export function hashGiftCardCode(code: string, secret: string = config().jwtSecret): string {
  const key = createHmac('sha256', secret).update('evergreen gift card codes').digest();
  return createHmac('sha256', key).update(code).digest('hex');
}

/** The hash of a code as typed, or undefined when the text cannot be a code at all. */
export function hashTypedCode(input: string, secret?: string): string | undefined {
  const code = normaliseGiftCardCode(input);
  return code === undefined ? undefined : hashGiftCardCode(code, secret);
}
