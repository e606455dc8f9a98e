import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldGroup } from './field';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const group = (error: string | null) => (
  <FieldGroup id="range" legend="Value" error={error}>
    <Field id="min" label="Minimum" hint="Pounds">
      {(control) => <input {...control} />}
    </Field>
    <Field id="max" label="Maximum">
      {(control) => <input {...control} />}
    </Field>
  </FieldGroup>
);

describe('Field (decisions 0505, 0590)', () => {
  it('ties the label to its control and announces the hint with it', () => {
    render(
      <Field id="lead" label="Lead time" hint="In days or weeks, such as 30 days.">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(input('Lead time')).toHaveAttribute('id', 'lead');
    expect(input('Lead time')).toHaveAccessibleDescription('In days or weeks, such as 30 days.');
    expect(input('Lead time')).not.toHaveAttribute('aria-invalid');
  });

  it('announces the message instead of the hint while there is one, and marks the control invalid', () => {
    render(
      <Field id="lead" label="Lead time" hint="In days or weeks." error="Enter a lead time">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(input('Lead time')).toHaveAccessibleDescription('Enter a lead time');
    expect(input('Lead time')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a lead time');
    expect(screen.queryByText('In days or weeks.')).toBeNull();
  });

  it('reads the character count after the message', () => {
    render(
      <Field id="note" label="Note" error="Too long" count={{ length: 2100, max: 2000 }}>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(input('Note')).toHaveAccessibleDescription('Too long 2,100 / 2,000 characters');
  });

  it('a group message describes every field in the group and marks each invalid, beside its own hint', () => {
    const { rerender } = render(group(null));
    expect(screen.getByRole('group', { name: 'Value' })).toBeInTheDocument();
    expect(input('Maximum')).not.toHaveAttribute('aria-describedby');
    rerender(group('The minimum must not be above the maximum'));
    expect(input('Minimum')).toHaveAccessibleDescription('Pounds The minimum must not be above the maximum');
    expect(input('Maximum')).toHaveAccessibleDescription('The minimum must not be above the maximum');
    expect(input('Minimum')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Maximum')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'range-error');
  });
});
