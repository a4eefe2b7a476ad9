import { z } from 'zod';
import { AddressSchema, IdSchema, IsoTimeSchema } from './common';
import { DEFAULT_CATEGORY, DEFAULT_SUB_CATEGORY, LIMITS, SOCIAL_KEYS } from './constants';
import { MESSAGES } from './messages';

const v = MESSAGES.validation;

export const SocialKeySchema = z.enum(SOCIAL_KEYS);
export const SocialLinksSchema = z.partialRecord(SocialKeySchema, z.string().max(500));
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

export const CategorySchema = z.object({ name: z.string(), subCategories: z.array(z.string()) });
export type Category = z.infer<typeof CategorySchema>;

/** The public user record (accounts §3); `balance` is in REEL, read from the ledger. */
export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  description: z.string(),
  avatar: z.string(),
  banner: z.string(),
  aptosAddress: z.string(),
  category: z.string(),
  subCategory: z.string(),
  tags: z.array(z.string()),
  social: SocialLinksSchema,
  balance: z.number(),
  followers: z.number().int(),
  following: z.number().int(),
  rank: z.number().int().nullable(),
  createdAt: IsoTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

/** A user as shown on a profile page, with content totals (content §3). */
export const UserProfileSchema = UserSchema.extend({
  views: z.number().int(),
  videos: z.number().int(),
  shorts: z.number().int(),
  joinDate: IsoTimeSchema,
  totalDonationCount: z.number().int(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** `GET /users/top`: id, username, fullName, avatar, followers, rank. */
export const TopUserSchema = UserSchema.pick({
  id: true,
  username: true,
  fullName: true,
  avatar: true,
  followers: true,
  rank: true,
});
export type TopUser = z.infer<typeof TopUserSchema>;

/** Step-1 rules of the registration wizard, shared by the form and the server (accounts §5). */
export const ProfileStepOneSchema = z.object({
  username: z
    .string({ error: v.usernameRequired })
    .trim()
    .min(1, v.usernameRequired)
    .min(LIMITS.usernameMin, v.usernameMin)
    .regex(/^[A-Za-z0-9_]+$/, v.usernameChars),
  fullName: z
    .string({ error: v.fullNameRequired })
    .trim()
    .min(1, v.fullNameRequired)
    .min(LIMITS.fullNameMin, v.fullNameMin),
  email: z
    .string({ error: v.emailRequired })
    .trim()
    .min(1, v.emailRequired)
    .pipe(z.email(v.emailInvalid)),
  description: z
    .string({ error: v.descriptionRequired })
    .trim()
    .min(1, v.descriptionRequired)
    .min(LIMITS.descriptionMin, v.descriptionMin),
  avatar: z.string({ error: v.avatarRequired }).min(1, v.avatarRequired),
});

const TagsSchema = z
  .array(z.string().trim().min(1).max(40))
  .max(20)
  .refine((tags) => new Set(tags).size === tags.length, 'Tags must not repeat');

/** `POST /users` body (accounts §7). */
export const CreateUserBodySchema = ProfileStepOneSchema.extend({
  banner: z.string().default(''),
  aptosAddress: AddressSchema,
  category: z.string().default(DEFAULT_CATEGORY),
  subCategory: z.string().default(DEFAULT_SUB_CATEGORY),
  tags: TagsSchema.default([]),
  social: SocialLinksSchema.default({}),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** `PUT /users/{id}`: same fields as create minus the address. */
export const UpdateUserBodySchema = CreateUserBodySchema.omit({ aptosAddress: true });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const UserCheckSchema = z.object({ exists: z.boolean(), user: UserSchema.nullable() });
