import { randomUUID } from 'node:crypto';
import { appealAnswersSchema, type AppealAnswers } from '../../core/applications/model/kinds/appeal.ts';
import { staffAnswersSchema, type StaffAnswers } from '../../core/applications/model/kinds/staff.ts';
import {
  type WhitelistAnswers,
  type WhitelistApplication,
  whitelistAnswersSchema,
} from '../../core/applications/model/kinds/whitelist.ts';
import type { Role } from '../../core/users/model/user.ts';

let counter = 0;

/** Overrides may break the rules on purpose: a test of a refusal sends what the form would not. */
type Overrides<T> = { [K in keyof T]?: unknown };

/**
 * A whitelist form as a careful applicant fills it in; override what a test is about. Read through the kind's
 * schema, so an optional question added to the kind reads as unanswered (null) here too.
 */
export function whitelistAnswers(overrides: Overrides<WhitelistAnswers> = {}): WhitelistAnswers {
  return { ...whitelistAnswersSchema.parse(careful.whitelist), ...overrides } as WhitelistAnswers;
}

/** A stored whitelist application, pending, filed at `createdAt` by the player `userId`. */
export function storedWhitelistApplication(
  userId: string,
  createdAt: Date,
  overrides: Partial<WhitelistApplication> = {},
): WhitelistApplication {
  return {
    ...whitelistAnswers(),
    id: randomUUID(),
    userId,
    discordId: `d-${userId}`,
    discordUsername: 'gator',
    status: 'pending',
    reviewNotes: null,
    applicantMessage: null,
    reviewedBy: null,
    reviewerId: null,
    reviewedAt: null,
    createdAt,
    ...overrides,
  };
}

export function staffAnswers(overrides: Overrides<StaffAnswers> = {}): StaffAnswers {
  return { ...staffAnswersSchema.parse(careful.staff), ...overrides } as StaffAnswers;
}

/** A ban appeal as a careful player writes it (the website's account ban unless overridden). */
export function appealAnswers(overrides: Overrides<AppealAnswers> = {}): AppealAnswers {
  return { ...appealAnswersSchema.parse(careful.appeal), ...overrides } as AppealAnswers;
}

const careful = {
  appeal: {
    ban: 'account',
    banReference: null,
    offence: 'none',
    characterNames: 'Remy Boudreaux',
    bannedAround: 'November 20, around 9 PM Central',
    explanation: 'I was banned for random death match after a shootout that started in a roleplayed robbery.',
    whyUnfair: 'The robbery was announced on the radio first; my clip shows the whole scene from the start.',
    truthful: true,
  },
  whitelist: {
    email: 'boudreaux@example.com',
    isEighteenPlus: true,
    age: 24,
    timezone: 'CST',
    hoursPerWeek: 15,
    rpExperience: 'Three years of serious roleplay on two FiveM servers, mostly civilian and EMS characters.',
    previousCommunities: 'Gulf Coast RP',
    characterBackground:
      "Remy Boudreaux grew up running crawfish traps on the Atchafalaya and came to the city to pay off his daddy's debts.",
    characterGoals: 'Open a bait shop, stay out of the gang wars, and keep his cousin out of trouble.',
    roleplayScenario:
      'If robbed at gunpoint I would comply, remember the details, and report it to the police in character.',
    whyJoinServer: 'The Louisiana setting and the slower, story-first pace.',
    rulesUnderstood: true,
    noMetagaming: true,
    respectfulBehavior: true,
  },
  staff: {
    email: 'thibodeaux@example.com',
    realName: 'Marie Thibodeaux',
    age: 29,
    timezone: 'CST',
    availability: 'Weeknights 6-11 pm Central, most weekends',
    position: 'moderator',
    experience: 'Moderated a 40k-member Discord for two years and ran tickets on a FiveM server.',
    whyStaff: 'I want to help keep the community welcoming and the roleplay fair.',
    scenarios:
      'Two players arguing in OOC chat: move them to a private channel, hear both sides, apply the rules evenly.',
    languages: 'English, French',
    previousCommunities: 'Gulf Coast RP',
    references: null,
    additionalInfo: null,
    agreeToRules: true,
    agreeToCommitment: true,
    backgroundCheck: true,
  },
};

export interface TestPerson {
  id: string;
  discordId: string;
  discordUsername: string | null;
  username: string | null;
  role: Role;
}

export function person(role: Role = 'player', overrides: Partial<TestPerson> = {}): TestPerson {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    discordId: `9000000000000${String(counter).padStart(5, '0')}`,
    discordUsername: `${role}${counter}`,
    username: null,
    role,
    ...overrides,
  };
}

/** The answers a whitelist application cannot do without: leaving one out is refused. */
export const WHITELIST_REQUIRED = [
  'email',
  'isEighteenPlus',
  'age',
  'timezone',
  'hoursPerWeek',
  'rpExperience',
  'characterBackground',
  'characterGoals',
  'roleplayScenario',
  'whyJoinServer',
  'rulesUnderstood',
  'noMetagaming',
  'respectfulBehavior',
] as const;

/** The answers a staff application cannot do without: leaving one out is refused. */
export const STAFF_REQUIRED = [
  'email',
  'realName',
  'age',
  'timezone',
  'availability',
  'position',
  'experience',
  'whyStaff',
  'scenarios',
  'agreeToRules',
  'agreeToCommitment',
  'backgroundCheck',
] as const;

/** What the applicant reads when they leave each required answer out (the form and the API say the same). */
export const WHITELIST_MISSING: Record<(typeof WHITELIST_REQUIRED)[number], string> = {
  email: 'Enter your email address',
  isEighteenPlus: 'Confirm that you are 18 or older',
  age: 'Enter your age (18 or older)',
  timezone: 'Choose your time zone',
  hoursPerWeek: 'Choose how many hours a week you can play',
  rpExperience: 'Tell us about your roleplay experience',
  characterBackground: "Tell us your character's background",
  characterGoals: "Tell us your character's goals",
  roleplayScenario: 'Tell us how you would roleplay this scene',
  whyJoinServer: 'Tell us why you want to join',
  rulesUnderstood: 'Confirm that you have read the server rules',
  noMetagaming: 'Agree not to metagame',
  respectfulBehavior: 'Agree to treat every player and staff member with respect',
};

export const STAFF_MISSING: Record<(typeof STAFF_REQUIRED)[number], string> = {
  email: 'Enter your email address',
  realName: 'Enter your real name',
  age: 'Enter your age (18 or older)',
  timezone: 'Choose your time zone',
  availability: 'Tell us the days and hours you can be on duty',
  position: 'Choose a position',
  experience: 'Tell us about your staff or moderation experience',
  whyStaff: 'Tell us why you want to join the staff team',
  scenarios: 'Tell us how you would handle this situation',
  agreeToRules: 'Agree to follow the server rules and staff guidelines',
  agreeToCommitment: 'Commit to at least 15 hours a week',
  backgroundCheck: 'Accept a background check of your server history',
};
