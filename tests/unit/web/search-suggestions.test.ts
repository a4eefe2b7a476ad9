import { describe, expect, it } from 'vitest';
import { moveActive, suggestionOptions } from '../../../web/features/search/suggestion-options';

describe('suggestionOptions', () => {
  it('lists users, then categories, then sub-categories with their category', () => {
    const options = suggestionOptions({
      users: [{ id: 'u1', username: 'lofi_lena', fullName: 'Lena Okafor', avatar: '' }],
      categories: ['Music'],
      subCategories: [{ category: 'Music', name: 'Lo-fi' }],
    });
    expect(options).toEqual([
      { kind: 'user', key: 'user:u1', username: 'lofi_lena', fullName: 'Lena Okafor', avatar: '' },
      { kind: 'category', key: 'category:Music', category: 'Music' },
      { kind: 'subCategory', key: 'subCategory:Music>Lo-fi', category: 'Music', subCategory: 'Lo-fi' },
    ]);
  });

  it('gives the same sub-category name under two categories two keys', () => {
    const options = suggestionOptions({
      users: [],
      categories: [],
      subCategories: [
        { category: 'Gaming', name: 'Other' },
        { category: 'Music', name: 'Other' },
      ],
    });
    expect(new Set(options.map((option) => option.key)).size).toBe(2);
  });
});

describe('moveActive', () => {
  it('walks down from no option to the first, and wraps from the last', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(1, 3, 'ArrowDown')).toBe(2);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
  });

  it('walks up from no option to the last, and wraps from the first', () => {
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
  });

  it('has nothing to move to in an empty list', () => {
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});
