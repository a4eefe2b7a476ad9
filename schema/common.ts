import { z } from 'zod';
import { LIMITS } from './constants';

/** Opaque, time-ordered ids (UUIDv7) and ISO-8601 UTC times (DESIGN.md §3). */
export const IdSchema = z.string().min(1).max(64);
export const IsoTimeSchema = z.string();
/** An Aptos account address: 0x followed by 1-64 hex digits. */
export const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'Invalid address');
/** A REEL or APT amount in 1e-8 base units, carried as an integer. */
export const BaseUnitsSchema = z.number().int().nonnegative();

/** `limit`/`offset` query params with a per-list default and the API-wide hard maximum. */
export const pageQuerySchema = (defaultLimit: number = LIMITS.listDefault) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIMITS.listMax).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;
