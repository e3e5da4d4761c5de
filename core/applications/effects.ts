import type { Application, ApplicationKind } from './model/application.ts';

/** What an application's changes mean for Discord, to be recorded with the change (the delivery module records it). */
export interface ApplicationEffects {
  applicationSubmitted<A, S extends string>(kind: ApplicationKind<A, S>, application: Application<A, S>): Promise<void>;
  /** a status change by a reviewer */
  applicationReviewed<A, S extends string>(kind: ApplicationKind<A, S>, application: Application<A, S>): Promise<void>;
}

/** For core tests that do not look at Discord: records nothing. */
export const noApplicationEffects: ApplicationEffects = {
  applicationSubmitted: async () => {},
  applicationReviewed: async () => {},
};
