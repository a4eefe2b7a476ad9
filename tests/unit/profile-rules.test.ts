import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../schema/messages';
import { ProfileStepOneSchema } from '../../schema/user-input';

const valid = {
  username: 'night_owl',
  fullName: 'Nora Owl',
  email: 'nora@example.com',
  description: 'Late-night Valorant streams.',
  avatar: '/media/avatars/a.svg',
};
const firstMessage = (input: Record<string, unknown>) =>
  ProfileStepOneSchema.safeParse(input).error?.issues[0]?.message;

describe('registration step 1 rules (accounts spec §5)', () => {
  it('accepts a complete profile and trims its text', () => {
    const parsed = ProfileStepOneSchema.parse({ ...valid, fullName: '  Nora Owl  ' });
    expect(parsed.fullName).toBe('Nora Owl');
  });

  it.each([
    [{ username: '' }, MESSAGES.validation.usernameRequired],
    [{ username: 'ab' }, MESSAGES.validation.usernameMin],
    [{ username: 'no spaces' }, MESSAGES.validation.usernameChars],
    [{ fullName: ' ' }, MESSAGES.validation.fullNameRequired],
    [{ fullName: 'N' }, MESSAGES.validation.fullNameMin],
    [{ email: '' }, MESSAGES.validation.emailRequired],
    [{ email: 'nora@' }, MESSAGES.validation.emailInvalid],
    [{ description: '' }, MESSAGES.validation.descriptionRequired],
    [{ description: 'too short' }, MESSAGES.validation.descriptionMin],
    [{ avatar: '' }, MESSAGES.validation.avatarRequired],
  ])('answers the spec message for %o', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it('answers the required message when a field is missing altogether', () => {
    const { username: _, ...withoutUsername } = valid;
    expect(firstMessage(withoutUsername)).toBe(MESSAGES.validation.usernameRequired);
  });
});
