import { NotFoundError } from '../shared/errors.ts';
import type { StaffApplicationView } from './staff-application.ts';
import type { StaffApplicationRepository, StaffRoster } from './ports.ts';
import { withCurrentStaff } from './views.ts';

export class StaffApplicationNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('STAFF_APPLICATION_NOT_FOUND', `No staff application with id '${id}' exists.`);
  }
}

export class ShowStaffApplication {
  constructor(
    private readonly applications: StaffApplicationRepository,
    private readonly roster: StaffRoster,
  ) {}

  async execute(input: { id: string }): Promise<StaffApplicationView> {
    const found = await this.applications.findById(input.id);
    if (!found) throw new StaffApplicationNotFoundError(input.id);
    const [view] = await withCurrentStaff(this.roster, [found]);
    return view;
  }
}
