import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroOrmStripeCustomers } from '../../adapters/persistence/mikro-orm-stripe-customers.ts';
import { contractTargets, openMigratedDatabase } from '../support/contract-databases.ts';

// the store is the database's: there is no in-memory twin to hold to the same contract
const targets = contractTargets().filter((target) => target !== 'memory');

describe.each(targets)("each player's Stripe customer on %s", (target) => {
  let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let customers: MikroOrmStripeCustomers;
  const run = <T>(work: () => Promise<T>) => db.database.withContext(work);

  beforeAll(async () => {
    db = await openMigratedDatabase(target);
    customers = new MikroOrmStripeCustomers(db.database);
  });
  afterAll(() => db?.close());

  it('keeps the first customer of a player: a later one is answered with it, and is not kept', async () => {
    const player = await db.addUser();
    expect(await run(() => customers.find(player))).toBeNull();
    expect(await run(() => customers.keep(player, 'cus_first'))).toBe('cus_first');
    expect(await run(() => customers.keep(player, 'cus_second'))).toBe('cus_first');
    expect(await run(() => customers.find(player))).toBe('cus_first');
  });

  it('of two kept at once, both checkouts are answered with the one kept', async () => {
    const player = await db.addUser();
    const answers = await Promise.all([
      run(() => customers.keep(player, 'cus_a')),
      run(() => customers.keep(player, 'cus_b')),
    ]);
    expect(answers[0]).toBe(answers[1]);
    expect(await run(() => customers.find(player))).toBe(answers[0]);
  });

  it("forgets a player's customer, and keeps a new one after", async () => {
    const player = await db.addUser();
    const other = await db.addUser();
    await run(() => customers.keep(player, 'cus_gone'));
    await run(() => customers.keep(other, 'cus_other'));
    await run(() => customers.forget(player));
    expect(await run(() => customers.find(player))).toBeNull();
    expect(await run(() => customers.find(other))).toBe('cus_other');
    expect(await run(() => customers.keep(player, 'cus_new'))).toBe('cus_new');
  });
});
