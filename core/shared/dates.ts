const dayFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 24, 2026": the day a month of membership starts, as the ledger and the messages name it */
export const billingDay = (date: Date) => dayFormat.format(date);
