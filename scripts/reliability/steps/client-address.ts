import { base, check, PAIR_FREE, PORT, VALIDATE_TOKEN_LIMIT } from '../config';
import { requestFrom, startBalancer } from '../proxies';
import { startServer, stop, TRUST_BEHIND_HAPROXY, waitReady } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

/**
 * Issue 25, finding 1 through the real HAProxy (decision 0420): a client that writes its own
 * X-Forwarded-For is still counted by the address HAProxy saw, on a per-address limit and on the
 * sign-in throttle, and the owner signs in from their own address meanwhile.
 */
export const clientAddress: ReliabilityStep = {
  name: 'client-address',
  databases: BOTH,
  target: 'client-address',
  async run(target) {
    const serverPort = PORT + 1;
    const server = startServer(target, serverPort, TRUST_BEHIND_HAPROXY);
    await waitReady(180_000, `http://127.0.0.1:${serverPort}`);
    const balancer = startBalancer(PORT, [serverPort]);
    const attacker = '127.0.0.2';
    const owner = '127.0.0.3';
    try {
      await waitReady(30_000);
      const spoof = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}` });
      const limited: number[] = [];
      for (let i = 0; i <= VALIDATE_TOKEN_LIMIT; i++) limited.push((await requestFrom(attacker, 'POST', `${base}/api/auth/validate-token`, { headers: spoof(i), body: { token: `spoofed-${i}` } })).status);
      check(limited.slice(0, VALIDATE_TOKEN_LIMIT).every((s) => s === 400) && limited[VALIDATE_TOKEN_LIMIT] === 429, `a per-address limit of ${VALIDATE_TOKEN_LIMIT} was not held against a client naming a new address each time: ${JSON.stringify(limited)}`);
      const other = await requestFrom(owner, 'POST', `${base}/api/auth/validate-token`, { body: { token: 'x' } });
      check(other.status === 400, `another client behind HAProxy was held by the attacker's count: ${other.status}`);

      const email = 'provider.demo@example.com';
      const guesses: number[] = [];
      for (let i = 0; i <= PAIR_FREE; i++) guesses.push((await requestFrom(attacker, 'POST', `${base}/api/auth/login`, { headers: spoof(100 + i), body: { email, password: `Wrong-guess-${i}` } })).status);
      check(guesses.slice(0, PAIR_FREE).every((s) => s === 401) && guesses[PAIR_FREE] === 429, `guesses at one account from claimed addresses were not slowed after ${PAIR_FREE} (decision 0336): ${JSON.stringify(guesses)}`);
      const signIn = await requestFrom(owner, 'POST', `${base}/api/auth/login`, { body: { email, password: 'DemoProvider2026' } });
      check(signIn.status === 200, `the owner could not sign in from their own address during the attack: ${signIn.status} ${JSON.stringify(signIn.json)}`);
      return `through HAProxy (option forwardfor, TRUST_PROXY=${TRUST_BEHIND_HAPROXY}): ${VALIDATE_TOKEN_LIMIT + 1} requests each naming a new X-Forwarded-For address, the last 429; ${PAIR_FREE + 1} wrong sign-ins naming new addresses, the last 429; the owner from their own address 200`;
    } finally {
      balancer.kill('SIGTERM');
      await stop(server);
    }
  },
};
