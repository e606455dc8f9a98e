import { forwardRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { Eye, EyeOff } from '../../../components/ui/icons';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** A password input with a show/hide toggle (the value is compared exactly as typed). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>((props, ref) => {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className="pr-10" {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-900"
      >
        {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
});
PasswordInput.displayName = 'PasswordInput';

/**
 * A password field (decision 0505): label, hint and message tied to the show/hide input by `Field`;
 * the rest (autoComplete, `register(...)`) goes to the input.
 */
export function PasswordField({
  id,
  label,
  error,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { id: string; label: string; error?: string; hint?: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => <PasswordInput {...control} {...input} />}
    </Field>
  );
}
