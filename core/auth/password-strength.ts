/**
 * How easy a new password is to guess (issue 22 row 12), estimated by zxcvbn-ts with its common
 * and English dictionaries: a new password must score at least MIN_PASSWORD_SCORE, the shop's
 * name and the account's email counting as words an attacker tries first. Whitespace-only
 * passwords, `password123` and `P@ssw0rd` score 0.
 *
 * Shared by the API (which always checks) and the account forms, so it imports nothing of either.
 * The dictionaries (about 1.5 MB) are loaded on first use: in the browser they are a chunk of
 * their own, fetched only by a form that checks a new password.
 */
export const MIN_PASSWORD_SCORE = 2;

export interface PasswordContext {
  shopName: string;
  /** The account's email, when known. */
  email?: string | undefined;
}

/**
 * zxcvbn's cost grows fast with length and l33t substitutions (a 128-character password took
 * seconds with its defaults): it estimates the first 64 characters, trying at most 5
 * substitutions, which keeps an estimate to tens of milliseconds. A password is strong or not by
 * its first 64 characters.
 */
const ESTIMATE_LIMITS = { maxLength: 64, l33tMaxSubstitutions: 5 } as const;

type Score = (password: string, knownWords: string[]) => number;

let loading: Promise<Score> | undefined;

/** Loads zxcvbn and its dictionaries, once (a form starts it as its password field gets focus). */
export function loadPasswordEstimator(): Promise<Score> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      ...ESTIMATE_LIMITS,
    });
    return (password, knownWords) => zxcvbn.check(password, knownWords).score;
  });
  // A failed download is tried again next time.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The words a password should not be made of: the shop's name, the email and its parts. */
export function contextWords({ shopName, email }: PasswordContext): string[] {
  const words = [shopName];
  if (email) {
    const [local = '', domain = ''] = email.toLowerCase().split('@');
    const parts = local.split(/[._+-]+/);
    words.push(email, local, parts.join(''), ...parts, domain, ...domain.split('.'));
  }
  return [...new Set(words.map((word) => word.trim()).filter((word) => word.length >= 3))];
}

/** Whether `password` is too easy to guess: a score under MIN_PASSWORD_SCORE. */
export async function isGuessablePassword(
  password: string,
  context: PasswordContext,
): Promise<boolean> {
  const score = await loadPasswordEstimator();
  return score(password, contextWords(context)) < MIN_PASSWORD_SCORE;
}
