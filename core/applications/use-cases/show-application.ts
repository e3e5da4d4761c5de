import type { ApplicationView } from '../model/application.ts';
import { withCurrentStaff } from '../model/current-staff.ts';
import { ApplicationNotFoundError } from '../errors.ts';
import type { ApplicationRepository, StaffRoster } from '../ports.ts';

export class ShowApplication<A, S extends string> {
  constructor(
    private readonly applications: ApplicationRepository<A, S>,
    private readonly roster: StaffRoster,
  ) {}

  async execute(input: { id: string }): Promise<ApplicationView<A, S>> {
    const found = await this.applications.findById(input.id);
    if (!found) throw new ApplicationNotFoundError(this.applications.kind, input.id);
    const [view] = await withCurrentStaff(this.applications.kind, this.roster, [found]);
    return view;
  }
}
