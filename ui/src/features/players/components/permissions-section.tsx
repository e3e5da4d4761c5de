import { useId, useState } from 'react';
import type { PermissionStateDto } from '@contract/players.ts';
import { actionError, usePlayerPermissions } from '../api/players.ts';
import { BUTTON_PRIMARY } from './action-dialog.tsx';
import { carriedAlong, permissionNote } from './permission-notes.ts';

/**
 * The permissions section of a player's page, for those who manage roles and permissions: one checkbox per
 * permission, checked when held, saved together; the server's answer (or its refusal) is said in words.
 */
export function PermissionsSection({
  playerId,
  name,
  permissions,
}: {
  playerId: string;
  name: string;
  permissions: PermissionStateDto[];
}) {
  const save = usePlayerPermissions(playerId);
  const titleId = useId();
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const heldNow = (state: PermissionStateDto) => wanted[state.permission] ?? state.held;
  const grant = permissions.filter((state) => !state.held && heldNow(state)).map((state) => state.permission);
  const revoke = permissions.filter((state) => state.held && !heldNow(state)).map((state) => state.permission);
  const carried = carriedAlong(permissions, heldNow);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (grant.length === 0 && revoke.length === 0) {
      setResult({ ok: false, text: 'Nothing to save: tick or clear a permission first.' });
      return;
    }
    try {
      await save.mutateAsync({ grant, revoke });
      setWanted({});
      const label = (id: string) => permissions.find((state) => state.permission === id)?.label ?? id;
      const parts = [
        ...(grant.length ? [`granted ${grant.map(label).join(', ')}`] : []),
        ...(revoke.length ? [`revoked ${revoke.map(label).join(', ')}`] : []),
      ];
      setResult({ ok: true, text: `Saved: ${parts.join('; ')}. It applies on ${name}'s next request.` });
    } catch (error) {
      setResult({ ok: false, text: actionError(error) });
    }
  };
  return (
    <section aria-labelledby={titleId} className="mt-8 min-w-0 rounded-xl border border-bayou-700 bg-bayou-900/60 p-4">
      <h2 id={titleId} className="font-display text-xl font-bold text-gold-400">
        Permissions
      </h2>
      <p className="mt-1 text-sm text-slate-300 [overflow-wrap:anywhere]">
        The role gives a set of permissions; tick or clear one to grant or revoke it for {name} alone.
      </p>
      <form onSubmit={submit} className="mt-4">
        <fieldset>
          <legend className="sr-only">Permissions of {name}</legend>
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="permission-list">
            {permissions.map((state) => {
              const along = carried.get(state.permission);
              return (
                <li key={state.permission} className="min-w-0 rounded-md border border-bayou-700 p-3">
                  <div className="flex items-start gap-3">
                    <input
                      id={`${titleId}-${state.permission}-box`}
                      type="checkbox"
                      name="permission"
                      value={state.permission}
                      checked={along ? along.held : heldNow(state)}
                      disabled={state.source === 'implied' || along !== undefined}
                      aria-describedby={`${titleId}-${state.permission}`}
                      onChange={(event) => {
                        setResult(null);
                        setWanted((current) => ({ ...current, [state.permission]: event.target.checked }));
                      }}
                      className="mt-1 size-4 shrink-0 accent-gold-400"
                    />
                    <div className="min-w-0">
                      <label
                        htmlFor={`${titleId}-${state.permission}-box`}
                        className="block font-medium text-slate-100 [overflow-wrap:anywhere]"
                      >
                        {state.label}
                      </label>
                      <span id={`${titleId}-${state.permission}`} className="block text-xs text-slate-300">
                        {permissionNote(state, permissions, heldNow, carried)}
                      </span>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={BUTTON_PRIMARY} aria-disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save permissions'}
          </button>
          <p
            role="status"
            data-testid="permissions-result"
            className={`min-w-0 text-sm [overflow-wrap:anywhere] ${result?.ok ? 'text-moss-300' : 'text-red-300'}`}
          >
            {result?.text ?? ''}
          </p>
        </div>
      </form>
    </section>
  );
}
