import { format } from 'date-fns';

/** SPEC section 9: 'MMM dd, yyyy' and 'HH:mm'. */
export const day = (iso: string) => format(new Date(iso), 'MMM dd, yyyy');
export const dayAndTime = (iso: string) => format(new Date(iso), 'MMM dd, yyyy HH:mm');
