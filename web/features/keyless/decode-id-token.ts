import { type SignInClaims, SignInClaimsSchema } from '../../../schema/auth';
import { MESSAGES } from '../../../schema/messages';

const decodeBase64Url = (part: string): string => {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
};

/**
 * The claims of an id_token, read without checking its signature (the server does that): it must be
 * a JWT whose payload holds the sign-in claims, nonce included (accounts §4), or this throws
 * 'Invalid idToken provided, could not decode'.
 */
export const decodeIdToken = (idToken: string): SignInClaims => {
  const payload = idToken.split('.')[1];
  let claims: unknown;
  try {
    claims = payload ? JSON.parse(decodeBase64Url(payload)) : undefined;
  } catch {
    claims = undefined;
  }
  const parsed = SignInClaimsSchema.safeParse(claims);
  if (!parsed.success || !parsed.data.nonce) throw new Error(MESSAGES.login.invalidToken);
  return parsed.data;
};
