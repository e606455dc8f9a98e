import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { loginBody, type CurrentUser } from '@solar/shared/contracts/accounts';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useLogin } from '../api/auth';
import { PasswordField } from './password-input';

type FormInput = z.input<typeof loginBody>;
type FormOutput = z.output<typeof loginBody>;

/** The sign-in form (docs/product/accounts.md#sign-in): email trimmed and lower-cased before sending; validated on change. */
export function LoginForm({ onSuccess }: { onSuccess?(user: CurrentUser): void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(loginBody), mode: 'onChange', defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Success', description: M.loginSuccess, variant: 'success' });
        onSuccess?.(user);
      },
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="login-email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <PasswordField id="login-password" label="Password" error={errors.password?.message} autoComplete="current-password" {...register('password')} />
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
