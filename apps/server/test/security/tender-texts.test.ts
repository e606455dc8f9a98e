import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@solar/shared/constants/text';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { actor, databaseState, type Actor } from './fixtures';

/**
 * Issue 25, "Also seen": tender titles took bidi overrides and zero-width characters. The short
 * texts of a tender shown in lists and mail subjects (title, service, location) follow the name
 * rule of decision 0338, on launch and on edit; nothing is written.
 */
const INVISIBLE: Record<string, string> = {
  'right-to-left override': '\u202E',
  'first strong isolate': '\u2068',
  'zero-width space': '\u200B',
  'zero-width joiner': '\u200D',
  'byte order mark': '\uFEFF',
  'line feed': '\n',
};
const inside = (char: string, text: string) => `${text.slice(0, 5)}${char}${text.slice(5)}`;

describe.each(databaseKinds)('tender short texts on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let tenderId = '';
  beforeAll(async () => {
    t = await createTestApp({ kind });
    owner = await actor(t, 'texts');
    const res = await t.app.inject({ method: 'POST', url: '/api/tenders', headers: { cookie: owner.cookie }, payload: { service: 'Panel Cleaning', title: 'Plain title' } });
    expect(res.statusCode, res.body).toBe(201);
    tenderId = res.json().data.id;
  });
  afterAll(() => t.close());

  const fields = { title: 'Title', service: 'Service', location: 'Location' } as const;
  for (const [what, char] of Object.entries(INVISIBLE)) {
    it(`refuses a ${what} in a tender's title, service and location, at launch and on edit`, async () => {
      for (const [field, label] of Object.entries(fields)) {
        const before = await databaseState(t);
        const value = inside(char, 'Clean 40 MW of panels');
        const launch = await t.app.inject({
          method: 'POST',
          url: '/api/tenders',
          headers: { cookie: owner.cookie },
          payload: { service: 'Panel Cleaning', [field]: value },
        });
        expect(launch.statusCode, `${field}: ${launch.body}`).toBe(400);
        expect(launch.json().message).toContain(TEXT_MESSAGES.invisibleCharacters(label));
        const edit = await t.app.inject({ method: 'PATCH', url: `/api/tenders/${tenderId}`, headers: { cookie: owner.cookie }, payload: { [field]: value } });
        expect(edit.statusCode, `${field}: ${edit.body}`).toBe(400);
        expect(await databaseState(t)).toEqual(before);
      }
    });
  }
});
