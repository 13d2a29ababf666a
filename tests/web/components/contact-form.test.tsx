import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_FIELD_MESSAGES as M,
  CONTACT_TOO_MANY_MESSAGES,
} from '../../../core/contact/model';
import ContactForm from '../../../src/islands/contact/ContactForm';
import { fakeApi, ok, refused } from '../support/fake-api';
import { signedIn } from '../support/session';
import { fill, user } from '../support/user';

/** spec §2, §5 and §8 Contact: the form on /contactus and what each answer shows. */

beforeEach(() => history.replaceState(null, '', '/contactus'));

const CONTACT = 'POST /contact/contact';
const SUCCESS = "Thanks for reaching out! We'll get back to you soon.";

async function write(values: {
  email?: string;
  subject?: string;
  message?: string;
  orderNumber?: string;
}) {
  if (values.email !== undefined) await fill(screen.getByLabelText(/^Email/), values.email);
  if (values.subject !== undefined)
    await user.selectOptions(screen.getByLabelText('Subject'), values.subject);
  if (values.message !== undefined) await fill(screen.getByLabelText('Message'), values.message);
  if (values.orderNumber !== undefined)
    await fill(screen.getByLabelText(/^Order number/), values.orderNumber);
}

const send = () => user.click(screen.getByRole('button', { name: 'Send message' }));

/** The field's own message: the last part of its description (a hint or the count may come first). */
function expectMessage(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(
    expect.stringMatching(new RegExp(`${literal(message)}$`)),
  );
}
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the contact form', () => {
  it('shows the first message of each invalid field under it and sends nothing', async () => {
    const api = fakeApi();
    render(<ContactForm />);
    await write({ email: 'fern@' });
    await send();
    expectMessage(screen.getByLabelText('Email (optional)'), M.emailInvalid);
    expectMessage(screen.getByLabelText('Subject'), M.subjectRequired);
    expectMessage(screen.getByLabelText('Message'), M.messageRequired);
    expect(screen.getByLabelText('Email (optional)')).toHaveFocus();

    await write({
      email: 'fern@example.com',
      subject: 'Other',
      message: 'Hello <b>there</b>',
      orderNumber: 'ORDER #1',
    });
    await send();
    expectMessage(screen.getByLabelText('Message'), M.messageInvalid);
    expectMessage(screen.getByLabelText('Order number (optional)'), M.orderNumberInvalid);
    expect(screen.getByLabelText('Email (optional)')).not.toHaveAttribute('aria-invalid');

    await write({ message: 'x'.repeat(257), orderNumber: '' });
    await send();
    expectMessage(screen.getByLabelText('Message'), M.messageTooLong);
    expect(api.calls).toEqual([]);
  });

  it("a refused message shows 'There was a problem submitting the form.' and the server's reason (spec §8)", async () => {
    fakeApi({ [CONTACT]: refused(429, CONTACT_TOO_MANY_MESSAGES) });
    render(<ContactForm />);
    await write({ email: 'fern@example.com', subject: 'Other', message: 'Hello there' });
    await send();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was a problem submitting the form.');
    expect(alert).toHaveTextContent(CONTACT_TOO_MANY_MESSAGES);
    expect(screen.getByLabelText('Message')).toHaveValue('Hello there');
  });

  it("a server error shows 'There was a problem submitting the form.' (spec §8)", async () => {
    fakeApi({ [CONTACT]: { status: 500, text: 'oops' } });
    render(<ContactForm />);
    await write({ email: 'fern@example.com', subject: 'Other', message: 'Hello there' });
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^There was a problem submitting the form\.$/,
    );
  });

  it("a network error shows 'Network error submitting the form.' (spec §8)", async () => {
    fakeApi({ [CONTACT]: 'unreachable' });
    render(<ContactForm />);
    await write({ email: 'fern@example.com', subject: 'Other', message: 'Hello there' });
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Network error submitting the form\.$/,
    );
  });

  it('a guest may leave the email out, and is told the shop then cannot answer', async () => {
    const api = fakeApi({ [CONTACT]: ok({ _id: 'message-1' }, 201) });
    render(<ContactForm />);
    expect(screen.getByLabelText('Email (optional)')).toHaveAccessibleDescription(M.emailOptional);
    await write({ subject: 'Product idea', message: 'A cedar bird feeder, please.' });
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(api.sent(CONTACT).map((call) => call.body)).toEqual([
      { subject: 'Product idea', message: 'A cedar bird feeder, please.' },
    ]);
  });

  it('a signed-in shopper types no email and sends none; a blank order number is left out', async () => {
    signedIn({
      username: 'cedar@example.com',
      firstname: 'Cedar',
      lastname: 'Grove',
      verifiedemail: true,
    });
    const api = fakeApi({ [CONTACT]: ok({ _id: 'message-1' }, 201) });
    render(<ContactForm />);
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(screen.getByText(/We will reply to/)).toHaveTextContent(
      'We will reply to cedar@example.com.',
    );
    await write({
      subject: 'Product idea',
      message: 'A cedar bird feeder would be lovely!',
      orderNumber: '   ',
    });
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
    expect(api.sent(CONTACT).map((call) => call.body)).toEqual([
      { subject: 'Product idea', message: 'A cedar bird feeder would be lovely!' },
    ]);
    expect(api.sent(CONTACT)[0]?.headers.get('authorization')).toBe('Bearer test-access-token');
  });
});
