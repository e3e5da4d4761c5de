import type { ApplicationKindName } from '../applications/model/application.ts';
import type { PrivacyDeps } from './model/deps.ts';
import { freeTextAnswers } from './model/erasure.ts';
import type { AccountEraser, PrivacyRequestRepository } from './ports.ts';
import { EraseAccount } from './use-cases/erase-account.ts';
import { ExportPersonalData } from './use-cases/export-personal-data.ts';
import { FinishErasures } from './use-cases/finish-erasures.ts';
import { ListPrivacyRequests } from './use-cases/list-privacy-requests.ts';
import { ShowMyPrivacy } from './use-cases/show-my-privacy.ts';

/** What a player's rights over their data need from outside: the requests' record, and the database's erasure. */
export interface PrivacyPorts {
  requests: PrivacyRequestRepository;
  eraser: AccountEraser;
}

export function createPrivacyModule(
  p: PrivacyPorts,
  shared: Omit<PrivacyDeps, 'requests' | 'eraser' | 'freeTextAnswers'>,
) {
  // each kind's own words, read from its answers: a new free-text question is erased without a change here
  const freeText = {} as Record<ApplicationKindName, readonly string[]>;
  for (const { kind } of shared.applications) freeText[kind.name] = freeTextAnswers(kind);
  const deps: PrivacyDeps = { ...shared, ...p, freeTextAnswers: freeText };
  return {
    exportData: new ExportPersonalData(deps),
    erase: new EraseAccount(deps),
    finishErasures: new FinishErasures(deps),
    list: new ListPrivacyRequests(deps.requests),
    showMine: new ShowMyPrivacy(deps),
  };
}
