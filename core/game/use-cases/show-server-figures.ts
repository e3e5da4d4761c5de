import type { UserRepository } from '../../users/ports.ts';

/**
 * The figures the site's owner sets for what the site cannot measure (FIGURE_* settings): each is shown as written,
 * or not at all when unset. Players and uptime stand only while no game server has been read.
 */
export interface OwnerFigures {
  activePlayers: string | null;
  serverUptime: string | null;
  customVehicles: string | null;
  jobSystems: string | null;
}

export const NO_OWNER_FIGURES: OwnerFigures = {
  activePlayers: null,
  serverUptime: null,
  customVehicles: null,
  jobSystems: null,
};

export interface ServerFigures {
  /** accounts not banned from the site: measured, so never set by the owner */
  members: number;
  owner: OwnerFigures;
}

/** The home and landing figures the site measures itself (members), beside the ones its owner set. */
export class ShowServerFigures {
  constructor(
    private readonly users: Pick<UserRepository, 'countMembers'>,
    private readonly owner: OwnerFigures,
  ) {}

  async execute(): Promise<ServerFigures> {
    return { members: await this.users.countMembers(), owner: this.owner };
  }
}
