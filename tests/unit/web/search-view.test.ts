import { describe, expect, it } from 'vitest';
import {
  emptyDetail,
  resultCountText,
  searchHeading,
  searchViewOf,
} from '../../../web/features/search/search-view';

describe('searchViewOf', () => {
  it('lets q win over category', () => {
    expect(searchViewOf({ q: 'nova', category: 'Gaming' })).toEqual({ kind: 'query', q: 'nova' });
  });

  it('reads a category with its optional sub-category', () => {
    expect(searchViewOf({ category: 'Gaming' })).toEqual({ kind: 'category', category: 'Gaming' });
    expect(searchViewOf({ category: 'Gaming', subCategory: 'Valorant' })).toEqual({
      kind: 'category',
      category: 'Gaming',
      subCategory: 'Valorant',
    });
  });

  it('shows the featured users with no parameters, or only blank ones', () => {
    expect(searchViewOf({})).toEqual({ kind: 'featured' });
    expect(searchViewOf({ q: '  ', category: '' })).toEqual({ kind: 'featured' });
    expect(searchViewOf({ subCategory: 'Valorant' })).toEqual({ kind: 'featured' });
  });

  it('trims what it reads', () => {
    expect(searchViewOf({ q: ' nova ' })).toEqual({ kind: 'query', q: 'nova' });
  });
});

describe('search page texts', () => {
  const query = searchViewOf({ q: 'nova' });
  const category = searchViewOf({ category: 'Music' });
  const subCategory = searchViewOf({ category: 'Music', subCategory: 'Lo-fi' });
  const featured = searchViewOf({});

  it('titles each view as the spec words it', () => {
    expect(searchHeading(query)).toEqual({ title: 'Search results for "nova"' });
    expect(searchHeading(category)).toEqual({ title: 'Category: Music' });
    expect(searchHeading(subCategory)).toEqual({ title: 'Music > Lo-fi' });
    expect(searchHeading(featured)).toEqual({
      title: 'Featured Users',
      subtitle: 'Users with the most followers',
    });
  });

  it('counts results or users in the category, and nothing for featured users', () => {
    expect(resultCountText(query, 3)).toBe('3 results found');
    expect(resultCountText(subCategory, 7)).toBe('7 users in this category');
    expect(resultCountText(featured, 50)).toBeNull();
  });

  it('explains an empty result', () => {
    expect(emptyDetail(query)).toBe('No users match "nova"');
    expect(emptyDetail(category)).toBe('No users in this category');
  });
});
