import { defineEntity, p } from '@mikro-orm/core';
import { applicationEntities } from './application-entities.ts';
import { purchaseEntities } from './purchase-entities.ts';

/** Row shapes of the tables. The core never sees these; repositories map them onto core types. */
export const UserRow = defineEntity({
  name: 'UserRow',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    username: p.string().nullable(),
    password: p.string().nullable(),
    email: p.string().nullable(),
    discordId: p.string().unique(),
    discordUsername: p.string().nullable(),
    discordAvatar: p.string().nullable(),
    discordDiscriminator: p.string().nullable(),
    whitelistTier: p.string().nullable(),
    gangTier: p.string().nullable(),
    isWhitelisted: p.boolean().default(false),
    tokens: p.integer().default(0),
    boughtTokens: p.integer().default(0),
    role: p.string().default('player'),
    bannedAt: p.datetime().nullable(),
    banReason: p.text().nullable(),
    permissionGrants: p.json<string[]>().default('[]'),
    permissionRevocations: p.json<string[]>().default('[]'),
    /** migration 0043: the age declaration of the first purchase */
    ageDeclaration: p.string().nullable(),
    ageDeclaredAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export const TokenLedgerRow = defineEntity({
  name: 'TokenLedgerRow',
  tableName: 'token_ledger',
  properties: {
    seq: p.bigint().primary().autoincrement(),
    id: p.uuid().unique(),
    userId: p.uuid(),
    delta: p.integer(),
    balanceAfter: p.integer(),
    boughtDelta: p.integer().default(0),
    reason: p.string(),
    reference: p.string().nullable(),
    actorId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});

export const SessionRow = defineEntity({
  name: 'SessionRow',
  tableName: 'sessions',
  properties: {
    sid: p.string().primary(),
    sess: p.text(),
    expire: p.datetime(),
  },
});

export const entities = [UserRow, SessionRow, TokenLedgerRow, ...applicationEntities, ...purchaseEntities];
