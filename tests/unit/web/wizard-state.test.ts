import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import type { Category, User } from '../../../schema/user';
import {
  addTag,
  categoryChange,
  cleanSocial,
  emptyProfileForm,
  firstSubCategory,
  MAX_TAGS,
  nextStep,
  previousStep,
  profileFormFromUser,
  removeTag,
  toCreateBody,
  toUpdateBody,
  validateStepOne,
} from '../../../web/features/profile-wizard/wizard-state';

const categories: Category[] = [
  { name: 'Gaming', subCategories: ['Valorant', 'Minecraft'] },
  { name: 'Music', subCategories: ['Lo-fi', 'Rock'] },
  { name: 'Empty', subCategories: [] },
];

const filled = {
  ...emptyProfileForm(),
  username: 'night_owl',
  fullName: 'Nora Owl',
  email: 'nora@example.com',
  description: 'Late-night Valorant streams.',
  avatar: '/media/images/abc.png',
};

describe('the wizard form', () => {
  it('starts blank on Gaming > Valorant', () => {
    expect(emptyProfileForm()).toMatchObject({
      username: '',
      category: 'Gaming',
      subCategory: 'Valorant',
      tags: [],
    });
  });

  it('pre-fills the edit form from the user without sharing its lists', () => {
    const user = {
      ...filled,
      id: 'u1',
      aptosAddress: '0x1',
      tags: ['fps'],
      social: { twitch: 'https://twitch.tv/nora' },
    } as unknown as User;
    const form = profileFormFromUser(user);
    expect(form).toMatchObject({
      username: 'night_owl',
      tags: ['fps'],
      social: { twitch: 'https://twitch.tv/nora' },
    });
    form.tags.push('changed');
    expect(user.tags).toEqual(['fps']);
  });
});

describe('step 1 validation', () => {
  it('passes a complete step 1', () => {
    expect(validateStepOne(filled)).toEqual({});
  });

  it('gives each failing field its first spec message', () => {
    expect(validateStepOne(emptyProfileForm())).toEqual({
      username: MESSAGES.validation.usernameRequired,
      fullName: MESSAGES.validation.fullNameRequired,
      email: MESSAGES.validation.emailRequired,
      description: MESSAGES.validation.descriptionRequired,
      avatar: MESSAGES.validation.avatarRequired,
    });
  });

  it.each([
    [{ username: 'ab' }, 'username', MESSAGES.validation.usernameMin],
    [{ username: 'no spaces' }, 'username', MESSAGES.validation.usernameChars],
    [{ fullName: 'N' }, 'fullName', MESSAGES.validation.fullNameMin],
    [{ email: 'nora@' }, 'email', MESSAGES.validation.emailInvalid],
    [{ description: 'too short' }, 'description', MESSAGES.validation.descriptionMin],
  ])('answers %o with the spec message', (change, field, message) => {
    expect(validateStepOne({ ...filled, ...change })).toEqual({ [field]: message });
  });
});

describe('category and sub-category', () => {
  it("resets the sub-category to the new category's first one", () => {
    expect(categoryChange(categories, 'Music')).toEqual({ category: 'Music', subCategory: 'Lo-fi' });
  });

  it("falls back to 'Other' for a category without sub-categories or an unknown one", () => {
    expect(firstSubCategory(categories, 'Empty')).toBe('Other');
    expect(firstSubCategory(categories, 'Nope')).toBe('Other');
  });
});

describe('tags', () => {
  it('adds a trimmed tag', () => {
    expect(addTag(['fps'], '  speedrun ')).toEqual(['fps', 'speedrun']);
  });

  it('ignores a blank tag and a duplicate, answering the same list', () => {
    const tags = ['fps'];
    expect(addTag(tags, '   ')).toBe(tags);
    expect(addTag(tags, ' fps ')).toBe(tags);
  });

  it('stops at the most tags the server takes', () => {
    const full = Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`);
    expect(addTag(full, 'one-more')).toBe(full);
  });

  it('removes a tag', () => {
    expect(removeTag(['fps', 'rpg'], 'fps')).toEqual(['rpg']);
  });
});

describe('steps', () => {
  it(`moves between 1 and ${LIMITS.wizardSteps} and no further`, () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(LIMITS.wizardSteps)).toBe(LIMITS.wizardSteps);
    expect(previousStep(2)).toBe(1);
    expect(previousStep(1)).toBe(1);
  });
});

describe('request bodies', () => {
  it('trims text and leaves blank social links out', () => {
    const body = toUpdateBody({
      ...filled,
      fullName: '  Nora Owl ',
      social: { twitch: ' https://twitch.tv/nora ', youtube: '   ', github: '' },
    });
    expect(body.fullName).toBe('Nora Owl');
    expect(body.social).toEqual({ twitch: 'https://twitch.tv/nora' });
    expect(body).not.toHaveProperty('aptosAddress');
  });

  it('adds the signed-in address for registration', () => {
    expect(toCreateBody(filled, '0xabc')).toMatchObject({ username: 'night_owl', aptosAddress: '0xabc' });
  });

  it('keeps only filled social links', () => {
    expect(cleanSocial({ other: 'https://x.example', website: ' ' })).toEqual({ other: 'https://x.example' });
  });
});
