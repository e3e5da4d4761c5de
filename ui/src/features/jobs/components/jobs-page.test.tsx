// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brand } from '@/config/brand.ts';
import { JOBS } from '../data/jobs.ts';
import JobsPage from './jobs-page.tsx';

const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Open jobs' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('job carousel', () => {
  afterEach(cleanup);

  it('shows three jobs a page and wraps both ways over the two pages', () => {
    render(<JobsPage />);
    const first = JOBS.slice(0, 3).map((job) => job.title);
    const second = JOBS.slice(3).map((job) => job.title);
    expect(shownTitles()).toEqual(first);

    fireEvent.click(screen.getByRole('button', { name: 'Previous jobs' }));
    expect(shownTitles()).toEqual(second);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next jobs' }));
    expect(shownTitles()).toEqual(first);
    fireEvent.click(screen.getByRole('button', { name: 'Next jobs' }));
    expect(shownTitles()).toEqual(second);
    fireEvent.click(screen.getByRole('button', { name: 'Next jobs' }));
    expect(shownTitles()).toEqual(first);
  });

  it('moves with the dots and with the arrow keys', () => {
    render(<JobsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('true');
    expect(shownTitles()).toEqual(JOBS.slice(3).map((job) => job.title));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next jobs' }), { key: 'ArrowRight' });
    expect(shownTitles()).toEqual(JOBS.slice(0, 3).map((job) => job.title));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next jobs' }), { key: 'ArrowLeft' });
    expect(shownTitles()).toEqual(JOBS.slice(3).map((job) => job.title));
  });

  it("'Apply Now' opens the invite in a new tab and shows how to apply", () => {
    render(<JobsPage />);
    const apply = screen.getByRole('link', { name: `Apply Now: ${JOBS[0].title}` });
    expect(apply.getAttribute('href')).toBe(brand.discordInvite);
    expect(apply.getAttribute('target')).toBe('_blank');
    // keep the test window from following the link; React's handler still runs
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    fireEvent.click(apply);
    document.removeEventListener('click', stay);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Join our Discord server');
    expect(alert.textContent).toContain('#job-applications');
    expect(alert.textContent).toContain(`Mention the job you are applying for: ${JOBS[0].title}`);
    expect(alert.textContent).toContain('staff guide');
    expect(screen.getByRole('link', { name: 'Join Discord Server' }).getAttribute('target')).toBe('_blank');
  });
});
