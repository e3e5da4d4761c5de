// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AppealDto,
  REVIEW_NOTES_TOO_SHORT,
  type StaffApplicationDto,
  type WhitelistApplicationDto,
} from '@contract/applications.ts';
import { appealReview } from '../kinds/appeal.tsx';
import { staffReview } from '../kinds/staff.tsx';
import { whitelistReview } from '../kinds/whitelist.tsx';
import { openerAttribute, ReviewDialog } from './review-dialog.tsx';

const review = {
  id: '5f0c6a8e-3f55-4d7e-9a49-3d1f1c7f2a01',
  userId: '0a8f3c1e-7b2d-4c55-9e61-2f4b8d9a7c10',
  discordId: '900000000000000001',
  discordUsername: 'remy',
  status: 'pending',
  reviewNotes: null,
  applicantMessage: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
} as const;
// the answers the dialogs show first; the others read as a dash
const whitelist = {
  ...review,
  email: 'remy@example.com',
  age: 27,
  isEighteenPlus: true,
  timezone: 'CST',
  hoursPerWeek: 25,
  characterBackground: 'Grew up on a houseboat near Houma.',
} as unknown as WhitelistApplicationDto;
const staff = {
  ...review,
  email: 'remy@example.com',
  realName: 'Remy Thibodeaux',
  age: 29,
  timezone: 'CST',
  position: 'moderator',
  availability: 'Weeknights',
  currentStaff: false,
} as unknown as StaffApplicationDto;

const appeal = {
  ...review,
  ban: 'account',
  banReference: null,
  offence: 'none',
  bannedAround: 'November 18, around 9 pm',
  characterNames: 'Remy Boudreaux',
  explanation: 'I was AFK when the fight started.',
  whyUnfair: 'The clip shows I never drew.',
} as unknown as AppealDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Response;
const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => answer());

/** A Review button that opens the dialog, as on the review screens. */
function Screen({ dialog }: { dialog: (onClose: () => void) => ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" {...openerAttribute(review.id)} onClick={() => setOpen(true)}>
        Review
      </button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}

function renderScreen(dialog: (onClose: () => void) => ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Screen dialog={dialog} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const opener = screen.getByRole('button', { name: 'Review' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

const whitelistDialog = (onClose: () => void) => (
  <ReviewDialog view={whitelistReview} application={whitelist} onClose={onClose} />
);
const staffDialog = (onClose: () => void) => <ReviewDialog view={staffReview} application={staff} onClose={onClose} />;
const appealDialog = (onClose: () => void) => (
  <ReviewDialog view={appealReview} application={appeal} onClose={onClose} />
);
const notes = () => screen.getByLabelText('Review notes') as HTMLTextAreaElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('review dialogs', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('/admin-applications: Submit stays disabled while the notes are empty or blank', () => {
    renderScreen(whitelistDialog);
    const submit = screen.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(notes(), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(notes(), { target: { value: 'Thorough' } });
    expect(submit.disabled).toBe(false);
  });

  it('/admin-applications: a note under 10 characters is refused at the field and nothing is sent', async () => {
    renderScreen(whitelistDialog);
    fireEvent.change(notes(), { target: { value: '  too short  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(notes().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(notes())).toContain(REVIEW_NOTES_TOO_SHORT);
    expect(fetchMock).not.toHaveBeenCalled();
    // focus stays in the dialog, on the field to fix
    await waitFor(() => expect(document.activeElement).toBe(notes()));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("a server 400 lands at its field without the field's name, inside the dialog", async () => {
    answer = () =>
      json(400, {
        message: `Invalid request. reviewNotes: ${REVIEW_NOTES_TOO_SHORT}`,
        code: 'INVALID_REQUEST',
        issues: [{ path: 'reviewNotes', message: REVIEW_NOTES_TOO_SHORT }],
      });
    const { dialog } = renderScreen(staffDialog);
    fireEvent.change(notes(), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    // a final decision is asked once more: nothing is sent before Yes
    expect(fetchMock).toHaveBeenCalledTimes(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, deny' }));
    await waitFor(() => expect(notes().getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(describedBy(notes())).toContain(REVIEW_NOTES_TOO_SHORT);
    const alert = dialog.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Review Failed');
    expect(dialog.textContent).not.toContain('reviewNotes');
    expect(dialog.textContent).not.toContain('Invalid request');
    await waitFor(() => expect(document.activeElement).toBe(notes()));
  });

  it('a refusal with no field shows its message in the dialog alert and keeps focus inside', async () => {
    answer = () => json(409, { message: 'This application has already been reviewed', code: 'CONFLICT' });
    const { dialog } = renderScreen(staffDialog);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, approve' }));
    await waitFor(() =>
      expect(dialog.querySelector('[role="alert"]')?.textContent).toContain(
        'This application has already been reviewed',
      ),
    );
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('/admin-applications: Submit Review asks once more, naming the decision and the applicant; Cancel sends nothing', async () => {
    renderScreen(whitelistDialog);
    fireEvent.click(screen.getByLabelText('Reject'));
    fireEvent.change(notes(), { target: { value: 'Backstory copied from another server.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    const question = screen.getByRole('group', { name: 'Confirm the decision' });
    expect(question.textContent).toContain('Reject the application from remy? This is final');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, reject' })));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm the decision' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit Review' })));
    // choosing the other decision takes the question back: it never asks about a decision no longer chosen
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    fireEvent.click(screen.getByLabelText('Approve'));
    expect(screen.queryByRole('group', { name: 'Confirm the decision' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Escape closes the dialog and focus goes back to the Review button that opened it', async () => {
    const { opener } = renderScreen(whitelistDialog);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('after a successful review the dialog closes and focus is back on its opener', async () => {
    answer = () => json(200, { ...whitelist, status: 'approved' });
    const { opener } = renderScreen(whitelistDialog);
    fireEvent.change(notes(), { target: { value: 'Strong backstory and clear rules answers.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe(`/api/applications/${review.id}/review`);
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'approved' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('/admin/appeals: Deny with no message to the player is stopped at the message, before the final question', async () => {
    renderScreen(appealDialog);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const message = screen.getByLabelText('Message to the player (required to deny)') as HTMLTextAreaElement;
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(message)).toContain('Write the player a message saying why the appeal is denied.');
    expect(screen.queryByRole('group', { name: 'Confirm the decision' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(message));
  });

  it("/admin/appeals: the final question and the message's hint speak of the appeal and the player", () => {
    renderScreen(appealDialog);
    const message = screen.getByLabelText('Message to the player (required to deny)');
    expect(describedBy(message)).toContain('The player reads this on their appeal page');
    expect(describedBy(screen.getByLabelText('Review notes'))).toContain('The player never sees them.');
    fireEvent.change(message, { target: { value: 'The clip shows you drawing first.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const question = screen.getByRole('group', { name: 'Confirm the decision' });
    expect(question.textContent).toBe(
      'Deny the appeal from remy? This is final: it cannot be changed afterwards, and the player is told.Yes, denyCancel',
    );
    expect(screen.getByRole('dialog').textContent).not.toMatch(/application|applicant/i);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
