import {
  DEFAULT_CATEGORY,
  DEFAULT_SUB_CATEGORY,
  FALLBACK_SUB_CATEGORY,
  LIMITS,
} from '../../../schema/constants';
import type { Category, SocialLinks, User } from '../../../schema/user';
import { type CreateUserBody, ProfileStepOneSchema, type UpdateUserBody } from '../../../schema/user-input';
import { normalizeSocialLink } from './social-links';

/** Everything the wizard edits, as the inputs hold it (untrimmed until sent). */
export type ProfileForm = {
  username: string;
  fullName: string;
  email: string;
  description: string;
  avatar: string;
  banner: string;
  category: string;
  subCategory: string;
  tags: string[];
  social: SocialLinks;
};

export type StepOneField = 'username' | 'fullName' | 'email' | 'description' | 'avatar';
export type StepOneErrors = Partial<Record<StepOneField, string>>;

/** The same bounds the server puts on tags (schema/user.ts). */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** A blank registration form with the spec's defaults: Gaming > Valorant (accounts §4). */
export const emptyProfileForm = (): ProfileForm => ({
  username: '',
  fullName: '',
  email: '',
  description: '',
  avatar: '',
  banner: '',
  category: DEFAULT_CATEGORY,
  subCategory: DEFAULT_SUB_CATEGORY,
  tags: [],
  social: {},
});

/** A user the edit wizard opens: their own record, so it carries the email (the server's rule). */
export type EditedUser = User & { email?: string | undefined };

/** The edit form, pre-filled from the user. */
export const profileFormFromUser = (user: EditedUser): ProfileForm => ({
  username: user.username,
  fullName: user.fullName,
  email: user.email ?? '',
  description: user.description,
  avatar: user.avatar,
  banner: user.banner,
  category: user.category,
  subCategory: user.subCategory,
  tags: [...user.tags],
  social: { ...user.social },
});

/** Step 1's rules (ProfileStepOneSchema), as the first spec message of each failing field. */
export const validateStepOne = (form: ProfileForm): StepOneErrors => {
  const result = ProfileStepOneSchema.safeParse(form);
  const errors: StepOneErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as StepOneField;
    errors[field] ??= issue.message;
  }
  return errors;
};

export const hasErrors = (errors: StepOneErrors) => Object.keys(errors).length > 0;

/** The first sub-category of `category`, or 'Other' when it has none or is unknown. */
export const firstSubCategory = (categories: readonly Category[], category: string): string =>
  categories.find((known) => known.name === category)?.subCategories[0] ?? FALLBACK_SUB_CATEGORY;

/** Changing the category resets the sub-category to that category's first one (accounts §4). */
export const categoryChange = (
  categories: readonly Category[],
  category: string,
): Pick<ProfileForm, 'category' | 'subCategory'> => ({
  category,
  subCategory: firstSubCategory(categories, category),
});

/**
 * Adds a tag when it is non-empty after trimming, not already there and fits the server's
 * bounds; otherwise answers the same list, so callers can tell nothing changed.
 */
export const addTag = (tags: readonly string[], raw: string): readonly string[] => {
  const tag = raw.trim();
  if (!tag || tag.length > MAX_TAG_LENGTH || tags.length >= MAX_TAGS || tags.includes(tag)) return tags;
  return [...tags, tag];
};

export const removeTag = (tags: readonly string[], tag: string): string[] => tags.filter((t) => t !== tag);

export const nextStep = (step: number) => Math.min(step + 1, LIMITS.wizardSteps);
export const previousStep = (step: number) => Math.max(step - 1, 1);

/** Social links as sent: trimmed, scheme-less ones made https (social-links.ts), blank ones left out. */
export const cleanSocial = (social: SocialLinks): SocialLinks => {
  const cleaned: SocialLinks = {};
  for (const [key, value] of Object.entries(social) as Array<[keyof SocialLinks, string | undefined]>) {
    const link = normalizeSocialLink(value ?? '');
    if (link) cleaned[key] = link;
  }
  return cleaned;
};

/** `PUT /api/users/{id}` body. */
export const toUpdateBody = (form: ProfileForm): UpdateUserBody => ({
  username: form.username.trim(),
  fullName: form.fullName.trim(),
  email: form.email.trim(),
  description: form.description.trim(),
  avatar: form.avatar,
  banner: form.banner,
  category: form.category,
  subCategory: form.subCategory,
  tags: [...form.tags],
  social: cleanSocial(form.social),
});

/** `POST /api/users` body: the update body plus the signed-in address. */
export const toCreateBody = (form: ProfileForm, aptosAddress: string): CreateUserBody => ({
  ...toUpdateBody(form),
  aptosAddress,
});
