import * as z from 'zod/mini';
import { AddressSchema, CountSchema, IdSchema, IsoTimeSchema } from './common';
import { DEFAULT_CATEGORY, DEFAULT_SUB_CATEGORY, LIMITS, SOCIAL_KEYS } from './constants';
import { MESSAGES } from './messages';

const v = MESSAGES.validation;

export const SocialKeySchema = z.enum(SOCIAL_KEYS);
export type SocialKey = z.infer<typeof SocialKeySchema>;

/**
 * A social link a profile may show: https to a real host name. Profiles are rendered as anchors,
 * so `javascript:`, `data:`, plain http and relative paths are never stored.
 */
const HttpsLinkSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
export const isHttpsLink = (link: string): boolean => HttpsLinkSchema.safeParse(link).success;
export const socialLinkMessage = (key: SocialKey) => `Social link "${key}" must be an https:// URL`;

/** Social links as written: each one https (see `isHttpsLink`); an empty link means none. */
export const SocialLinksSchema = z
  .partialRecord(SocialKeySchema, z.string().check(z.trim(), z.maxLength(500)))
  .check(
    z.superRefine((links, ctx) => {
      for (const [key, link] of Object.entries(links) as Array<[SocialKey, string]>) {
        if (link !== '' && !isHttpsLink(link)) {
          ctx.addIssue({ code: 'custom', path: [key], message: socialLinkMessage(key), input: link });
        }
      }
    }),
  );
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
 * A user as shown on a profile page, with content totals (content §3). `email` is there only when
 * the caller is this user (their own profile and its edit wizard).
 */
export const UserProfileSchema = z.extend(UserSchema, {
  views: CountSchema,
  videos: CountSchema,
  shorts: CountSchema,
  joinDate: IsoTimeSchema,
  totalDonationCount: CountSchema,
  email: z.optional(z.string()),
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

/** A required text field: trimmed, then checked in the spec's order so the first message is its. */
const requiredText = (required: string, min: number, minMessage: string, max: number) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.minLength(min, minMessage),
      z.maxLength(max, `Must be at most ${max} characters`),
    );

/**
 * Profile images live in our own media store (uploaded through `POST /api/files/image`), so a
 * profile can never point browsers at a tracking pixel or a `javascript:` URL.
 */
export const MediaUrlSchema = z
  .string()
  .check(z.regex(/^\/media\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/, 'Use an uploaded image'));

/**
 * Names nobody may take, whatever their case: they collide with routes (`/u`, `/live`, `/studio`…)
 * or would pose as the platform or its staff.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'system',
  'admin',
  'administrator',
  'root',
  'reel',
  'reels',
  'api',
  'support',
  'help',
  'moderator',
  'mod',
  'staff',
  'official',
  'security',
  'null',
  'undefined',
  'me',
  'settings',
  'wallet',
  'live',
  'livestream',
  'studio',
  'challenges',
  'graden',
  'garden',
  'search',
  'u',
  's',
  'v',
]);
export const USERNAME_RESERVED = 'This username is reserved';

/** Step-1 rules of the registration wizard, shared by the form and the server (accounts §5). */
export const ProfileStepOneSchema = z.object({
  username: requiredText(v.usernameRequired, LIMITS.usernameMin, v.usernameMin, LIMITS.usernameMax).check(
    z.regex(/^[A-Za-z0-9_]+$/, v.usernameChars),
    z.refine((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), USERNAME_RESERVED),
  ),
  fullName: requiredText(v.fullNameRequired, LIMITS.fullNameMin, v.fullNameMin, LIMITS.fullNameMax),
  email: z.pipe(requiredText(v.emailRequired, 1, v.emailRequired, LIMITS.emailMax), z.email(v.emailInvalid)),
  description: requiredText(
    v.descriptionRequired,
    LIMITS.descriptionMin,
    v.descriptionMin,
    LIMITS.descriptionMax,
  ),
  avatar: z.pipe(
    z.string({ error: v.avatarRequired }).check(z.minLength(1, v.avatarRequired)),
    MediaUrlSchema,
  ),
});

const TagsSchema = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))).check(
  z.maxLength(20),
  z.refine((tags) => new Set(tags).size === tags.length, 'Tags must not repeat'),
);

/** `POST /users` body (accounts §7). */
export const CreateUserBodySchema = z.extend(ProfileStepOneSchema, {
  banner: z._default(z.union([z.literal(''), MediaUrlSchema]), ''),
  aptosAddress: AddressSchema,
  category: z._default(z.string(), DEFAULT_CATEGORY),
  subCategory: z._default(z.string(), DEFAULT_SUB_CATEGORY),
  tags: z._default(TagsSchema, []),
  social: z._default(SocialLinksSchema, {}),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** `PUT /users/{id}`: same fields as create minus the address. */
export const UpdateUserBodySchema = z.omit(CreateUserBodySchema, { aptosAddress: true });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const UserCheckSchema = z.object({ exists: z.boolean(), user: z.nullable(UserSchema) });
