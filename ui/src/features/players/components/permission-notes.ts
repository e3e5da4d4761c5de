import { IMPLIED_PERMISSIONS, type PermissionStateDto } from '@contract/players.ts';

type Id = PermissionStateDto['permission'];

const SOURCE_WORDS: Record<PermissionStateDto['source'], string> = {
  role: 'From the role',
  granted: 'Granted',
  implied: 'Comes with another permission',
  revoked: 'Revoked from the role',
  none: 'Not held',
};

/** A permission that another one, ticked or cleared now, brings along or takes away when saved. */
export interface Carried {
  by: Id;
  held: boolean;
}

/**
 * What the unsaved changes do beyond the boxes changed: a granted permission brings those it implies, and a revoked
 * one takes away those held only through it (IMPLIED_PERMISSIONS, the rule the server applies).
 */
export function carriedAlong(states: PermissionStateDto[], heldNow: (state: PermissionStateDto) => boolean) {
  const carried = new Map<Id, Carried>();
  for (const changed of states.filter((state) => heldNow(state) !== state.held)) {
    for (const id of IMPLIED_PERMISSIONS[changed.permission] ?? []) {
      const other = states.find((state) => state.permission === id);
      // a box the admin changed themselves says what they chose; the server decides whether the two agree
      if (!other || heldNow(other) !== other.held) continue;
      if (heldNow(changed) && !heldNow(other)) carried.set(id, { by: changed.permission, held: true });
      if (!heldNow(changed) && other.source === 'implied' && other.impliedBy === changed.permission)
        carried.set(id, { by: changed.permission, held: false });
    }
  }
  return carried;
}

/** The line under a permission: what saving will do to it, else where it comes from and what it brings. */
export function permissionNote(
  state: PermissionStateDto,
  states: PermissionStateDto[],
  heldNow: (state: PermissionStateDto) => boolean,
  carried: Map<Id, Carried>,
): string {
  const label = (id: Id) => states.find((other) => other.permission === id)?.label ?? id;
  const along = carried.get(state.permission);
  if (along) return `${along.held ? 'Will come with' : 'Will go with'} ${label(along.by)}`;
  const moved = [...carried].filter(([, c]) => c.by === state.permission).map(([id]) => label(id));
  const withThem = moved.length > 0 ? `, with ${moved.join(', ')}` : '';
  if (heldNow(state) !== state.held) return `${heldNow(state) ? 'Will be granted' : 'Will be revoked'}${withThem}`;
  const from = state.impliedBy ? `Comes with ${label(state.impliedBy)}` : SOURCE_WORDS[state.source];
  const brings = (IMPLIED_PERMISSIONS[state.permission] ?? []).map(label);
  return !state.held && brings.length > 0 ? `${from}. Granting it brings ${brings.join(', ')}` : from;
}
