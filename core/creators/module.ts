import type { Clock, IdGenerator } from '../shared/ports.ts';
import type { UserRepository } from '../users/ports.ts';
import { CheckCreatorCode } from './use-cases/check-creator-code.ts';
import { CreatorMonthReport } from './use-cases/creator-report.ts';
import { DisableCreatorCode } from './use-cases/disable-creator-code.ts';
import { ListCreators } from './use-cases/list-creators.ts';
import type { CreatorRepository } from './ports.ts';
import { RegisterCreator } from './use-cases/register-creator.ts';
import { ShowMyCreatorFigures } from './use-cases/show-my-creator-figures.ts';

export interface CreatorPorts {
  creators: CreatorRepository;
}

interface Shared {
  users: UserRepository;
  clock: Clock;
  ids: IdGenerator;
}

/** Creator codes: who promotes the store, the codes buyers name at checkout, and what each code brought in. */
export function createCreatorModule(p: CreatorPorts, shared: Shared) {
  return {
    register: new RegisterCreator(p.creators, shared.users, shared.ids, shared.clock),
    disable: new DisableCreatorCode(p.creators, shared.clock),
    list: new ListCreators(p.creators, shared.users),
    /** the store's checkout asks it (the purchases' CreatorCodes port) */
    check: new CheckCreatorCode(p.creators),
    report: new CreatorMonthReport(p.creators, shared.users, shared.clock),
    mine: new ShowMyCreatorFigures(p.creators, shared.clock),
  };
}
