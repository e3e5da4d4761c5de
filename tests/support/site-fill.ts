import { expect } from 'vitest';
import { whitelistAnswers } from './application-builders.ts';
import { client } from './http.ts';
import { devSignIn, randomDiscordId } from './session.ts';
import { buyWithDemoCard } from './store-flow.ts';

export interface FilledPlayer {
  discordId: string;
  userId: string;
  cookie: string;
}

/**
 * Fills a running site (on the demo gateway, with `adminDiscordId` in ADMIN_DISCORD_IDS) through its HTTP API
 * alone, as players and an admin would: purchases with token grants and deliveries, a membership, a whitelist
 * application reviewed, and token changes by an admin (ledger and audit rows).
 */
export async function fillSite(baseUrl: string, adminDiscordId: string): Promise<FilledPlayer[]> {
  const adminCookie = await devSignIn(baseUrl, { discordId: adminDiscordId });
  const player = async (discordId: string): Promise<FilledPlayer> => {
    const cookie = await devSignIn(baseUrl, { discordId });
    const found = await client(baseUrl, adminCookie).get(`/api/players?q=${discordId}`);
    expect(found.status).toBe(200);
    return { discordId, userId: found.body.players[0].id, cookie };
  };
  const admin = await player(adminDiscordId);
  const [buyer, member, applicant] = [
    await player(randomDiscordId()),
    await player(randomDiscordId()),
    await player(randomDiscordId()),
  ];
  await buyWithDemoCard(baseUrl, buyer, { productType: 'gang', productId: 'hood-package' });
  await buyWithDemoCard(baseUrl, buyer, { productType: 'whitelist', productId: 'bayou-basic' });
  await buyWithDemoCard(baseUrl, member, { productType: 'whitelist', productId: 'swamp-blood' });
  expect((await client(baseUrl, member.cookie).get('/api/membership')).body.membership).toBeTruthy();

  const submitted = await client(baseUrl, applicant.cookie).post('/api/applications', whitelistAnswers());
  expect(submitted.status).toBe(201);
  const staff = client(baseUrl, admin.cookie);
  const reviewed = await staff.patch(`/api/applications/${submitted.body.id}/review`, {
    status: 'approved',
    reviewNotes: 'Welcome to the bayou, cher.',
  });
  expect(reviewed.status).toBe(200);
  for (const [someone, direction, amount] of [
    [applicant, 'credit', 30],
    [buyer, 'debit', 5],
  ] as const) {
    const changed = await staff.post(`/api/players/${someone.userId}/tokens`, {
      direction,
      amount,
      reason: 'Event prize',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }
  return [admin, buyer, member, applicant];
}

/** What a player sees of their own account, and what staff see of them: compared before and after a move. */
export async function accountView(baseUrl: string, someone: FilledPlayer, admin: FilledPlayer) {
  const mine = client(baseUrl, someone.cookie);
  const staff = client(baseUrl, admin.cookie);
  const answers = await Promise.all([
    mine.get('/api/user/tokens'),
    mine.get('/api/user/tokens/history'),
    mine.get('/api/user/purchases'),
    mine.get('/api/membership'),
    mine.get('/api/applications/mine'),
    staff.get(`/api/players/${someone.userId}`),
  ]);
  for (const answer of answers) expect(answer.status).toBe(200);
  return answers.map((answer) => answer.body);
}
