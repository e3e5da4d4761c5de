import type { DiscordCapabilities, DiscordGateway } from '../../core/delivery/ports.ts';

export type DiscordCall =
  | { kind: 'grant' | 'remove'; discordId: string; roleId: string; reason: string }
  | { kind: 'message'; discordId: string; content: string }
  | { kind: 'staff'; content: string };

/**
 * Discord as a list of what was sent and a guild of members' roles: granting and removing change the roles it
 * answers afterwards. Without capabilities it stands for a site with no bot and no staff channel.
 */
export class RecordingDiscordGateway implements DiscordGateway {
  readonly calls: DiscordCall[] = [];
  /** members of the guild by Discord id; someone absent is not in the guild */
  readonly members = new Map<string, Set<string>>();

  constructor(readonly capabilities: DiscordCapabilities = { bot: false, staffChannel: false }) {}

  async grantRole(discordId: string, roleId: string, reason: string): Promise<void> {
    this.calls.push({ kind: 'grant', discordId, roleId, reason });
    this.members.set(discordId, new Set([...(this.members.get(discordId) ?? []), roleId]));
  }

  async removeRole(discordId: string, roleId: string, reason: string): Promise<void> {
    this.calls.push({ kind: 'remove', discordId, roleId, reason });
    this.members.get(discordId)?.delete(roleId);
  }

  async messageUser(discordId: string, content: string): Promise<void> {
    this.calls.push({ kind: 'message', discordId, content });
  }

  async notifyStaff(content: string): Promise<void> {
    this.calls.push({ kind: 'staff', content });
  }

  async memberRoles(discordId: string): Promise<string[] | null> {
    const roles = this.members.get(discordId);
    return roles ? [...roles] : null;
  }
}
