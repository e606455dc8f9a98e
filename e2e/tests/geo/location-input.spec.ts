import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { lookAt } from '../../support/fixtures';

/** The shared location input, as the directory uses it (/providers): gazetteer suggestions end to end. */
test.describe('location input', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'mobile', width: 390, height: 844 },
  ]) {
    test(`suggests UK places, navigates by keyboard and clears (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/providers');
      // On a phone the directory's filters wait behind the 'Filters' button (decision 0350).
      if (viewport.width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      const input = page.getByRole('combobox', { name: 'Location' });
      await input.fill('Harrog');
      // The page has other options (the radius select): look only at this input's list.
      const list = page.getByRole('listbox', { name: 'Location suggestions' });
      const options = list.getByRole('option');
      await expect(options.first()).toHaveText('Harrogate, North Yorkshire');
      expect(await options.count()).toBeLessThanOrEqual(5);
      await expect(input).toHaveAttribute('aria-expanded', 'true');
      // Axe on this component with its suggestions open (the page's own checks belong to its spec).
      const axe = await new AxeBuilder({ page }).include('[data-location-input]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await lookAt(page, `geo-location-suggestions-${viewport.name}`);

      await input.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await input.press('Enter');
      await expect(input).toHaveValue('Harrogate, North Yorkshire');
      await expect(options).toHaveCount(0);
      await expect(page).toHaveURL(/location=Harrogate/);
      await lookAt(page, `geo-location-chosen-${viewport.name}`);

      await page.getByRole('button', { name: 'Clear location' }).click();
      await expect(input).toHaveValue('');
      await expect(page).not.toHaveURL(/location=/);

      // The other name column, a postcode district and a misspelling.
      await input.fill('Inbhir Nis');
      await expect(options.first()).toHaveText('Inbhir Nis (Inverness), Highland');
      await input.fill('LS1');
      await expect(options.first()).toHaveText('LS1, Leeds, West Yorkshire');
      await input.fill('Manchster');
      await expect(options.first()).toHaveText('Manchester, Greater Manchester');
      await input.press('Escape');
      await expect(options).toHaveCount(0);
    });
  }
});
