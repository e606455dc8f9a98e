import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, verifyEmail } from './accounts';

/** Helpers of the tender journeys. */

export const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

/**
 * A provider account with its own verified profile in Bristol, through the API (sign-up is tested in
 * accounts). `verify` follows the verification link: the main server's outbox unless a journey's own
 * server reads its own (own-server.ts).
 */
export async function providerAccount(request: APIRequestContext, label: string, u: string, verify: (request: APIRequestContext, address: string) => Promise<void> = verifyEmail) {
  const email = `${label}.${u}@acme-solar.co.uk`;
  await signUp(request, { email, name: `${label[0]!.toUpperCase()}${label.slice(1)} Tester` });
  await verify(request, email);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Thermal ${u}`;
  const res = await request.post('/api/providers', {
    data: { businessName: name, description: 'Thermographic surveys of solar farms (e2e).', services: ['Thermographic Surveys'], location: 'Bristol', type: 'O&M', serviceRadius: 200 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, name, id: (await res.json()).data.id as string };
}

export async function respond(page: Page, tenderId: string, price: string, lead: string, message: string) {
  await page.goto(`/tender/${tenderId}/respond`);
  await page.getByLabel('Your response').fill(message);
  await page.getByLabel('Price (£)').fill(price);
  await page.getByLabel('Lead time', { exact: true }).fill(lead);
  await page.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('Your response has been sent to the tender owner.').first()).toBeVisible();
}
