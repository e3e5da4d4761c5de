/** The server's refusal as the reader sees it: its message, at the form's foot; nothing while there is none. */
export function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-500/50 bg-red-500/10 p-3 text-sm text-red-200">
      {message}
    </p>
  );
}
