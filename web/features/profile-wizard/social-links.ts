import type { SocialKey, SocialLinks } from '../../../schema/user';
import { SocialLinksInputSchema } from '../../../schema/user-input';

/** A URL scheme (`https:`, `javascript:`…) at the start of a link. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A link as sent: trimmed, and typed without a scheme (`youtube.com/@nora`) taken as https. A link
 * with another scheme is kept as typed, so the form can say it is refused rather than rewrite it.
 */
export const normalizeSocialLink = (raw: string): string => {
  const link = raw.trim();
  return link === '' || SCHEME.test(link) ? link : `https://${link}`;
};

export type SocialErrors = Partial<Record<SocialKey, string>>;

/** The links the server would refuse (SocialLinksInputSchema: https only), with its message for each. */
export const socialLinkErrors = (social: SocialLinks): SocialErrors => {
  const errors: SocialErrors = {};
  for (const issue of SocialLinksInputSchema.safeParse(social).error?.issues ?? []) {
    const key = issue.path[0] as SocialKey;
    errors[key] ??= issue.message;
  }
  return errors;
};
