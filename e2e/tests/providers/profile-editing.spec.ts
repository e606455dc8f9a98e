import type { Locator, Page } from '@playwright/test';
import { signIn, unique, type Account } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { createProfile, expect, test, type Profile } from '../../support/users';

// A 64×64 PNG (the same bytes the logo journey uses) and a minimal PDF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDqqXiTlxUroh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHroqIR6QKTI2AAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Signs in as the journey's own provider and gives them a second profile, named for this journey. */
async function ownerWithProfile(page: Page, provider: Account, name: string): Promise<Profile> {
  await signIn(page, provider);
  return createProfile(page.request, {
    businessName: name,
    description: 'Fictional demo company created by an end-to-end test.',
    services: ['Panel Cleaning'],
    location: 'Leeds, West Yorkshire',
    type: 'O&M Provider',
    serviceRadius: 50,
    technologies: ['Solar PV'],
  });
}

const section = (page: Page, title: string): Locator =>
  page.locator('div.rounded-lg.border').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** One section at a time: open it, let `edit` change it, save, and wait for the toast and the closed editor. */
async function editSection(
  page: Page,
  title: string,
  edit: () => Promise<void>,
  toastText = 'Provider details updated successfully',
) {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('button', { name: `Cancel editing ${title}` })).toBeVisible();
  await edit();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(toastText, { exact: true })).toBeVisible();
  // The edited state is cleared after success (docs/product/providers.md#profile-editing).
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
}

