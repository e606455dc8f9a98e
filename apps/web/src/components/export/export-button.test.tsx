import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, EXPORT_MESSAGES as M } from '@solar/shared/constants/exports';
import { ExportButton } from './export-button';

const files = () => ({ csv: '/api/exports/providers?services=Installation&format=csv', json: '/api/exports/providers?services=Installation&format=json' });

/** Issue 32: the Export button of a page of results (decision 0531). */
describe('the Export button', () => {
  it('offers the CSV and JSON of the current filters as downloads, from the keyboard, and gives focus back when closed', async () => {
    render(<ExportButton files={files} what={{ counted: '12 providers' }} total={12} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: M.button })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: M.title });
    expect(dialog).toHaveTextContent(M.holds('12 providers matching the filters'));
    expect(dialog).toHaveTextContent(M.limit(EXPORT_MAX_ROWS));
    const csv = within(dialog).getByRole('link', { name: M.csvLong });
    expect(csv).toHaveAttribute('href', files().csv);
    expect(csv).toHaveAttribute('download');
    expect(within(dialog).getByRole('link', { name: M.jsonLong })).toHaveAttribute('href', files().json);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: M.button })).toHaveFocus();
  });

  it('says before downloading when the result is larger than one file holds', async () => {
    render(<ExportButton files={files} what={{ counted: null }} total={EXPORT_MAX_ROWS + 5} />);
    await userEvent.setup().click(screen.getByRole('button', { name: M.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.truncated(EXPORT_MAX_ROWS, EXPORT_MAX_ROWS + 5));
  });

  it('says when nothing matches', async () => {
    render(<ExportButton files={files} what={{ counted: '0 providers' }} total={0} />);
    await userEvent.setup().click(screen.getByRole('button', { name: M.button }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(M.nothing);
  });
});
