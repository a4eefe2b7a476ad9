import { expect } from '@playwright/test';
import { test } from './fixtures';

test('challenges show the stats, the featured prize and both tabs', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vibe Challenges');
  for (const [value, label] of [
    ['15', 'Active Challenges'],
    ['2.5K', 'Participants'],
    ['5K APT', 'Rewards'],
    ['89', 'Winners'],
  ]) {
    await expect(page.getByRole('definition').filter({ hasText: value }).first()).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  }
  await expect(page.getByText('Grand Prize: 1000 APT')).toBeVisible();

  const active = page.getByRole('tab', { name: 'Active' });
  const completed = page.getByRole('tab', { name: 'Completed' });
  await expect(active).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('challenge-card').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Join Challenge' }).first().click();
  await panel.getByRole('button', { name: 'Submit Entry' }).first().click();
  await expect.poll(() => logged.filter((text) => text.startsWith('challenge ')).length).toBe(2);
  await expect(page).toHaveURL('/challenges');

  await active.focus();
  await page.keyboard.press('ArrowRight');
  await expect(completed).toBeFocused();
  await expect(completed).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('challenge-card').first()).toContainText('Won by');
  await expect(panel.getByRole('button', { name: 'Join Challenge' })).toHaveCount(0);
  await active.click();
  await expect(panel.getByRole('button', { name: 'Join Challenge' }).first()).toBeVisible();
});

test('the task list shows its sample tasks, actions by status and summaries', async ({ page }) => {
  await page.goto('/list_task');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Task List');
  const headers = page.getByRole('columnheader');
  await expect(headers).toHaveText(['#', 'Task', 'Type', 'Assigner', 'Reward', 'Action']);

  const rows = page.getByTestId('task-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Video');
  await expect(rows.nth(0)).toContainText('50000đ');
  await expect(rows.nth(0).getByRole('button', { name: 'Take Task' })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Article');
  await expect(rows.nth(1)).toContainText('70000đ');
  await expect(rows.nth(1).getByRole('button', { name: 'In Progress' })).toBeVisible();
  await expect(rows.nth(2)).toContainText('Share');
  await expect(rows.nth(2)).toContainText('30000đ');
  await expect(rows.nth(2).getByRole('button', { name: 'Claim Reward' })).toBeVisible();

  const summary = rows.nth(0).getByRole('tooltip');
  await expect(summary).toBeHidden();
  await rows.nth(0).locator('.task-title').hover();
  await expect(summary).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(summary).toBeHidden();

  await rows.nth(1).locator('.task-title').focus();
  await expect(rows.nth(1).getByRole('tooltip')).toBeVisible();
  await expect(rows.nth(1).locator('.task-title')).toHaveAccessibleDescription(/800-1200 words/);

  await rows.nth(0).getByRole('button', { name: 'Take Task' }).click();
  await expect(page).toHaveURL('/list_task');
});
