import type { Locator, Page } from 'playwright-core';

/** what the page shows instead of a purchase's details: the address, any dialog's text, the main region's start */
async function whatShows(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify({
      url: window.location.href,
      dialogs: [...document.querySelectorAll('[role="dialog"]')].map((dialog) => dialog.textContent?.slice(0, 300)),
      main: document.getElementById('main')?.textContent?.slice(0, 300),
      focus: document.activeElement?.outerHTML.slice(0, 120),
    }),
  );
}

/**
 * Opens the first purchase the dashboard lists (its first View button) and waits until its details have loaded, not
 * only the dialog's frame. When they do not show, the error says what the admin sees instead.
 */
export async function openFirstPurchase(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'View', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Purchase details' });
  try {
    await dialog.getByRole('heading', { name: 'Status history' }).waitFor();
  } catch (error) {
    throw new Error(`The purchase's details did not show. The page: ${await whatShows(page)}`, { cause: error });
  }
  return dialog;
}
