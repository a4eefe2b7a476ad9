import { describe, expect, it } from 'vitest';
import { matchCategories } from '../../worker/api/search/category-match';
import { MAX_QUERY_TERMS, toFtsQuery } from '../../worker/api/search/fts-query';

describe('toFtsQuery', () => {
  it('quotes every word and makes the last one a prefix', () => {
    expect(toFtsQuery('nova')).toBe('"nova"*');
    expect(toFtsQuery('  Nova   Re ')).toBe('"Nova" "Re"*');
  });

  it('turns operators and syntax into plain words', () => {
    expect(toFtsQuery('a OR b')).toBe('"a" "OR" "b"*');
    expect(toFtsQuery('NEAR(x y')).toBe('"NEAR" "x" "y"*');
    expect(toFtsQuery('username:nova')).toBe('"username" "nova"*');
    expect(toFtsQuery('-nova^ "lena"')).toBe('"nova" "lena"*');
  });

  it('splits words the way the index does', () => {
    expect(toFtsQuery('nova_plays')).toBe('"nova" "plays"*');
    expect(toFtsQuery('lo-fi')).toBe('"lo" "fi"*');
    expect(toFtsQuery('José Peña')).toBe('"José" "Peña"*');
  });

  it('answers null when no word is left', () => {
    for (const text of ['', '   ', '"', '*', '-', '()', '🔥🎮']) expect(toFtsQuery(text)).toBeNull();
  });

  it('caps the number of words and the length of the text', () => {
    const many = toFtsQuery('w '.repeat(50)) ?? '';
    expect(many.split(' ')).toHaveLength(MAX_QUERY_TERMS);
    expect((toFtsQuery('x'.repeat(10_000)) ?? '').length).toBeLessThan(110);
  });
});

describe('matchCategories', () => {
  const tree = [
    { name: 'Gaming', subCategories: ['Valorant', 'League of Legends', 'Other'] },
    { name: 'Music', subCategories: ['Hip Hop', 'Lo-fi', 'Other'] },
    { name: 'Other', subCategories: ['Other'] },
  ];

  it('matches the start of any word, ignoring case, accents and punctuation', () => {
    expect(matchCategories(tree, 'LEG', 5).subCategories).toEqual([
      { category: 'Gaming', name: 'League of Legends' },
    ]);
    expect(matchCategories(tree, 'lo-f', 5).subCategories).toEqual([{ category: 'Music', name: 'Lo-fi' }]);
    expect(matchCategories(tree, 'músic', 5).categories).toEqual(['Music']);
    expect(matchCategories(tree, 'sic', 5).categories).toEqual([]);
  });

  it('keeps the configured order and the limit of each list', () => {
    expect(matchCategories(tree, 'oth', 2)).toEqual({
      categories: ['Other'],
      subCategories: [
        { category: 'Gaming', name: 'Other' },
        { category: 'Music', name: 'Other' },
      ],
    });
  });

  it('matches nothing for text without words', () => {
    expect(matchCategories(tree, ' -- ', 5)).toEqual({ categories: [], subCategories: [] });
  });
});
