import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { LIMITS } from '../../schema/constants';
import { SearchSuggestionsSchema, SearchUserSchema } from '../../schema/search';
import { TopUserSchema } from '../../schema/user';
import { test } from './fixtures';

/** Reads the seeded demo through the public API, so the tests never hard-code demo data. */
const api = (request: APIRequestContext) => {
  const get = async <S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S>> => {
    const response = await request.get(path);
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
    return (dataEnvelope(schema).parse(await response.json()) as { data: z.output<S> }).data;
  };
  return {
    topCreators: (limit: number) => get(`/api/users/top?limit=${limit}`, z.array(TopUserSchema)),
    /** What the search bar lists for `q`, asked as the bar asks. */
    suggestions: (q: string) =>
      get(
        `/api/users/search/suggestions?q=${encodeURIComponent(q)}&limit=${LIMITS.suggestionsDefault}`,
        SearchSuggestionsSchema,
      ),
    search: (q: string) =>
      get(`/api/users/search?q=${encodeURIComponent(q)}&limit=50`, z.array(SearchUserSchema)),
    category: (category: string) =>
      get(
        `/api/users/search/category?category=${encodeURIComponent(category)}&limit=50`,
        z.array(SearchUserSchema),
      ),
  };
};

/** The top bar's search combobox and its suggestion list. */
const searchBar = (page: Page) => {
  const input = page.getByRole('combobox', { name: 'Search' });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  return {
    input,
    listbox,
    /** The option the keyboard has made active (aria-activedescendant). */
    activeOption: async () => {
      const id = await input.getAttribute('aria-activedescendant');
      return id ? page.locator(`[id="${id}"]`) : null;
    },
  };
};

const firstCreator = async (request: APIRequestContext) => {
  const creator = (await api(request).topCreators(1))[0];
  if (!creator) throw new Error('the demo has no creators');
  return creator;
};

test('search finds a seeded creator from the top bar with the keyboard', async ({ page, request }) => {
  const creator = await firstCreator(request);
  const typed = creator.fullName.split(' ')[0]?.slice(0, 4) ?? '';
  const expected = await api(request).suggestions(typed);
  await page.goto('/');
  const bar = searchBar(page);
  await bar.input.click();
  await bar.input.pressSequentially(typed);

  await expect(bar.input).toHaveAttribute('aria-expanded', 'true');
  // The list for the whole text: on a slow machine a prefix can settle while typing, and its list
  // (kept on screen until the next answer) may hold the creator too, further down.
  await expect(bar.listbox.getByRole('option')).toHaveCount(
    expected.users.length + expected.categories.length + expected.subCategories.length,
  );
  const option = bar.listbox.getByRole('option').filter({ hasText: `@${creator.username}` });
  await expect(option).toBeVisible();
  // Walk the list with ArrowDown until the creator's option is the active one.
  for (let step = 0; step < 12; step++) {
    await bar.input.press('ArrowDown');
    const active = await bar.activeOption();
    if (active && (await active.textContent())?.includes(`@${creator.username}`)) break;
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await bar.input.press('Enter');

  await expect(page).toHaveURL(`/u/${creator.username}`);
  await expect(bar.input).toHaveValue('');
});

test('the option chosen with the keyboard stays chosen when the answer for the full text arrives late', async ({
  page,
  request,
}) => {
  const creator = await firstCreator(request);
  const full = creator.fullName.split(' ')[0]?.slice(0, 4) ?? '';
  const start = full.slice(0, 2);
  // The answer for the whole text waits until the option is chosen, as on a slow link.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/users/search/suggestions' && url.searchParams.get('q') === full,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto('/');
  const bar = searchBar(page);
  await bar.input.click();
  await bar.input.pressSequentially(start);
  const option = bar.listbox.getByRole('option').filter({ hasText: `@${creator.username}` });
  await expect(option).toBeVisible();

  // The whole text is typed while the list still shows the answer for its start.
  const late = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === full && response.ok(),
  );
  await bar.input.pressSequentially(full.slice(start.length));
  for (let step = 0; step < 12; step++) {
    await bar.input.press('ArrowDown');
    const active = await bar.activeOption();
    if (active && (await active.textContent())?.includes(`@${creator.username}`)) break;
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  release();
  await late;
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await bar.input.press('Enter');
  await expect(page).toHaveURL(`/u/${creator.username}`);
});

test('the suggestion code loads on the first focus of the field, not with the page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('top-creators')).toBeVisible();
  expect(scripts.filter((url) => url.includes('suggestion-list'))).toEqual([]);

  await searchBar(page).input.focus();
  await expect.poll(() => scripts.some((url) => url.includes('suggestion-list'))).toBe(true);
});

