import { describe, expect, it } from 'vitest';
import type { ApplicationKind } from '../../core/applications/model/application.ts';
import { questionsOf } from '../../core/applications/model/form-layout.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';

describe.each([whitelistKind, staffKind] as ApplicationKind[])('the $name kind', (kind) => {
  it('asks every answer of its schema once in its form, and nothing else', () => {
    const asked = questionsOf(kind.form).map((question) => question.name);
    expect([...asked].sort()).toEqual(Object.keys(kind.answers.shape).sort());
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('names every status in its moves, starts open, and ends in statuses with no moves', () => {
    expect(Object.keys(kind.transitions).sort()).toEqual([...kind.statuses].sort());
    for (const targets of Object.values<readonly string[]>(kind.transitions))
      for (const to of targets) expect(kind.statuses).toContain(to);
    expect(kind.open).toContain(kind.statuses[0]);
    expect(kind.transitions.approved).toEqual([]);
  });
});
