const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-400';
export const PRIMARY = `${button} bg-gold-400 text-bayou-950 hover:bg-gold-300 disabled:opacity-60`;
export const SECONDARY = `${button} border border-bayou-600 bg-bayou-900 text-slate-100 hover:bg-bayou-800 disabled:opacity-60`;
export const CARD = 'grid min-w-0 gap-3 rounded-xl border border-bayou-700 bg-bayou-900/70 p-4 sm:p-6';
