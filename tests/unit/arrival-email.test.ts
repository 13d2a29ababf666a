import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from '../../api/modules/mail/templates';
import { ARRIVAL_EMAIL_COUNTING } from '../../core/arrival-lines';
import { CEDAR_MUGS, SAMPLE_SHOP, sampleOrderEmail } from '../helpers/mail-samples';

/** Issue 41 point 5: the confirmation email says the window stored with the order. */
describe('the confirmation email and the promised window', () => {
  const order = sampleOrderEmail([CEDAR_MUGS]);

  it('says the stored window, in text and HTML', async () => {
    const mail = await orderConfirmationEmail(
      {
        ...order,
        order: { ...order.order, promisedEarliest: '2031-12-30', promisedLatest: '2032-01-02' },
      },
      SAMPLE_SHOP,
    );
    expect(mail.text.replace(/\s+/g, ' ')).toContain('Estimated arrival: Dec 30–Jan 2.');
    expect(mail.html).toContain('Estimated arrival: Dec 30–Jan 2.');
    expect(mail.text).not.toContain('about 2 weeks');
  });

  it('does not restate fixed days beside the window: lead time and the state table change them', async () => {
    // A personalized mug to a state the owner set to 2–3 transit days: Dec 8–10 is not "5-7".
    const mail = await orderConfirmationEmail(
      {
        ...order,
        order: { ...order.order, promisedEarliest: '2031-12-08', promisedLatest: '2031-12-10' },
      },
      SAMPLE_SHOP,
    );
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain(`Estimated arrival: Dec 8–10. ${ARRIVAL_EMAIL_COUNTING}`);
    expect(text).not.toMatch(/5-7|1-2 business days/);
  });

  it('keeps the general words for an order placed without one', async () => {
    const mail = await orderConfirmationEmail(order, SAMPLE_SHOP);
    expect(mail.text).not.toContain('Estimated arrival');
    expect(mail.text.replace(/\s+/g, ' ')).toContain('arrive in about 2 weeks');
  });
});
