import { expect, test } from '@playwright/test';
import { enterAsProductorUi, shot } from '../../support/fixtures';

test('productor logs in, picks La Pampa and an entity, and reaches the dashboard @smoke', async ({ page }, testInfo) => {
  await enterAsProductorUi(page);
  await expect(page.getByTestId('dashboard-entity')).toContainText('Juan Pérez');
  await expect(page.getByText('v1.1.0')).toBeVisible();
  await shot(page, testInfo, 'dashboard');
});