test('the suggestions offer categories, close on Escape, and Enter without a choice searches', async ({
  page,
}) => {
  await page.goto('/');
  const bar = searchBar(page);
  await bar.input.click();
  await bar.input.pressSequentially('gam');
  const category = bar.listbox.getByRole('option').filter({ hasText: 'Gaming' }).first();
  await expect(category).toBeVisible();

  await bar.input.press('Escape');
  await expect(bar.listbox).toBeHidden();
  await expect(bar.input).toHaveAttribute('aria-expanded', 'false');
  await expect(bar.input).toHaveValue('gam');

  await bar.input.press('ArrowDown');
  await expect(bar.listbox).toBeVisible();
  await bar.input.press('Escape');
  await bar.input.press('Enter');
  await expect(page).toHaveURL('/search?q=gam');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "gam"');
});

test('choosing a category suggestion opens its creators', async ({ page }) => {
  await page.goto('/');
  const bar = searchBar(page);
  await bar.input.click();
  await bar.input.pressSequentially('Music');
  await bar.listbox
    .getByRole('option')
    .filter({ hasText: /^Music\s*Category$/ })
    .click();
  await expect(page).toHaveURL('/search?category=Music');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category: Music');
});

test('/search?q= shows the heading, the count and the matching creators', async ({ page, request }) => {
  const creator = await firstCreator(request);
  const results = await api(request).search(creator.username);
  expect(results.map((user) => user.username)).toContain(creator.username);

  await page.goto(`/search?q=${creator.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Search results for "${creator.username}"`,
  );
  await expect(page.getByTestId('search-count')).toHaveText(`${results.length} results found`);
  const card = page.getByTestId('creator-card').filter({ hasText: `@${creator.username}` });
  await expect(card).toHaveAttribute('href', `/u/${creator.username}`);
  await expect(card.getByText(creator.fullName)).toBeVisible();
  await expect(card.getByText('#1', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('search-count')).toHaveText(`${results.length} results found`);
});

test('a category and a sub-category list their creators', async ({ page, request }) => {
  const { username } = await firstCreator(request);
  const creator = (await api(request).search(username)).find((user) => user.username === username);
  if (!creator) throw new Error(`${username} is not found`);
  const inCategory = await api(request).category(creator.category);

  await page.goto(`/search?category=${encodeURIComponent(creator.category)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Category: ${creator.category}`);
  await expect(page.getByTestId('search-count')).toHaveText(`${inCategory.length} users in this category`);
  await expect(page.getByTestId('creator-card')).toHaveCount(inCategory.length);

  const search = new URLSearchParams({ category: creator.category, subCategory: creator.subCategory });
  await page.goto(`/search?${search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${creator.category} > ${creator.subCategory}`,
  );
  const card = page.getByTestId('creator-card').filter({ hasText: `@${creator.username}` });
  await expect(card.getByText(`${creator.category} > ${creator.subCategory}`)).toBeVisible();
});

test('a search without matches shows the empty state', async ({ page }) => {
  await page.goto('/search?q=zzqxv');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('No users match "zzqxv"')).toBeVisible();

  await page.goto('/search?category=Knitting');
  await expect(page.getByText('No users in this category')).toBeVisible();
});

test('a slow search says so, and a failed one shows the error', async ({ page }) => {
  await page.route('**/api/users/search?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } });
  });
  await page.goto('/search?q=nova');
  await expect(page.getByRole('status').filter({ hasText: 'Searching...' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'An error occurred while searching' })).toBeVisible({
    timeout: 10_000,
  });
});

test('/search without parameters features the most followed creators', async ({ page, request }) => {
  const top = await api(request).topCreators(LIMITS.searchResultLimit);
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Featured Users');
  await expect(page.getByText('Users with the most followers')).toBeVisible();
  await expect(page.getByTestId('creator-card')).toHaveCount(top.length);
  await expect(page.getByTestId('creator-card').first()).toContainText(`@${top[0]?.username}`);
});
