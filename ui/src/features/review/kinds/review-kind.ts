import type { ReactNode } from 'react';
import type { ApplicationKind } from '@contract/applications.ts';
import type { Kind } from '../api/review.ts';

export interface Counter {
  label: string;
  value: number | undefined;
}

/** What a review list row holds of every kind: who, where it stands, when. */
export interface ReviewSummary {
  id: string;
  status: string;
  createdAt: string;
}

/** A page of a kind's list: the summaries, the cursor to the next page, and the counts of everything. */
export interface ReviewList<Summary extends ReviewSummary> {
  applications: Summary[];
  total: number;
  counts: Record<string, number>;
  nextBefore: string | null;
}

/**
 * How the review screens show one kind of application, beside core's definition of it (`definition`: its moves and
 * the permission that decides): its counters, its table row and its dialog. One page and one dialog read these.
 */
export interface ReviewKindView<
  Summary extends ReviewSummary,
  List extends ReviewList<Summary>,
  Application extends { id: string },
> {
  kind: Kind;
  definition: Pick<ApplicationKind, 'decider' | 'transitions'>;
  counters: { label: string; items: (list: List | undefined) => Counter[] };
  table: {
    /** what the rows are, for screen readers */
    caption?: string;
    empty: string;
    columns: string[];
    /** the row's cells before the day it was sent and the button that opens it */
    cells: (summary: Summary) => ReactNode;
    /** the column the day sits in */
    sentLabel?: string;
  };
  dialog: {
    title: (application: Application) => string;
    /** what the reviewer reads: the details, the answers, the earlier notes and message */
    body: (application: Application) => ReactNode;
    /** how the reviewer decides, and what the dialog says once it is decided */
    decision: (application: Application, onClose: () => void) => ReactNode;
  };
}

/** A decided application (no move left from its status) opens to be viewed, an open one to be reviewed. */
export const isDecided = (definition: Pick<ApplicationKind, 'transitions'>, status: string) =>
  (definition.transitions[status] ?? []).length === 0;
