/**
 * The home page's "You are signed out" notice after Logout (issue 24 point 4): Logout leaves a
 * mark for this tab in sessionStorage, and the home page shows the notice once, before its first
 * paint (src/components/account/SignedOutNotice.astro), then forgets the mark.
 */
export const SIGNED_OUT_TEXT = 'You are signed out';
export const SIGNED_OUT_KEY = 'signed-out';
