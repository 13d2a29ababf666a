import { expect, test } from '@playwright/test';
import { arrivalWindow, formatArrivalRange, formatShopDay } from '../../core/arrival';
import { addDays } from '../../core/dates';
import { shopDayOf } from '../../core/shop-calendar';
import { ADMIN_ARRIVAL_TEXT } from '../../src/islands/admin/AdminArrival';
import { ARRIVAL_PANEL_TEXT as T } from '../../src/islands/admin/ArrivalPanels';
import { acceptCookies } from './support/account';
import { ownerLogsIn } from './support/owner';

/*
 * Issue 41 as the owner does it: a closure entered on the back office's Arrival dates page moves
 * the date an order placed today ships by and arrives, and its note reaches the shop's notices;
 * removed, the shop is back to its calendar.
 */
test('a closure the owner adds is used for the arrival dates and told to shoppers', async ({
  page,
}) => {
  await acceptCookies(page);
  await ownerLogsIn(page, '/admin/arrival');
  const today = shopDayOf(new Date());
  const closure = { from: today, to: addDays(today, 13), note: 'Closed for stocktaking' };
  const line = (closures: (typeof closure)[]) => {
    const window = arrivalWindow({ now: new Date(), closures });
    return ADMIN_ARRIVAL_TEXT.today(window.shipBy, formatArrivalRange(window));
  };
  await expect(page.getByTestId('arrival-today')).toHaveText(line([]));

  await page.getByLabel(T.from, { exact: true }).fill(closure.from);
  await page.getByLabel(T.to, { exact: true }).fill(closure.to);
  await page.getByLabel(T.note, { exact: true }).fill(closure.note);
  await page.getByRole('button', { name: T.addClosure }).click();
  await expect(page.getByRole('status').filter({ hasText: T.closureAdded })).toBeVisible();
  await expect(page.getByTestId('closures')).toContainText(closure.note);
  // An order placed today now ships after the closure.
  await expect(page.getByTestId('arrival-today')).toHaveText(line([closure]));
  await expect(page.getByTestId('arrival-today')).toContainText(
    `ships by ${formatShopDay(arrivalWindow({ now: new Date(), closures: [closure] }).shipBy)}`,
  );
  // The shop's notices (what the notice bar shows) carry its note.
  const notices = await page.request.get('/api/arrival/notices');
  expect(await notices.json()).toEqual({
    notices: expect.arrayContaining([{ kind: 'closure', text: closure.note }]),
  });

  // Read back after a reload, then removed.
  await page.reload();
  const list = page.getByTestId('closures');
  await expect(list).toContainText(closure.note);
  await list.getByRole('button', { name: T.remove }).click();
  await expect(page.getByText(ADMIN_ARRIVAL_TEXT.loading)).toHaveCount(0);
  await expect(page.getByText('No closures.')).toBeVisible();
  await expect(page.getByTestId('arrival-today')).toHaveText(line([]));
});
