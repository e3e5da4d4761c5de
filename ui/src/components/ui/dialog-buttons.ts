/** A dialog's buttons: the shape every one shares, and the red of one that deletes or ends something. */
export const BUTTON =
  'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-400 disabled:opacity-60';
/** a red that keeps white text above 4.5:1 */
export const DESTRUCTIVE = `${BUTTON} bg-red-700 text-white hover:bg-red-600`;
