import { SOCIAL_KEYS } from '../../../schema/constants';
import type { SocialKey, SocialLinks } from '../../../schema/user';
import type { SocialErrors } from './social-links';
import { TextField } from './text-field';

const LABELS: Record<SocialKey, string> = {
  youtube: 'YouTube',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  instagram: 'Instagram',
  website: 'Website',
  discord: 'Discord',
  telegram: 'Telegram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  other: 'Other',
};

/** The server's bound on one link (schema/user-input.ts SocialLinksInputSchema). */
const MAX_LINK_LENGTH = 500;

type StepSocialProps = {
  social: SocialLinks;
  errors: SocialErrors;
  onChange: (social: SocialLinks) => void;
};

/** Step 4: social links, all optional; each one https (a link typed without a scheme is made https). */
export function StepSocial({ social, errors, onChange }: StepSocialProps) {
  return (
    <div className="wizard-social-grid">
      {SOCIAL_KEYS.map((key) => (
        <TextField
          key={key}
          label={LABELS[key]}
          type={key === 'website' ? 'url' : 'text'}
          maxLength={MAX_LINK_LENGTH}
          value={social[key] ?? ''}
          error={errors[key]}
          onChange={(link) => onChange({ ...social, [key]: link })}
        />
      ))}
    </div>
  );
}
