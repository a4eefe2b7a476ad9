import * as z from 'zod/mini';
import { canonicalAddress } from './chain';
import { LIMITS } from './constants';

/*
 * Shapes use `zod/mini`, zod's tree-shakable build: the same parser at a quarter of the bundle
 * size, which keeps the home route inside its JS budget (DESIGN.md §10) while the PWA still
 * validates what it reads.
 */

/**
 * Half of a UTF-16 surrogate pair with no other half (`"\ud800"` in JSON). With the `u` flag a
 * paired surrogate is one code point outside this range, so only an unpaired one matches.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;
export const TEXT_NOT_WELL_FORMED =
  'Text contains a broken character (an unpaired surrogate); remove it and try again';

/**
 * The check every user-written text carries: an unpaired surrogate has no UTF-8 form, so D1 would
 * store it as invalid bytes (or U+FFFD) and answer something other than what was sent. Refused with
 * a 400 instead (`String.prototype.isWellFormed`, written as a regex for ES2023 and older browsers).
 */
export const wellFormed = () =>
  z.refine<string>((text) => !UNPAIRED_SURROGATE.test(text), TEXT_NOT_WELL_FORMED);

/** Opaque, time-ordered ids (UUIDv7) and ISO-8601 UTC times (DESIGN.md §3). */
export const IdSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const IsoTimeSchema = z.string();
/** An Aptos account address: 0x followed by 1-64 hex digits. */
export const AddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Invalid address'));
/** A whole count (followers, likes, views). */
export const CountSchema = z.int();

/** `limit`/`offset` query params with a per-list default and the API-wide hard maximum. */
export const pageQuerySchema = (defaultLimit: number = LIMITS.listDefault) =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listMax)), defaultLimit),
    offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  });
export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;

/**
 * An account address in its one canonical form (lowercase, 0x + 64 hex digits), so the same account
 * always compares equal however a wallet spelled it.
 */
export const CanonicalAddressSchema = z.pipe(
  AddressSchema,
  // AddressSchema has already checked the spelling, so the fallback never applies.
  z.transform((address: string) => canonicalAddress(address) ?? address),
);
/** A hex string of bytes, with or without 0x. */
export const HexBytesSchema = z.string().check(z.regex(/^(0x)?([0-9a-fA-F]{2})+$/, 'Invalid hex'));
