import { describe, expect, it } from 'vitest';
import {
  CONTACT_FIELD_MESSAGES as M,
  contactMessage,
  contactPayload,
  firstErrorPerField,
} from '../../core/contact/model';

/** The schema the contact form and the API share. */
describe('the contact message schema', () => {
  const form = { email: 'fern@example.com', subject: 'Other', message: 'Hello', orderNumber: '' };

  it('sends the order number trimmed, and only when it is not empty', () => {
    expect(contactPayload({ ...form, orderNumber: '  EG-1  ' })).toEqual({
      email: 'fern@example.com',
      subject: 'Other',
      message: 'Hello',
      orderNumber: 'EG-1',
    });
    expect(contactPayload({ ...form, orderNumber: '   ' })).not.toHaveProperty('orderNumber');
  });

  it("sends a logged-in shopper's account email in place of the hidden field", () => {
    expect(contactPayload({ ...form, email: '' }, 'cedar@example.com').email).toBe(
      'cedar@example.com',
    );
  });

  it('allows letters, digits, spaces and simple punctuation in a message, up to 256 characters', () => {
    for (const message of [
      "Where's my order? It's #1042 (placed 3/4), thanks!",
      'Line one\nLine two: “quoted” – and ‘single’ — done.',
      'a'.repeat(256),
    ]) {
      expect(contactMessage.safeParse({ ...form, message }).success, message).toBe(true);
    }
  });

  it('takes a guest message without an email, or with a blank one (DECISIONS "Contact email")', () => {
    expect(contactMessage.safeParse({ ...form, email: undefined }).success).toBe(true);
    const blank = contactMessage.safeParse({ ...form, email: '  ' });
    expect(blank.success && blank.data.email).toBeUndefined();
    expect(contactPayload({ ...form, email: ' ' })).not.toHaveProperty('email');
  });

  it('gives the first message per field only', () => {
    const result = contactMessage.safeParse({
      email: 'nope',
      subject: '',
      message: '<'.repeat(300),
      orderNumber: '#',
    });
    expect(result.success).toBe(false);
    expect(firstErrorPerField(result.error!)).toEqual({
      email: M.emailInvalid,
      subject: M.subjectRequired,
      message: M.messageTooLong,
      orderNumber: M.orderNumberInvalid,
    });
  });

  it('refuses a subject with anything but letters, digits and spaces', () => {
    const result = contactMessage.safeParse({ ...form, subject: 'Refund!' });
    expect(firstErrorPerField(result.error!)).toEqual({ subject: M.subjectInvalid });
  });
});
