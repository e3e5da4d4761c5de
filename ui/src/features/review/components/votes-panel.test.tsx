// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VotesDto } from '@contract/applications.ts';
import { VotesPanel } from './votes-panel.tsx';

const votes = (overrides: Partial<VotesDto>): VotesDto => ({
  quorum: 3,
  cast: 0,
  visible: true,
  count: { approve: 0, deny: 0, abstain: 0 },
  votes: [],
  mine: null,
  decidesAlone: false,
  voters: 2,
  ...overrides,
});

const note = () => screen.queryByTestId('short-of-voters')?.textContent ?? null;

describe('the votes panel, when fewer may vote than the quorum needs', () => {
  afterEach(cleanup);

  it('tells a reviewer whose vote cannot decide alone that votes will not decide it, and who does', () => {
    render(<VotesPanel votes={votes({})} />);
    expect(note()).toBe(
      'Only 2 reviewers may vote on this and the quorum needs 3, so votes alone cannot decide the application. An admin decides it, or gives more staff the permission to review.',
    );
    cleanup();
    render(<VotesPanel votes={votes({ voters: 1 })} thing="appeal" />);
    expect(note()).toContain(
      'Only 1 reviewer may vote on this and the quorum needs 3, so votes alone cannot decide the appeal.',
    );
  });

  it('says nothing where the quorum can be reached, to one who decides alone, or where the count was not read', () => {
    for (const each of [votes({ voters: 3 }), votes({ decidesAlone: true }), votes({ voters: null })]) {
      render(<VotesPanel votes={each} />);
      expect(note()).toBeNull();
      expect(screen.getByRole('region', { name: 'Votes' }).textContent).toContain('3 approvals approve it');
      cleanup();
    }
  });
});
