import { CloseAppeals } from './use-cases/close-appeals.ts';
import { ListAuditEntries } from './use-cases/list-audit-entries.ts';
import type { ApplicationEffects } from './effects.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../shared/ports.ts';
import type { AppealAnswers, AppealStatus } from './model/kinds/appeal.ts';
import type { StaffAnswers, StaffStatus } from './model/kinds/staff.ts';
import type { WhitelistAnswers, WhitelistStatus } from './model/kinds/whitelist.ts';
import { ListApplications } from './use-cases/list-applications.ts';
import { ListMyApplications } from './use-cases/list-my-applications.ts';
import type {
  AnswerTemplateRepository,
  ApplicationRepository,
  AuditLog,
  BanLifter,
  InterviewGate,
  StaffRoster,
  VoteRepository,
  Voters,
  WhitelistAccess,
} from './ports.ts';
import type { QuorumSettings } from './model/votes.ts';
import { CastVote } from './use-cases/cast-vote.ts';
import { DeleteAnswerTemplate } from './use-cases/delete-answer-template.ts';
import { ListAnswerTemplates } from './use-cases/list-answer-templates.ts';
import { ReviewApplication } from './use-cases/review-application.ts';
import { SaveAnswerTemplate } from './use-cases/save-answer-template.ts';
import { ShowApplication } from './use-cases/show-application.ts';
import { SubmitApplication } from './use-cases/submit-application.ts';

/** What whitelist applications, staff applications, ban appeals and their audit log need from outside. */
export interface ApplicationPorts {
  whitelistApplications: ApplicationRepository<WhitelistAnswers, WhitelistStatus>;
  whitelistAccess: WhitelistAccess;
  staffApplications: ApplicationRepository<StaffAnswers, StaffStatus>;
  staffRoster: StaffRoster;
  appeals: ApplicationRepository<AppealAnswers, AppealStatus>;
  auditLog: AuditLog;
  /** the reviewers' votes on every kind */
  votes: VoteRepository;
  /** per kind, the approvals (or denials) that decide it and whether votes show before voting (decision 0106) */
  quorum: QuorumSettings;
  /** the messages staff keep for the decision dialog */
  answerTemplates: AnswerTemplateRepository;
  /** what may hold an approval back (an interview not held yet); absent: nothing does */
  interviews?: InterviewGate;
}

interface Shared {
  clock: Clock;
  ids: IdGenerator;
  transactions: TransactionRunner;
  /** what Discord is told of new applications and decisions */
  effects: ApplicationEffects;
  /** an appeal records the ban it is filed against, and its approval lifts that ban, through it */
  bans: BanLifter;
  /** how many may vote on a kind, shown beside its quorum */
  voters: Voters;
}

/** What the system does with applications of one kind. */
export interface ApplicationUseCases<A, S extends string> {
  submit: SubmitApplication<A, S>;
  list: ListApplications<A, S>;
  show: ShowApplication<A, S>;
  mine: ListMyApplications<A, S>;
  review: ReviewApplication<A, S>;
  vote: CastVote<A, S>;
  /** the answer templates, read by the kind's reviewers in the decision dialog */
  templates: ListAnswerTemplates;
}

/** The use cases of one kind, over its repository. */
function kindUseCases<A, S extends string>(
  applications: ApplicationRepository<A, S>,
  p: ApplicationPorts,
  shared: Shared,
): ApplicationUseCases<A, S> {
  const { clock, ids, transactions, effects } = shared;
  const quorum = p.quorum[applications.kind.name];
  const review = new ReviewApplication({
    applications,
    votes: p.votes,
    quorum,
    access: p.whitelistAccess,
    roster: p.staffRoster,
    audit: p.auditLog,
    transactions,
    ids,
    clock,
    effects,
    bans: shared.bans,
    ...(p.interviews ? { interviews: p.interviews } : {}),
  });
  return {
    submit: new SubmitApplication({ applications, ids, clock, transactions, effects, bans: shared.bans }),
    list: new ListApplications(applications, p.staffRoster, p.votes, quorum),
    show: new ShowApplication(applications, { roster: p.staffRoster, votes: p.votes, quorum, voters: shared.voters }),
    mine: new ListMyApplications(applications),
    review,
    vote: new CastVote(applications, review),
    templates: answerTemplateList(p),
  };
}

/** Every kind's reviewers read the templates of their kind; their managers read every kind's. */
function answerTemplateList(p: ApplicationPorts): ListAnswerTemplates {
  return new ListAnswerTemplates(p.answerTemplates, {
    whitelist: p.whitelistApplications.kind.decider,
    staff: p.staffApplications.kind.decider,
    appeal: p.appeals.kind.decider,
  });
}

export function createApplicationModules(p: ApplicationPorts, shared: Shared) {
  return {
    applications: kindUseCases(p.whitelistApplications, p, shared),
    staffApplications: kindUseCases(p.staffApplications, p, shared),
    appeals: {
      ...kindUseCases(p.appeals, p, shared),
      /** pending appeals of a ban that is lifted or replaced are closed */
      close: new CloseAppeals(p.appeals, shared.effects, shared.clock),
    },
    audit: {
      list: new ListAuditEntries(p.auditLog),
    },
    answerTemplates: {
      list: answerTemplateList(p),
      save: new SaveAnswerTemplate({ templates: p.answerTemplates, ids: shared.ids, clock: shared.clock }),
      remove: new DeleteAnswerTemplate(p.answerTemplates),
    },
  };
}
