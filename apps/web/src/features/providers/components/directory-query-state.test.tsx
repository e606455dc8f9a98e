import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DirectoryQueryState } from './directory-query-state';

const failed = (error: unknown) => ({ isPending: false, isError: true, error, refetch: () => undefined });

describe('the directory error state (decision 0365)', () => {
  it('a refused request shows its sentence without a Retry that cannot succeed', () => {
    render(<DirectoryQueryState query={failed(new ApiError('Each service can be at most 200 characters', 400))} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Each service can be at most 200 characters');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a failure or a rate limit keeps Retry', () => {
    render(<DirectoryQueryState query={failed(new ApiError('Server unavailable', 503))} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
