/** How a kind's questions are asked: plain data the browser form renders, in the kind's own words. */
export interface Question {
  /** the answer's name in the answers schema */
  name: string;
  label: string;
  /** the shorter name review screens list the answer under (long answers and agreements) */
  review?: string;
  control: 'text' | 'email' | 'textarea' | 'number' | 'select' | 'checkbox' | 'cards';
  rows?: number;
  hint?: string;
  /** shows a character count with this recommended length (a recommendation, not a rule) */
  recommended?: number;
  optional?: boolean;
  min?: number;
  max?: number;
  /** the value a fresh form starts with */
  initial?: string | number | boolean;
  placeholder?: string;
  options?: readonly { value: string | number; label: string; description?: string }[];
}

export interface FormSection {
  title: string;
  /** starts with the applicant's Discord name, taken from the sign-in */
  identity?: boolean;
  /** a nested list is one row of fields side by side */
  questions: readonly (Question | readonly Question[])[];
}

export type FormLayout = readonly FormSection[];

/** Every question of a layout, in order. */
export function questionsOf(layout: FormLayout): Question[] {
  return layout.flatMap((section) =>
    section.questions.flatMap((entry): readonly Question[] =>
      'name' in entry ? [entry as Question] : (entry as readonly Question[]),
    ),
  );
}
