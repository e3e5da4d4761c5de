// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FAQ } from '../data/faq.ts';
import FaqPage from './faq-page.tsx';

const question = (index: number) => screen.getByRole('button', { name: FAQ[index].question });
const answerShown = (index: number) => screen.queryByText(FAQ[index].answer) !== null;

describe('FAQ', () => {
  afterEach(cleanup);

  it('lists 12 questions, all closed, and links to the contact page', () => {
    render(<FaqPage />, { wrapper: MemoryRouter });
    expect(FAQ).toHaveLength(12);
    expect(FAQ.map((_, index) => question(index).getAttribute('aria-expanded'))).toEqual(Array(12).fill('false'));
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('keeps several questions open together, and closes only the one clicked', () => {
    render(<FaqPage />, { wrapper: MemoryRouter });
    fireEvent.click(question(0));
    fireEvent.click(question(3));
    fireEvent.click(question(11));
    expect(answerShown(0) && answerShown(3) && answerShown(11)).toBe(true);
    expect([0, 3, 11].map((index) => question(index).getAttribute('aria-expanded'))).toEqual(['true', 'true', 'true']);
    expect(answerShown(1)).toBe(false);

    fireEvent.click(question(3));
    expect(question(3).getAttribute('aria-expanded')).toBe('false');
    expect(answerShown(3)).toBe(false);
    expect(answerShown(0) && answerShown(11)).toBe(true);
  });
});
