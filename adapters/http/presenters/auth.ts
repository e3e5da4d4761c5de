import { permissionsOf } from '../../../core/users/model/permissions.ts';
import type { TokenLedgerEntry } from '../../../core/tokens/model/ledger-entry.ts';
import type { User } from '../../../core/users/model/user.ts';
import type { CurrentUserDto } from '../contract/auth.ts';
import type { TokenEntryDto } from '../contract/tokens.ts';

export function presentCurrentUser(user: User): CurrentUserDto {
  return {
    username: user.username,
    discordUsername: user.discordUsername,
    email: user.email,
    discordId: user.discordId,
    role: user.role,
    // only while banned: the site then shows the ban and the appeal in place of everything else
    ...(user.bannedAt ? { ban: { reason: user.banReason, since: user.bannedAt.toISOString() } } : {}),
    permissions: [...permissionsOf(user)],
    ageDeclared: Boolean(user.ageDeclaration),
  };
}

export function presentTokenEntry(entry: TokenLedgerEntry): TokenEntryDto {
  return {
    id: entry.id,
    delta: entry.delta,
    balanceAfter: entry.balanceAfter,
    boughtDelta: entry.boughtDelta,
    reason: entry.reason,
    reference: entry.reference,
    createdAt: entry.createdAt.toISOString(),
  };
}
