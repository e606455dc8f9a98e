import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { signupFormSchema, type CurrentUser } from '@solar/shared/contracts/accounts';
import { ACCOUNT_MESSAGES as M, USER_TYPE_LABELS, USER_TYPES, type UserType } from '@solar/shared/constants/accounts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useSignup } from '../api/auth';
import { PasswordField } from './password-input';

type FormInput = z.input<typeof signupFormSchema>;
type FormOutput = z.output<typeof signupFormSchema>;

export interface SignupFormProps {
  /** A fixed account type hides the type selector (docs/product/accounts.md#sign-up). */
  fixedType?: UserType;
  /** Optional provider to claim with the new account (decision 0102). */
  providerId?: string;
  /**
   * 'page' (the /register page): 'Registration successful' / 'Registration failed'.
   * 'embedded' (the provider landing page): 'Account created' / 'Failed to create account' (docs/product/accounts.md#sign-up).
   */
  variant?: 'page' | 'embedded';
  onSuccess?(user: CurrentUser): void;
  /** Prefix for element ids, when two forms could share a page. */
  idPrefix?: string;
  /** The address to start with (an invitation's invited address, decision 0443). */
  defaultEmail?: string;
  /** The page the verification link returns to (issue 28 item 7); the server keeps it only if it is same-site. */
  returnTo?: string;
}

/** The sign-up form (docs/product/accounts.md#sign-up): validated on change with the server's own schema. */
export function SignupForm({ fixedType, providerId, variant = 'page', onSuccess, idPrefix = 'signup', defaultEmail = '', returnTo }: SignupFormProps) {
  const signup = useSignup(variant === 'embedded' ? M.createAccountFailed : M.registrationFailed);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onChange',
    defaultValues: { email: defaultEmail, name: '', company: '', password: '', confirmPassword: '', type: fixedType ?? 'provider' },
  });

  const onSubmit = handleSubmit((values) => {
    const { confirmPassword: _confirm, ...body } = values;
    signup.mutate(
      { ...body, type: fixedType ?? body.type, ...(providerId && { providerId }), ...(returnTo && returnTo !== '/' && { returnTo }) },
      {
        onSuccess: (user) => {
          if (variant === 'embedded') toast({ title: M.accountCreatedTitle, description: M.accountCreated, variant: 'success' });
          else toast({ title: M.registrationSuccess, variant: 'success' });
          onSuccess?.(user);
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );
  });

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id={id('email')} label="Business email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Field id={id('name')} label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...register('name')} />}
      </Field>
      <Field id={id('company')} label="Company name" error={errors.company?.message}>
        {(control) => <Input {...control} autoComplete="organization" {...register('company')} />}
      </Field>
      <PasswordField
        id={id('password')}
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters with an uppercase letter, a lowercase letter and a number"
        autoComplete="new-password"
        {...register('password', { deps: ['confirmPassword'] })}
      />
      <PasswordField id={id('confirmPassword')} label="Confirm password" error={errors.confirmPassword?.message} autoComplete="new-password" {...register('confirmPassword')} />
      {!fixedType && (
        <Field id={id('type')} label="Account type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...register('type')}>
              {USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {USER_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Button type="submit" disabled={signup.isPending} className="w-full">
        {signup.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
