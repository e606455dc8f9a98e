import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUOTE_MESSAGES as M } from '@solar/shared/constants/quotes';
import { TEXT_MESSAGES } from '@solar/shared/constants/text';
import type { QuoteFormInput } from '@solar/shared/contracts/quotes';
import { QuoteRequestForm } from './quote-form';

const initial: QuoteFormInput = {
  service: 'Drone Surveys',
  location: 'Leeds',
  timePreference: '2weeks',
  description: '',
  name: 'Dana Demo',
  email: 'dana@example.com',
  phone: '',
  requiresNDA: false,
  useDefaultContract: false,
  selectedContract: null,
};

function setup(overrides: Partial<QuoteFormInput> = {}, fixed = true) {
  const onSubmit = vi.fn();
  render(<QuoteRequestForm initial={{ ...initial, ...overrides }} timePreferenceFixed={fixed} submitting={false} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('QuoteRequestForm (docs/product/quotes.md#quote-form)', () => {
  it('shows the prefilled time preference read-only as Preferred Start Time', () => {
    setup();
    const field = screen.getByLabelText('Preferred Start Time');
    expect(field).toHaveValue('Within 2 weeks');
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Service Type')).toHaveValue('Drone Surveys');
  });

  it('requires name, email and phone', async () => {
    const { onSubmit, user } = setup({ name: '', email: '' });
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(screen.getByText(M.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(M.phoneRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a contact name holding a zero-width or bidi character (decision 0338)', async () => {
    for (const name of ['Dana\u200BDemo', 'Dana \u2067Demo']) {
      const { onSubmit, user } = setup({ name, phone: '0113 496 0000' });
      await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
      expect(screen.getByText(TEXT_MESSAGES.invisibleCharacters('Name'))).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it("asks for a contract type when the default contract is on, offers PDF previews in a new tab, and clears the choice when switched off", async () => {
    const { onSubmit, user } = setup({ phone: '0113 496 0000' });
    await user.click(screen.getByLabelText('Use a default contract'));
    const preview = screen.getAllByRole('link', { name: /Preview PDF/ });
    expect(preview.map((a) => a.getAttribute('href'))).toEqual(['/assets/contracts/data-processing-agreement.pdf', '/assets/contracts/uav-hire-agreement.pdf']);
    expect(preview[0]).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(screen.getByText(M.selectContract)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('UAV Hire Agreement'));
    expect(screen.queryByText(M.selectContract)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Use a default contract'));
    await user.click(screen.getByLabelText('Use a default contract'));
    expect(screen.getByLabelText('UAV Hire Agreement')).not.toBeChecked();

    await user.click(screen.getByLabelText('Data Processing Agreement'));
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ form: expect.objectContaining({ useDefaultContract: true, selectedContract: 'data-processing', phone: '0113 496 0000' }), nda: null }),
    );
  });

  it('reveals the NDA upload with the switch and requires a file', async () => {
    const { onSubmit, user } = setup({ phone: '0113 496 0000' });
    expect(screen.queryByLabelText('Upload NDA')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Require a Non-Disclosure Agreement (NDA)'));
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(screen.getByText(M.ndaRequired)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload NDA'), new File(['%PDF-1.4'], 'nda.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('nda.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ form: expect.objectContaining({ requiresNDA: true }), nda: expect.any(File) }));
  });
});
