/**
 * What a buyer declared about their age before their first purchase: 18 or over, or under 18 with a parent's or
 * guardian's consent. Asked once, at the first checkout, and stored with its time for staff.
 */
export const AGE_ANSWERS = ['adult', 'parental_consent'] as const;
export type AgeAnswer = (typeof AGE_ANSWERS)[number];

export interface AgeDeclaration {
  answer: AgeAnswer;
  at: Date;
}

/** How staff and the buyer read each answer. */
export const AGE_ANSWER_LABELS: Record<AgeAnswer, string> = {
  adult: 'I am 18 or over',
  parental_consent: "I am under 18 and have a parent's or guardian's consent",
};
