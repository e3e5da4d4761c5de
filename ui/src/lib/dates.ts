/**
 * The date patterns of docs/product.md#texts-and-timings, date-fns's 'MMM dd, yyyy' and 'HH:mm' in local time, written out: the header's
 * renewal banner uses them on every page, and date-fns's formatter would add 5 KB to every first load.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

const formatDay = (date: Date) => `${MONTHS[date.getMonth()]} ${twoDigits(date.getDate())}, ${date.getFullYear()}`;

/** 'MMM dd, yyyy' */
export const day = (iso: string) => formatDay(new Date(iso));
/** 'MMM dd, yyyy HH:mm' */
export const dayAndTime = (iso: string) => {
  const date = new Date(iso);
  return `${formatDay(date)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
};
