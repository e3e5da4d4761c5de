export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-bayou-700 border-t-gold-400" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
