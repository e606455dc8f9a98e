import { expect, test as base, type APIRequestContext } from '@playwright/test';
import { NEW_PASSWORD, signUp, unique, verifyEmail, type Account } from './accounts';

/**
 * Journeys make their own users: each test that names one of these fixtures gets a fresh account,
 * signed up and verified through the API, and never signs in as a seeded demo account (issue 28;
 * decision 0595). The page stays signed out until the journey signs in (`signIn(page, owner)`).
 */

export interface Profile {
  id: string;
  slug: string;
  businessName: string;
}

export interface ProviderUser extends Account {
  /** The profile this provider owns, made with the account. */
  profile: Profile;
}

/**
 * Profile fields a journey may set. The rest keep the profile out of other journeys' way, as they
 * run beside it on the same server: one service no journey filters by, no technology, and a small
 * area around Lerwick, far from the places the journeys search (Bristol, Leeds, London).
 */
export type ProfileFields = Partial<{
  businessName: string;
  description: string;
  type: string;
  services: string[];
  technologies: string[];
  location: string;
  serviceRadius: number;
}>;

/**
 * Creates a profile owned by the signed-in (verified) account of `request`. Its name ends in
 * '(demo)' as every journey-made company does, so a person who sees it knows it is fictional.
 */
export async function createProfile(request: APIRequestContext, fields: ProfileFields = {}): Promise<Profile> {
  const res = await request.post('/api/providers', {
    data: {
      businessName: `E2E Solar Services ${unique()} (demo)`,
      description: 'Fictional demo company created by an end-to-end test: vegetation management for solar farms.',
      type: 'O&M Provider',
      services: ['Vegetation Management'],
      location: 'Lerwick, Shetland Islands',
      serviceRadius: 25,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, slug, businessName } = (await res.json()).data as Profile;
  return { id, slug, businessName };
}

/** A fresh, verified account of this type, made on its own request context (so the page stays signed out). */
async function freshAccount(
  request: APIRequestContext,
  type: 'provider' | 'representative',
  name: string,
): Promise<Account> {
  const email = await signUp(request, { email: `${type}.${unique()}@example.com`, name, type });
  await verifyEmail(request, email);
  return { email, password: NEW_PASSWORD };
}

export const test = base.extend<{ representative: Account; provider: ProviderUser }>({
  /** An asset representative: signs in for asset details, quotes and tenders. */
  representative: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const account = await freshAccount(request, 'representative', 'Rhian Representative');
    await request.dispose();
    await use(account);
  },
  /** A provider-type account that owns one profile of its own (`provider.profile`). */
  provider: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const account = await freshAccount(request, 'provider', 'Priya Provider');
    const profile = await createProfile(request);
    await request.dispose();
    await use({ ...account, profile });
  },
});

export { expect };
