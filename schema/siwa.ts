import * as z from 'zod/mini';
import { NonceSchema, WalletSignInBodySchema } from './auth';
import { CanonicalAddressSchema, HexBytesSchema } from './common';

/**
 * Sign in with Aptos (AIP-116): the fields a wallet signs, and their plain-text message, built and
 * parsed as `@aptos-labs/siwa` does (we do not depend on that package). Kept apart from auth.ts so
 * home's initial JS does not carry it: only the lazy sign-in code and the worker read it.
 */

const line = z.string().check(
  z.minLength(1),
  z.maxLength(300),
  z.refine((text) => !text.includes('\n'), 'A sign-in field is one line'),
);

/**
 * An `AptosSignInInput` with the fields a wallet binds (domain, address, uri, version, chainId)
 * and the nonce always present: what `GET /api/auth/nonce` asks a wallet to sign, and what the
 * wallet's `signIn` answers it signed.
 */
export const SignInFieldsSchema = z.object({
  domain: line,
  address: line,
  uri: line,
  version: line,
  chainId: line,
  nonce: line,
  statement: z.optional(line),
  issuedAt: z.optional(line),
  expirationTime: z.optional(line),
  notBefore: z.optional(line),
  requestId: z.optional(line),
  resources: z.optional(z.array(line).check(z.maxLength(20))),
});
export type SignInFields = z.infer<typeof SignInFieldsSchema>;

/**
 * `GET /api/auth/nonce`: the single-use nonce, `signIn` for a wallet's `signIn`, and `message`, the
 * same fields as SIWA text for a wallet that only has `signMessage({message, nonce})`.
 */
export const SignInChallengeSchema = z.extend(NonceSchema, { signIn: SignInFieldsSchema });
export type SignInChallenge = z.infer<typeof SignInChallengeSchema>;

/** `POST /api/auth/wallet` after a wallet's `signIn`: its account, signature and signed fields. */
export const SiwaSignInBodySchema = z.object({
  address: CanonicalAddressSchema,
  publicKey: HexBytesSchema,
  signature: HexBytesSchema,
  signIn: SignInFieldsSchema,
});
export type SiwaSignInBody = z.infer<typeof SiwaSignInBodySchema>;

/** `POST /api/auth/wallet`: after a wallet's `signIn`, or its `signMessage` over the SIWA text. */
export const WalletSignInRequestSchema = z.union([SiwaSignInBodySchema, WalletSignInBodySchema]);
export type WalletSignInRequest = z.infer<typeof WalletSignInRequestSchema>;

/** What a SIWA signature covers: SHA3-256 of this text, then the message's UTF-8 bytes. */
export const SIWA_DOMAIN_SEPARATOR = 'SIGN_IN_WITH_APTOS::';

const HEADER = ' wants you to sign in with your Aptos account:';

/** The optional lines, in the order `@aptos-labs/siwa` writes them (not the AIP's table order). */
const OPTIONAL_LINES = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
  ['chainId', 'Chain ID'],
] as const;

/** The SIWA message text of `fields` (AIP-116 "Message Construction"): what the wallet shows and signs. */
export function createSignInMessage(fields: SignInFields): string {
  let text = `${fields.domain}${HEADER}\n${fields.address}`;
  if (fields.statement) text += `\n\n${fields.statement}`;
  const lines: string[] = [];
  for (const [key, label] of OPTIONAL_LINES) {
    const value = fields[key];
    if (value) lines.push(`${label}: ${value}`);
  }
  if (fields.resources) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  if (lines.length) text += `\n\n${lines.join('\n')}`;
  return text;
}

/**
 * The fields of a SIWA message text, or null when it is not one or lacks a field we need (the bound
 * fields and the nonce). Parsing and re-creating give the same text, so nothing unsigned slips in.
 */
export function parseSignInMessage(text: string): SignInFields | null {
  const [first = '', address = '', ...rest] = text.split('\n');
  if (!first.endsWith(HEADER)) return null;
  const values: Record<string, string> = { domain: first.slice(0, -HEADER.length), address };
  let at = 0;
  // A statement is a paragraph of its own: a blank line, the statement, then a blank line or the end.
  if (rest[0] === '' && rest[1] !== undefined && rest[1] !== '' && !isField(rest[1])) {
    values.statement = rest[1];
    at = 2;
  }
  let resources: string[] | undefined;
  if (rest[at] === '') {
    for (const row of rest.slice(at + 1)) {
      if (resources) {
        if (!row.startsWith('- ')) return null;
        resources.push(row.slice(2));
        continue;
      }
      if (row === 'Resources:') {
        resources = [];
        continue;
      }
      const entry = OPTIONAL_LINES.find(([, label]) => row.startsWith(`${label}: `));
      if (!entry) return null;
      values[entry[0]] = row.slice(entry[1].length + 2);
    }
  } else if (at < rest.length) {
    return null;
  }
  const parsed = SignInFieldsSchema.safeParse({ ...values, resources });
  if (!parsed.success || createSignInMessage(parsed.data) !== text) return null;
  return parsed.data;
}

const isField = (row: string) =>
  row === 'Resources:' || OPTIONAL_LINES.some(([, l]) => row.startsWith(`${l}: `));
