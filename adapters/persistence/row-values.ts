/** A nullable text column's value as the driver hands it over: a string, or null. */
export const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** A timestamp column's value: a Date (pg parses it), or its text (PGlite's raw rows). */
export const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
