import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema } from './common';
import { SOCIAL_KEYS } from './constants';

export const SocialKeySchema = z.enum(SOCIAL_KEYS);
export type SocialKey = z.infer<typeof SocialKeySchema>;

/** Social links as stored and answered: only https ones (the write rules are in user-input.ts). */
export const SocialLinksSchema = z.partialRecord(SocialKeySchema, z.string());
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

export const CategorySchema = z.object({ name: z.string(), subCategories: z.array(z.string()) });
export type Category = z.infer<typeof CategorySchema>;

/**
 * The public user record (accounts §3); `balance` is in REEL, read from the ledger. It carries no
 * email: that goes only to its owner (`OwnUserSchema`).
 */
export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  fullName: z.string(),
  description: z.string(),
  avatar: z.string(),
  banner: z.string(),
  aptosAddress: z.string(),
  category: z.string(),
  subCategory: z.string(),
  tags: z.array(z.string()),
  social: SocialLinksSchema,
  balance: z.number(),
  followers: CountSchema,
  following: CountSchema,
  rank: z.nullable(CountSchema),
  createdAt: IsoTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

/** The caller's own record (`/auth/me`, registration and edit answers): the public one plus the email. */
export const OwnUserSchema = z.extend(UserSchema, { email: z.string() });
export type OwnUser = z.infer<typeof OwnUserSchema>;
/**
 * The signed-in caller as every request reads it: the public record without `rank`, whose count
 * over all users only the answers that show it pay for (`/api/auth/me`, profiles, the top list).
 */
export type SessionUser = Omit<User, 'rank'>;

/**
 * A user as shown on a profile page, with content totals (content §3). Never the email, even to
 * its owner: profile reads are cached on the device; the owner's comes from `/auth/me`.
 */
export const UserProfileSchema = z.extend(UserSchema, {
  views: CountSchema,
  videos: CountSchema,
  shorts: CountSchema,
  joinDate: IsoTimeSchema,
  totalDonationCount: CountSchema,
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** `GET /users/top`: id, username, fullName, avatar, followers, rank. */
export const TopUserSchema = z.pick(UserSchema, {
  id: true,
  username: true,
  fullName: true,
  avatar: true,
  followers: true,
  rank: true,
});
export type TopUser = z.infer<typeof TopUserSchema>;
export const TopUserListSchema = z.array(TopUserSchema);

export const UserCheckSchema = z.object({ exists: z.boolean(), user: z.nullable(UserSchema) });
