import type { ApplicationView } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import { summaryOfVotes, type KindQuorum, type VoteReader } from '../model/votes.ts';
import { ApplicationNotFoundError } from '../errors.ts';
import type { ApplicationRepository, StaffRoster, VoteRepository, Voters } from '../ports.ts';

export class ShowApplication<A, S extends string> {
  constructor(
    private readonly applications: ApplicationRepository<A, S>,
    private readonly deps: { roster: StaffRoster; votes: VoteRepository; quorum: KindQuorum; voters: Voters },
  ) {}

  /** `reader`: the reviewer reading it, whose own vote decides which votes they see; none for the operator */
  async execute(input: { id: string; reader?: VoteReader | null }): Promise<ApplicationView<A, S>> {
    const kind = this.applications.kind;
    const found = await this.applications.findById(input.id);
    if (!found) throw new ApplicationNotFoundError(kind, input.id);
    const [[view], cast, voters] = await Promise.all([
      withCurrentStaff(kind, this.deps.roster, [found]),
      this.deps.votes.listFor(kind.name, [found.id]),
      this.deps.voters.holding(kind.decider),
    ]);
    const votes = summaryOfVotes(cast, {
      quorum: this.deps.quorum,
      reader: input.reader ?? null,
      decided: !kind.open.includes(found.status),
      withVotes: true,
      voters,
    });
    return { ...view, votes };
  }
}
