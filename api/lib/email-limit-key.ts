/**
 * The key an email address is counted under by per-address limits (issue 36): lower-cased, a
 * `+tag` dropped from the local part, and for Gmail (gmail.com, googlemail.com) its dots dropped
 * too, so `victim+1@…` and `v.ictim@gmail.com` count as the address they deliver to. Only for
 * counting: the address stored and mailed is the one given.
 */
export function emailLimitKey(email: string | undefined): string | undefined {
  if (!email) return undefined;
  const at = email.lastIndexOf('@');
  if (at <= 0) return email.toLowerCase();
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
