import userEvent from '@testing-library/user-event';

/**
 * A shopper at the keyboard and mouse (user-event), without the pause user-event makes between
 * keys by default: the islands see the same events, the tests do not wait on a clock.
 */
export const user = userEvent.setup({ delay: null });

/** Puts `text` in a field as pasting or autofill does: one input event, not one per key. */
export async function fill(field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text !== '') await user.click(field).then(() => user.paste(text));
}
