import { DiscordNotConfiguredError } from '../errors.ts';
import type { DiscordGateway, Entitlements } from '../ports.ts';
import type { RoleMapping } from '../model/role-mapping.ts';

export interface RoleDifference {
  userId: string;
  discordId: string;
  displayName: string;
  roleId: string;
  /** grant: owed but missing; remove: held but no longer owed */
  action: 'grant' | 'remove';
  /** after a real run: whether Discord took the change */
  outcome?: 'applied' | { error: string };
}

export interface RoleReconcileReport {
  dryRun: boolean;
  membersChecked: number;
  notInGuild: { userId: string; discordId: string; displayName: string }[];
  differences: RoleDifference[];
}

const DISCORD_SNOWFLAKE = /^\d+$/;

/**
 * Works out each member's roles from their completed purchases and approved whitelist application, compares
 * them with what the guild shows through the bot, and fixes the differences unless it is a dry run. Only roles
 * the site manages (those in the role mapping) are touched.
 */
export class ReconcileRoles {
  constructor(
    private readonly entitlements: Entitlements,
    private readonly discord: DiscordGateway,
    private readonly roles: RoleMapping,
  ) {}

  async execute(input: { dryRun: boolean }): Promise<RoleReconcileReport> {
    if (!this.discord.capabilities.bot) throw new DiscordNotConfiguredError();
    const report: RoleReconcileReport = { dryRun: input.dryRun, membersChecked: 0, notInGuild: [], differences: [] };
    const managed = this.roles.managedRoles;
    if (managed.size === 0) return report;
    for (const member of await this.entitlements.of()) {
      // an erased account holds an opaque id, no Discord member's: its roles went when it was erased
      if (!DISCORD_SNOWFLAKE.test(member.discordId)) continue;
      const held = await this.discord.memberRoles(member.discordId);
      report.membersChecked += 1;
      if (held === null) {
        report.notInGuild.push({ userId: member.userId, discordId: member.discordId, displayName: member.displayName });
        continue;
      }
      const expected = this.roles.expectedRoles(member);
      const base = { userId: member.userId, discordId: member.discordId, displayName: member.displayName };
      for (const roleId of expected)
        if (!held.includes(roleId)) report.differences.push({ ...base, roleId, action: 'grant' });
      for (const roleId of held)
        if (managed.has(roleId) && !expected.has(roleId))
          report.differences.push({ ...base, roleId, action: 'remove' });
    }
    if (!input.dryRun) for (const difference of report.differences) difference.outcome = await this.apply(difference);
    return report;
  }

  private async apply(difference: RoleDifference): Promise<RoleDifference['outcome']> {
    try {
      if (difference.action === 'grant')
        await this.discord.grantRole(difference.discordId, difference.roleId, 'Role reconcile: owed by the store');
      else await this.discord.removeRole(difference.discordId, difference.roleId, 'Role reconcile: no longer owed');
      return 'applied';
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
}
