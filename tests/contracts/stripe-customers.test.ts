import { expect, it } from 'vitest';
import { MikroOrmStripeCustomers } from '../../adapters/persistence/mikro-orm-stripe-customers.ts';
import { databaseImplementations, describeContract } from '../support/contract-suite.ts';

// the store is the database's: there is no in-memory twin to hold to the same contract
const implementations = databaseImplementations((db) => ({
  db,
  customers: new MikroOrmStripeCustomers(db.database),
  run: <T>(work: () => Promise<T>) => db.database.withContext(work),
}));

describeContract("each player's Stripe customer", implementations, (h) => {
  it('keeps the first customer of a player: a later one is answered with it, and is not kept', async () => {
    const player = await h.db.addUser();
    expect(await h.run(() => h.customers.find(player))).toBeNull();
    expect(await h.run(() => h.customers.keep(player, 'cus_first'))).toBe('cus_first');
    expect(await h.run(() => h.customers.keep(player, 'cus_second'))).toBe('cus_first');
    expect(await h.run(() => h.customers.find(player))).toBe('cus_first');
  });

  it('of two kept at once, both checkouts are answered with the one kept', async () => {
    const player = await h.db.addUser();
    const answers = await Promise.all([
      h.run(() => h.customers.keep(player, 'cus_a')),
      h.run(() => h.customers.keep(player, 'cus_b')),
    ]);
    expect(answers[0]).toBe(answers[1]);
    expect(await h.run(() => h.customers.find(player))).toBe(answers[0]);
  });

  it("forgets a player's customer, and keeps a new one after", async () => {
    const player = await h.db.addUser();
    const other = await h.db.addUser();
    await h.run(() => h.customers.keep(player, 'cus_gone'));
    await h.run(() => h.customers.keep(other, 'cus_other'));
    await h.run(() => h.customers.forget(player));
    expect(await h.run(() => h.customers.find(player))).toBeNull();
    expect(await h.run(() => h.customers.find(other))).toBe('cus_other');
    expect(await h.run(() => h.customers.keep(player, 'cus_new'))).toBe('cus_new');
  });
});
