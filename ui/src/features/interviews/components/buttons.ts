const BASE =
  'rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-400 disabled:opacity-60';
export const PRIMARY = `${BASE} bg-gold-500 text-bayou-950 hover:bg-gold-400`;
export const QUIET = `${BASE} bg-bayou-800 text-white hover:bg-bayou-700`;
/** a red that keeps white text above 4.5:1 */
export const DESTRUCTIVE = `${BASE} bg-red-700 text-white hover:bg-red-600`;
export const LINK = 'text-gold-400 underline hover:text-gold-300';
