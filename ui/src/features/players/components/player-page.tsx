import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { PlayerProfileDto } from '@contract/players.ts';
import { PurchaseDetailsDialog } from '@/features/admin-purchases';
import { can, NotAuthorized, useCurrentUser } from '@/features/auth';
import { RequireSecondFactorSetup } from '@/features/security';
import { QueryState } from '@/components/ui/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { day } from '@/lib/dates.ts';
import { playerKeys, usePlayer } from '../api/players.ts';
import { GrantList } from '@/features/grants';
import { useQueryClient } from '@tanstack/react-query';
import { AdminActions } from './admin-actions.tsx';
import { PermissionsSection } from './permissions-section.tsx';
import { PlayerSearch } from './player-search.tsx';
import { Timeline } from './timeline.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-300">{label}</dt>
      <dd className="text-slate-100 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The game server's rule in words: whether they may connect, and why. */
function whitelistWords(player: PlayerProfileDto): string {
  if (!player.isWhitelisted) return 'No';
  if (player.whitelistedBy === 'staff') return 'Yes (staff)';
  if (player.whitelistedBy === 'application') return 'Yes (approved application)';
  return 'Yes (Priority Pass)';
}

/** The pass: tier, where it stands, and its next renewal or end. */
function passWords(player: PlayerProfileDto): string {
  const pass = player.membership;
  if (!pass) return 'None';
  if (pass.status === 'ended') return `${pass.tierName}, ended${pass.endedAt ? ` ${day(pass.endedAt)}` : ''}`;
  if (pass.status === 'past_due')
    return `${pass.tierName}, past due${pass.benefitsUntil ? `: benefits until ${day(pass.benefitsUntil)}` : ''}`;
  if (pass.nextCharge)
    return `${pass.tierName}, active: renews ${day(pass.nextCharge.date)} for $${pass.nextCharge.amount.toFixed(2)}${pass.nextCharge.tierName !== pass.tierName ? ` (${pass.nextCharge.tierName})` : ''}`;
  return `${pass.tierName}, canceled: benefits until ${day(pass.benefitsUntil ?? '')}`;
}

/** Whether they can buy: a banned account's session reaches only its appeal, whatever the store says. */
function storeWords(player: PlayerProfileDto): string {
  const storeBan = player.storeBan
    ? `Store ban since ${day(player.storeBan.createdAt)}: ${player.storeBan.reason}`
    : null;
  if (player.banned) return `Cannot buy: the account is banned${storeBan ? `. ${storeBan}` : ''}`;
  return storeBan ? `Cannot buy. ${storeBan}` : 'Can buy';
}

function Profile({ player }: { player: PlayerProfileDto }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Profile">
      <Fact label="Username">{player.username ?? '—'}</Fact>
      <Fact label="Discord username">{player.discordUsername ?? '—'}</Fact>
      <Fact label="Discord ID">{player.discordId}</Fact>
      <Fact label="Role">
        <span data-testid="player-role" className="capitalize">
          {player.role}
        </span>
      </Fact>
      <Fact label="Tokens">
        <span data-testid="player-tokens">{player.tokens.toLocaleString('en-US')}</span>
        <span className="block text-sm text-slate-300" data-testid="player-token-parts">
          {player.boughtTokens.toLocaleString('en-US')} bought,{' '}
          {(player.tokens - player.boughtTokens).toLocaleString('en-US')} earned or granted
        </span>
      </Fact>
      <Fact label="Whitelisted">
        <span data-testid="player-whitelisted">{whitelistWords(player)}</span>
      </Fact>
      <Fact label="Priority Pass">
        <span data-testid="player-pass">{passWords(player)}</span>
      </Fact>
      <Fact label="Account">
        <span data-testid="player-ban">
          {player.banned ? `Banned${player.bannedAt ? ` since ${day(player.bannedAt)}` : ''}` : 'Not banned'}
        </span>
        {player.banReason && <span className="block text-sm text-slate-300">{player.banReason}</span>}
      </Fact>
      <Fact label="Store">
        <span data-testid="player-store">{storeWords(player)}</span>
      </Fact>
      <Fact label="Age declared">
        <span data-testid="age-declaration">
          {player.ageDeclaration
            ? `${player.ageDeclaration.label} (${day(player.ageDeclaration.at)})`
            : 'Not yet: asked at the first purchase'}
        </span>
      </Fact>
      <Fact label="Joined">{day(player.createdAt)}</Fact>
    </dl>
  );
}

