import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { type SignInClaims, SignInClaimsSchema } from '../../../schema/auth';
import { type ApiError, unauthorized } from '../../lib/errors';

/** Clock skew allowed on `exp`/`iat`/`nbf` between the issuer and us. */
export const CLOCK_SKEW_SECS = 60;
/** Both Google and Aptos keyless use RS256; anything else is refused before any key is looked at. */
const ALGORITHMS = ['RS256'];

const refused = (message: string) => unauthorized(message);

/** jose's failure as the message a caller can act on; unknown failures (JWKS down) propagate. */
const explain = (error: unknown): ApiError | null => {
  if (error instanceof errors.JWTExpired) return refused('The sign-in token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return refused('The sign-in token comes from an unexpected issuer');
    if (error.claim === 'aud') return refused('The sign-in token was issued for another application');
    return refused(`The sign-in token is not valid: ${error.reason} "${error.claim}" claim`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return refused('The sign-in token signature is invalid');
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  ) {
    return refused('The sign-in token is malformed');
  }
  return null;
};

/**
 * Verifies an id_token against a key set, issuer and audience (shared by every adapter) and answers
 * its claims; a token without a nonce, or without the claims accounts §3 lists, is refused too.
 */
export const verifyIdTokenWith = async (
  idToken: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; audience: string },
): Promise<SignInClaims> => {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: expected.issuer,
      audience: expected.audience,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECS,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (error) {
    throw explain(error) ?? error;
  }
  const nonce = (payload as { nonce?: unknown }).nonce;
  if (typeof nonce !== 'string' || nonce === '') throw refused('The sign-in token carries no nonce');
  const claims = SignInClaimsSchema.safeParse(payload);
  if (!claims.success) throw refused('The sign-in token lacks required claims');
  return claims.data;
};
