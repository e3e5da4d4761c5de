import type { ApplicationKind, ApplicationKindName, ApplicationRecord } from '../../applications/model/application.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { InterviewLinks, InterviewMessages, InterviewRepository, InterviewSettings } from '../ports.ts';

/** Each kind's applications as an interview reads them: the kind, and one application by its id. */
export type InterviewApplications = Record<
  ApplicationKindName,
  { readonly kind: ApplicationKind; findById(id: string): Promise<ApplicationRecord | null> }
>;

/** What the interview use cases read and change. */
export interface InterviewDeps {
  interviews: InterviewRepository;
  applications: InterviewApplications;
  /** reviewers are accounts holding the kind's deciding permission */
  users: Pick<UserRepository, 'findById' | 'withAccess'>;
  messages: InterviewMessages;
  links: InterviewLinks;
  settings: InterviewSettings;
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
}
