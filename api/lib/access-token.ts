import { jwt } from '@elysiajs/jwt';

/**
 * The access token (DECISIONS: auth): an HS256 JWT of 15 minutes signed through `@elysiajs/jwt`,
 * with `sub` (the user), `sid` (the session family), `ver` (the user's session version), `typ`,
 * `iss`, `aud`, `iat` and `exp`. Verification pins the algorithm and checks every claim, so a
 * token re-signed with `alg: none` or another key, of another type, tampered or expired is refused.
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TYPE = 'access';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /** The session family's id. */
  sid: string;
  /** The user's session version when the token was issued. */
  ver: number;
}

export interface AccessTokenSettings {
  secret: string;
  /** The shop's public address (PUBLIC_SITE_URL), without a trailing slash. */
  siteUrl: string;
  /** The time tokens are verified at (a test moves it on to see a token expire). */
  now?: () => Date;
}

/** Issuer and audience: the shop's own address and its API. */
export const accessTokenIssuer = (siteUrl: string) => siteUrl;
export const accessTokenAudience = (siteUrl: string) => `${siteUrl}/api`;

/** The `@elysiajs/jwt` plugin that signs and verifies access tokens, as `accessJwt`. */
export const accessJwtPlugin = ({ secret, siteUrl }: AccessTokenSettings) =>
  jwt({
    name: 'accessJwt',
    secret,
    alg: ACCESS_TOKEN_ALGORITHM,
    iss: accessTokenIssuer(siteUrl),
    aud: accessTokenAudience(siteUrl),
    exp: `${ACCESS_TOKEN_SECONDS}s`,
  });

type AccessJwt = ReturnType<typeof accessJwtPlugin>['decorator']['accessJwt'];

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid access token, or null for anything else. */
  verify(token: string | undefined | null): Promise<AccessClaims | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function accessTokens(settings: AccessTokenSettings): AccessTokens {
  const signer: AccessJwt = accessJwtPlugin(settings).decorator.accessJwt;
  const now = settings.now ?? (() => new Date());
  const options = {
    algorithms: [ACCESS_TOKEN_ALGORITHM],
    issuer: accessTokenIssuer(settings.siteUrl),
    audience: accessTokenAudience(settings.siteUrl),
    requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat'],
    maxTokenAge: ACCESS_TOKEN_SECONDS + 5,
  };
  return {
    sign: ({ sub, sid, ver }) => signer.sign({ sub, sid, ver, typ: ACCESS_TOKEN_TYPE }),
    async verify(token) {
      if (!token) return null;
      const payload = await signer.verify(token, { ...options, currentDate: now() });
      if (!payload) return null;
      const { sub, sid, ver, typ } = payload as Record<string, unknown>;
      if (typ !== ACCESS_TOKEN_TYPE) return null;
      if (typeof sub !== 'string' || !UUID.test(sub)) return null;
      if (typeof sid !== 'string' || !UUID.test(sid)) return null;
      if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
      return { sub, sid, ver };
    },
  };
}
