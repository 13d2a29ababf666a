import { describe, expect, it } from 'vitest';
import { sandboxTokens } from '../../api/modules/payments/sandbox-tokens';
import { useApi } from '../helpers/api';

/**
 * Sandbox card tokens are unique (issue 36 row 8): two shoppers tokenising the same test card in
 * the same millisecond got the same token, and the second one's order was refused (402).
 */
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

describe('sandbox card tokens', () => {
  const api = useApi();

  it('differ for one card tokenised twice at the same instant, and both read back', () => {
    const instant = new Date('2030-01-01T00:00:00Z');
    const tokens = sandboxTokens('a-secret', () => instant);
    const first = tokens.tokenise(CARD);
    const second = tokens.tokenise(CARD);
    expect(first.token).not.toBe(second.token);
    expect(tokens.readToken(second.token)).toMatchObject({ last4: '4242', brand: 'visa' });
  });

  it('are 40 distinct tokens for 40 concurrent tokenisations of 4242…', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => api.post('/payments/sandbox/tokens', CARD)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    const tokens = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { token: string }).token),
    );
    expect(new Set(tokens).size).toBe(40);
  });
});
