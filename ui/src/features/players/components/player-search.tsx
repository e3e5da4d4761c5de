import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { pagePath } from '@contract/pages.ts';
import { paths } from '@/config/paths.ts';
import { usePlayerSearch } from '../api/players.ts';

const MAX_LENGTH = 64;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Finds a player by name or Discord ID and links to their page (staff and admins). */
export function PlayerSearch() {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const query = usePlayerSearch(q);
  const players = q ? (query.data?.players ?? []) : [];
  const announcement = !q
    ? ''
    : query.isError
      ? 'The search did not work. Try again.'
      : query.isPending
        ? 'Searching…'
        : players.length === 0
          ? 'No player matches.'
          : `${players.length} ${players.length === 1 ? 'player' : 'players'} found.`;
  return (
    <search className="mx-auto block w-full min-w-0 max-w-xl" aria-label="Players">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-200">
        Find a player
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden
          size={16}
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400"
        />
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={MAX_LENGTH}
          autoComplete="off"
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
          className="w-full rounded-md border border-bayou-600 bg-bayou-950 py-2 pl-9 pr-3 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-gold-400"
          placeholder="Name or Discord ID"
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-400">
        Part of a name, or a whole Discord ID.
      </p>
      <p role="status" aria-live="polite" className="mt-2 text-sm text-slate-300">
        {announcement}
      </p>
      {players.length > 0 && (
        <ul className="mt-1 grid gap-1" aria-label="Matching players">
          {players.map((player) => (
            <li key={player.id} className="min-w-0">
              <Link
                to={pagePath(paths.adminPlayer, { id: player.id })}
                onClick={() => setText('')}
                className="block min-w-0 rounded-md border border-bayou-700 bg-bayou-900 px-3 py-2 hover:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400"
              >
                <span className="block font-semibold text-gold-300 [overflow-wrap:anywhere]">{player.name}</span>
                <span className="block text-xs text-slate-300 [overflow-wrap:anywhere]">
                  {player.discordUsername && player.discordUsername !== player.name
                    ? `${player.discordUsername} · `
                    : ''}
                  {player.discordId} · {player.role}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </search>
  );
}
