import type { ApplicationView } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import { summaryOfVotes, type KindQuorum, type VoteReader } from '../model/votes.ts';
import { ApplicationNotFoundError } from '../errors.ts';
import type { ApplicationRepository, StaffRoster, VoteRepository } from '../ports.ts';

export class ShowApplication<A, S extends string> {
  constructor(
    private readonly applications: ApplicationRepository<A, S>,
    private readonly roster: StaffRoster,
    private readonly votes: VoteRepository,
    private readonly quorum: KindQuorum,
  ) {}

  /** `reader`: the reviewer reading it, whose own vote decides which votes they see; none for the operator */
  async execute(input: { id: string; reader?: VoteReader | null }): Promise<ApplicationView<A, S>> {
    const kind = this.applications.kind;
    const found = await this.applications.findById(input.id);
    if (!found) throw new ApplicationNotFoundError(kind, input.id);
    const [view] = await withCurrentStaff(kind, this.roster, [found]);
    const votes = summaryOfVotes(await this.votes.listFor(kind.name, [found.id]), {
      quorum: this.quorum,
      reader: input.reader ?? null,
      decided: !kind.open.includes(found.status),
      withVotes: true,
    });
    return { ...view, votes };
  }
}
