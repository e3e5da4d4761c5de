import { expect, it } from 'vitest';
import type { DiscordGateway } from '../../core/delivery/ports.ts';
import { DiscordRestGateway } from '../../adapters/discord/discord-rest-gateway.ts';
import { RecordingDiscordGateway } from '../../adapters/memory/recording-discord-gateway.ts';
import { type ContractImplementation, describeContract } from '../support/contract-suite.ts';
import { FAKE_BOT_TOKEN, FAKE_GUILD_ID, FakeDiscord } from '../support/fake-discord.ts';

/** A Discord gateway with a bot and a staff channel, and a view of the guild it acts on. */
interface Harness {
  gateway: DiscordGateway;
  /** the member joins the guild holding these roles */
  join(discordId: string, roles?: string[]): void;
  /** the direct messages the member received */
  messagesTo(discordId: string): string[];
  staffMessages(): string[];
}

const implementations: Array<ContractImplementation<Harness>> = [
  {
    name: 'the recording gateway',
    target: 'recording',
    inProcess: true,
    open: async () => {
      const gateway = new RecordingDiscordGateway({ bot: true, staffChannel: true });
      return {
        gateway,
        join: (discordId, roles = []) => gateway.members.set(discordId, new Set(roles)),
        messagesTo: (discordId) =>
          gateway.calls.flatMap((call) =>
            call.kind === 'message' && call.discordId === discordId ? [call.content] : [],
          ),
        staffMessages: () => gateway.calls.flatMap((call) => (call.kind === 'staff' ? [call.content] : [])),
      };
    },
  },
  {
    name: "Discord's REST API (stand-in)",
    target: 'rest',
    inProcess: false,
    open: async () => {
      const fake = await FakeDiscord.start();
      const env = fake.env();
      return {
        gateway: new DiscordRestGateway({
          apiUrl: env.DISCORD_API_URL,
          botToken: FAKE_BOT_TOKEN,
          guildId: FAKE_GUILD_ID,
          staffWebhookUrl: env.DISCORD_STAFF_WEBHOOK_URL,
        }),
        join: (discordId, roles) => fake.addMember(discordId, roles),
        messagesTo: (discordId) => fake.messagesTo(discordId),
        staffMessages: () => fake.staffMessages(),
        close: () => fake.stop(),
      };
    },
  },
];

let nextId = 300_000_000_000_000_100n;
const snowflake = () => String(nextId++);

describeContract('Discord gateway', implementations, (h) => {
  it('says it can act as the bot and post to the staff channel when both are set up', () => {
    expect(h.gateway.capabilities).toEqual({ bot: true, staffChannel: true });
  });

  it("grants and removes a member's roles, and answers the roles the member then holds", async () => {
    const member = snowflake();
    const [kept, granted] = [snowflake(), snowflake()];
    h.join(member, [kept]);
    await h.gateway.grantRole(member, granted, 'Purchase: Swamp Blood');
    expect((await h.gateway.memberRoles(member))?.toSorted()).toEqual([kept, granted].toSorted());
    await h.gateway.removeRole(member, kept, 'Refund');
    expect(await h.gateway.memberRoles(member)).toEqual([granted]);
  });

  it('grants a role the member holds already without a second copy, and removes one not held without fault', async () => {
    const member = snowflake();
    const role = snowflake();
    h.join(member, [role]);
    await h.gateway.grantRole(member, role, 'Renewal');
    expect(await h.gateway.memberRoles(member)).toEqual([role]);
    await h.gateway.removeRole(member, snowflake(), 'Refund');
    expect(await h.gateway.memberRoles(member)).toEqual([role]);
  });

  it('answers null for the roles of someone not in the guild', async () => {
    expect(await h.gateway.memberRoles(snowflake())).toBeNull();
  });

  it('sends a direct message to the one member named, and a note to the staff channel', async () => {
    const member = snowflake();
    const other = snowflake();
    h.join(member);
    h.join(other);
    await h.gateway.messageUser(member, 'Your Swamp Blood role is ready.');
    await h.gateway.notifyStaff('A purchase was refunded.');
    expect(h.messagesTo(member)).toEqual(['Your Swamp Blood role is ready.']);
    expect(h.messagesTo(other)).toEqual([]);
    expect(h.staffMessages()).toContain('A purchase was refunded.');
  });
});