/** One player's page for staff and admins: profile, one timeline, and (admins) the account actions. */
export default function PlayerPage() {
  const { id = '' } = useParams();
  const query = usePlayer(id);
  const { user } = useCurrentUser();
  const [purchaseId, setPurchaseId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const page = query.data;
  const actions = {
    tokens: can(user, 'adjust-tokens'),
    ban: can(user, 'ban'),
    role: can(user, 'manage-roles'),
  };
  const anyAction = actions.tokens || actions.ban || actions.role;
  const seesPurchases = can(user, 'view-purchases');
  if (query.error instanceof ApiError && (query.error.status === 401 || query.error.status === 403))
    return <NotAuthorized permission="view-players" />;
  return (
    <div className="mx-auto w-full max-w-5xl min-w-0 px-4 py-8">
      <title>{`${page ? page.player.name : 'Player'} | Bayou Roleplay`}</title>
      <RequireSecondFactorSetup enabled={anyAction} />
      <div className="mb-8">
        <PlayerSearch />
      </div>
      {!page && (
        <>
          <h1 className="font-display text-3xl font-bold text-gold-400">Player</h1>
          {query.error instanceof ApiError && query.error.status === 404 ? (
            <p className="mt-4 text-slate-300">There is no player with this id. Search for them above.</p>
          ) : (
            <QueryState isPending={query.isPending} error={query.error} retry={() => query.refetch()} />
          )}
        </>
      )}
      {page && (
        <>
          <header className="min-w-0">
            <h1 className="font-display text-3xl font-bold text-gold-400 [overflow-wrap:anywhere]">
              {page.player.name}
            </h1>
            <p className="mt-1 text-sm text-slate-300">Player page</p>
          </header>
          <section
            aria-labelledby="profile-title"
            className="mt-6 rounded-xl border border-bayou-700 bg-bayou-900/60 p-4"
          >
            <h2 id="profile-title" className="mb-3 font-display text-xl font-bold text-gold-400">
              Profile
            </h2>
            <Profile player={page.player} />
            {anyAction && (
              <div className="mt-4 border-t border-bayou-700 pt-4">
                <h3 className="mb-2 text-sm font-semibold text-slate-200">Admin actions</h3>
                <AdminActions player={page.player} selfDiscordId={user?.discordId} allowed={actions} />
              </div>
            )}
          </section>
          {actions.role && (
            <PermissionsSection playerId={page.player.id} name={page.player.name} permissions={page.permissions} />
          )}
          <section aria-labelledby="timeline-title" className="mt-8">
            <h2 id="timeline-title" className="mb-3 font-display text-xl font-bold text-gold-400">
              Timeline
            </h2>
            {page.truncated && (
              <p className="mb-3 text-sm text-slate-300">
                Showing the newest {page.perKind} of each kind of entry; older ones are left out.
              </p>
            )}
            <Timeline entries={page.timeline} onViewPurchase={seesPurchases ? setPurchaseId : null} />
          </section>
          <section aria-labelledby="grants-title" className="mt-8">
            <h2 id="grants-title" className="mb-3 font-display text-xl font-bold text-gold-400">
              In game
            </h2>
            <GrantList
              grants={page.grants}
              canAct={can(user, 'refund')}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: playerKeys.page(page.player.id) })}
              empty="Nothing has been run in game for this player."
            />
          </section>
          {seesPurchases && <PurchaseDetailsDialog purchaseId={purchaseId} onClose={() => setPurchaseId(null)} />}
        </>
      )}
    </div>
  );
}
