import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { starFill, Stars } from './trust-parts';

describe('Stars', () => {
  it('fills a 4.7 rating four and three quarters, not five (issue 31)', () => {
    expect([1, 2, 3, 4, 5].map((n) => starFill(4.7, n))).toEqual([1, 1, 1, 1, 0.75]);
    expect([1, 2, 3, 4, 5].map((n) => starFill(4.2, n))).toEqual([1, 1, 1, 1, 0.25]);
    expect([1, 2, 3, 4, 5].map((n) => starFill(1, n))).toEqual([1, 0, 0, 0, 0]);
    const { container } = render(<Stars value={4.7} />);
    expect(screen.getByRole('img', { name: '4.7 out of 5' })).toBeInTheDocument();
    expect([...container.querySelectorAll('[data-fill]')].map((e) => e.getAttribute('data-fill'))).toEqual(['1', '1', '1', '1', '0.75']);
  });
});
