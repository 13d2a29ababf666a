import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../core/payments/model';
import { useApi } from '../helpers/api';

interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

/** Issue 13 point 5: the sandbox tokeniser answers with every card field's problem at once. */
describe('POST /api/payments/sandbox/tokens, every field at once', () => {
  const api = useApi();

  it('names the month past 12, the number and the security code in one answer', async () => {
    const response = await api.post('/payments/sandbox/tokens', {
      number: '12',
      expMonth: 13,
      expYear: 29,
      cvc: '1',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.fields).toMatchObject({
      number: PAYMENT_MESSAGES.cardNumber,
      expMonth: PAYMENT_MESSAGES.expiryMonth,
      cvc: PAYMENT_MESSAGES.cvc,
    });
  });

  it('names a real-looking number, a passed date and a short Amex code together', async () => {
    const response = await api.post('/payments/sandbox/tokens', {
      number: '3714 496353 98431',
      expMonth: 1,
      expYear: 2020,
      cvc: '123',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.fields).toEqual({
      number: PAYMENT_MESSAGES.sandboxOnlyTestCards,
      expiry: PAYMENT_MESSAGES.expiry,
      cvc: PAYMENT_MESSAGES.cvc,
    });
    expect(JSON.stringify(body)).not.toContain('371449');
  });
});