test.describe('an owner edits every profile section', () => {
  // Long journeys: one section after another, each a save round trip.
  test.describe.configure({ timeout: 120_000 });

  test('services, technologies, scale, phase, associations, name and type, location, contacts, radius', async ({
    page,
    provider,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const name = `E2E Edit Solar ${unique()} (demo)`;
    const created = await ownerWithProfile(page, provider, name);
    await page.goto(`/providers/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Services: a free-text list (trimmed; duplicates ignored); chips can be removed.
    await editSection(page, 'Services', async () => {
      await page.getByLabel('Add to Services').fill('  Drone Surveys ');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByLabel('Add to Services').fill('drone surveys');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('button', { name: 'Remove Panel Cleaning' }).click();
    });
    const services = section(page, 'Services');
    await expect(services.getByText('Drone Surveys', { exact: true })).toHaveCount(1);
    await expect(services.getByText('Panel Cleaning')).toHaveCount(0);

    // Technologies, scale and phase: option chips; choosing a chosen one removes it.
    await editSection(page, 'Technologies', async () => {
      await page.getByRole('button', { name: 'BESS', exact: true }).click();
      await page.getByRole('button', { name: 'Solar PV', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Solar PV', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });
    await expect(section(page, 'Technologies').getByText('BESS', { exact: true })).toBeVisible();
    await expect(section(page, 'Technologies').getByText('Solar PV', { exact: true })).toHaveCount(0);

    await editSection(page, 'Scale', async () => {
      await page.getByRole('button', { name: 'Commercial', exact: true }).click();
      await page.getByRole('button', { name: 'Residential', exact: true }).click();
    });
    await expect(section(page, 'Scale').getByText('Residential', { exact: true })).toBeVisible();

    await editSection(page, 'Phase', async () => {
      await page.getByRole('button', { name: 'Construction', exact: true }).click();
    });
    await expect(section(page, 'Phase').getByText('Construction', { exact: true })).toBeVisible();

    await editSection(page, 'Industry Associations', async () => {
      await page.getByLabel('Add to Industry Associations').fill('Solar Energy UK');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
    });
    await expect(section(page, 'Industry Associations').getByText('Solar Energy UK', { exact: true })).toBeVisible();

    // Business name and type (an empty name is refused on the spot); the slug stays on rename.
    const renamed = `${name} Renamed`;
    await page.getByRole('button', { name: 'Edit name and type' }).click();
    await page.locator('#edit-business-name').fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await page.locator('#edit-business-name').fill(renamed);
    await page.locator('#edit-type').selectOption('Energy Consultant');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Provider details updated successfully', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    // Location: a gazetteer suggestion; the place record is refreshed with new coordinates.
    await editSection(page, 'Address', async () => {
      await page.getByRole('combobox', { name: 'Location' }).fill('Manches');
      await page
        .getByRole('option', { name: /^Manchester/ })
        .first()
        .click();
    });
    await expect(section(page, 'Address').getByText(/Manchester/)).toBeVisible();

    // Contacts: a bad URL is refused with the spec's message; then saved with https:// prepended.
    await page.getByRole('button', { name: 'Edit Contact Information' }).click();
    await page.locator('#contact-website').fill('ftp://files.example.com');
    await page.locator('#contact-email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Must be a valid URL')).toBeVisible();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expectAccessible(page);
    await page.locator('#contact-website').fill('e2e-edit-solar.example.com');
    await page.locator('#contact-email').fill('hello@e2e-edit-solar.example.com');
    await page.locator('#contact-phone').fill('0161 496 0000');
    await page.locator('#contact-linkedin').fill('linkedin.com/company/e2e-edit-solar');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Provider details updated successfully', { exact: true })).toBeVisible();
    const contact = section(page, 'Contact Information');
    await expect(contact.getByRole('link', { name: 'e2e-edit-solar.example.com', exact: true })).toHaveAttribute(
      'href',
      'https://e2e-edit-solar.example.com',
    );
    await expect(contact.getByRole('link', { name: /hello@e2e-edit-solar/ })).toHaveAttribute(
      'href',
      'mailto:hello@e2e-edit-solar.example.com',
    );
    await expect(contact.getByRole('link', { name: /0161 496 0000/ })).toHaveAttribute('href', 'tel:01614960000');
    await expect(contact.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      'https://linkedin.com/company/e2e-edit-solar',
    );

    // Service radius: a typed number is saved at once.
    await page.getByRole('button', { name: 'Edit Service Area' }).click();
    await page.getByLabel('Service radius (km)').fill('120');
    await expect(page.getByText('Updated service radius to 120 km', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel editing Service Area' }).click();
    await expect(section(page, 'Service Area').getByText('120 km service radius')).toBeVisible();

    await lookAt(page, 'provider-profile-edited-desktop', { fullPage: true });
    await expectAccessible(page);

    // Everything reached the server, and the old slug still opens the renamed profile.
    const saved = await (await page.request.get(`/api/providers/${created.id}`)).json();
    expect(saved).toMatchObject({
      slug: created.slug,
      businessName: renamed,
      type: 'Energy Consultant',
      services: ['Drone Surveys'],
      technologies: ['BESS'],
      scale: ['Commercial', 'Residential'],
      phase: ['Construction'],
      industryAssociations: ['Solar Energy UK'],
      website: 'https://e2e-edit-solar.example.com',
      email: 'hello@e2e-edit-solar.example.com',
      phone: '0161 496 0000',
      serviceRadius: 120,
    });
    expect(saved.location).toMatch(/^Manchester/);
    expect(saved.latitude).toBeCloseTo(53.48, 1);
    expect(saved.longitude).toBeCloseTo(-2.24, 1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'provider-profile-edited-mobile', { fullPage: true });
  });

  test('cover upload, then media upload and delete on the media page', async ({ page, provider }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const name = `E2E Media Solar ${unique()} (demo)`;
    const created = await ownerWithProfile(page, provider, name);
    await page.goto(`/providers/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Cover: 'Add Cover' becomes 'Change Cover' once uploaded.
    await expect(page.getByRole('button', { name: 'Add Cover' })).toBeVisible();
    await page.getByTestId('cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Cover image uploaded successfully', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Cover' })).toBeVisible();
    const cover = page.locator('img[src^="/uploads/"]').first();
    await expect(cover).toBeVisible();
    // Decoding may finish after the element shows: wait for it rather than read it once.
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // A wrong type is refused in the browser with the cover's message.
    await page
      .getByTestId('cover-input')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Please upload an image file (PNG, JPG, or GIF).', { exact: true })).toBeVisible();

    // Media: upload an image and a PDF, then delete the PDF.
    await page.getByRole('link', { name: 'Manage files' }).click();
    await expect(page).toHaveURL(new RegExp(`/providers/${created.slug}/media$`));
    await expect(page.getByRole('heading', { name: 'Media Files' })).toBeVisible();
    await expect(page.getByText('No media files yet')).toBeVisible();
    await page.getByLabel('Choose files to upload').setInputFiles([
      { name: 'array-photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'o-and-m-report.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(page.getByText('Files uploaded successfully', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(2);
    await lookAt(page, 'provider-media-desktop', { fullPage: true });
    await expectAccessible(page);

    // A deletion is confirmed first (decision 0369); cancelling keeps the file.
    const pdfDelete = page.getByRole('button', { name: /^Delete o-and-m-report/ });
    await pdfDelete.click();
    const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(2);
    await pdfDelete.click();
    await page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete file' }).click();
    await expect(page.getByText('File deleted successfully', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Delete array-photo/ })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'provider-media-mobile', { fullPage: true });

    // Back on the profile, Associated Media shows the remaining file.
    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('img', { name: /array-photo/ })).toBeVisible();
    const saved = await (await page.request.get(`/api/providers/${created.id}`)).json();
    expect(saved.coverImage).toMatch(/^\/uploads\//);
    expect(saved.mediaFiles).toHaveLength(1);
  });
});
