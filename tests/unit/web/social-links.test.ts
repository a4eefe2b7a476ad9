import { describe, expect, it } from 'vitest';
import { normalizeSocialLink, socialLinkErrors } from '../../../web/features/profile-wizard/social-links';
import { cleanSocial } from '../../../web/features/profile-wizard/wizard-state';

describe('social links in the profile wizard', () => {
  it('takes a link typed without a scheme as https', () => {
    expect(normalizeSocialLink(' youtube.com/@nora ')).toBe('https://youtube.com/@nora');
    expect(cleanSocial({ website: 'example.com', github: '' })).toEqual({ website: 'https://example.com' });
  });

  it('keeps another scheme as typed, so it is refused rather than rewritten', () => {
    expect(normalizeSocialLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normalizeSocialLink('http://example.com')).toBe('http://example.com');
  });

  it('names each link the server would refuse, with its message', () => {
    const sent = cleanSocial({
      website: 'javascript:alert(1)',
      youtube: 'http://youtube.com/@nora',
      twitter: 'x.com/nora',
      other: '@nora',
    });
    expect(socialLinkErrors(sent)).toEqual({
      website: 'Social link "website" must be an https:// URL',
      youtube: 'Social link "youtube" must be an https:// URL',
      other: 'Social link "other" must be an https:// URL',
    });
  });

  it('finds nothing wrong with https links and blanks', () => {
    expect(socialLinkErrors(cleanSocial({ website: 'https://nora.dev', tiktok: ' ' }))).toEqual({});
  });
});
