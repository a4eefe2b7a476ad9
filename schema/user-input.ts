import * as z from 'zod/mini';
import { AddressSchema, wellFormed } from './common';
import { DEFAULT_CATEGORY, DEFAULT_SUB_CATEGORY, LIMITS } from './constants';
import { MESSAGES } from './messages';
import { type SocialKey, SocialKeySchema } from './user';

/**
 * What a user may write into a profile (accounts §5, §7): the wizard's step-1 rules, the create and
 * edit bodies, social links and reserved names. Apart from schema/user.ts (the shapes answered), so
 * pages that only read users do not carry these rules.
 */

const v = MESSAGES.validation;

/**
 * A social link a profile may show: https to a real host name. Profiles are rendered as anchors,
 * so `javascript:`, `data:`, plain http and relative paths are never stored.
 */
const HttpsLinkSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
export const isHttpsLink = (link: string): boolean => HttpsLinkSchema.safeParse(link).success;
export const socialLinkMessage = (key: SocialKey) => `Social link "${key}" must be an https:// URL`;

/** Social links as written (create and edit): each one https (see `isHttpsLink`); an empty link means none. */
export const SocialLinksInputSchema = z
  .partialRecord(SocialKeySchema, z.string().check(z.trim(), z.maxLength(500), wellFormed()))
  .check(
    z.superRefine((links, ctx) => {
      for (const [key, link] of Object.entries(links) as Array<[SocialKey, string]>) {
        if (link !== '' && !isHttpsLink(link)) {
          ctx.addIssue({ code: 'custom', path: [key], message: socialLinkMessage(key), input: link });
        }
      }
    }),
  );

/** A required text field: trimmed, then checked in the spec's order so the first message is its. */
const requiredText = (required: string, min: number, minMessage: string, max: number) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.minLength(min, minMessage),
      z.maxLength(max, `Must be at most ${max} characters`),
      wellFormed(),
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

const TagsSchema = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40), wellFormed())).check(
  z.maxLength(20),
  z.refine((tags) => new Set(tags).size === tags.length, 'Tags must not repeat'),
);

/** `POST /users` body (accounts §7). */
export const CreateUserBodySchema = z.extend(ProfileStepOneSchema, {
  banner: z._default(z.union([z.literal(''), MediaUrlSchema]), ''),
  aptosAddress: AddressSchema,
  category: z._default(z.string().check(wellFormed()), DEFAULT_CATEGORY),
  subCategory: z._default(z.string().check(wellFormed()), DEFAULT_SUB_CATEGORY),
  tags: z._default(TagsSchema, []),
  social: z._default(SocialLinksInputSchema, {}),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** `PUT /users/{id}`: same fields as create minus the address. */
export const UpdateUserBodySchema = z.omit(CreateUserBodySchema, { aptosAddress: true });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;
