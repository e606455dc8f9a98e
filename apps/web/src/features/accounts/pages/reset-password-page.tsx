import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ArrowLeft, CheckCircle2 } from '../../../components/ui/icons';
import type { z } from 'zod';
import { forgotPasswordBody, resetPasswordFormSchema, validateTokenBody } from '@solar/shared/contracts/accounts';
import { ACCOUNT_MESSAGES as M, RESET_REDIRECT_MS } from '@solar/shared/constants/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useForgotPassword, useResetPassword, useValidateToken } from '../api/auth';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-input';
import { useTokenFromHash } from './token-from-hash';

type Step = 'request' | 'token' | 'reset' | 'done';

/** /reset-password: request → token → reset, back buttons go back one step, login after 2 s (docs/product/accounts.md#password-reset). */
export function ResetPasswordPage() {
  const initialToken = useTokenFromHash();
  const [step, setStep] = useState<Step>(initialToken ? 'token' : 'request');
  const [token, setToken] = useState(initialToken);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const titles: Record<Step, { title: string; description: string }> = {
    request: { title: 'Reset your password', description: "Enter your account's email and we'll send you reset instructions." },
    token: { title: 'Enter your reset token', description: 'Paste the token from the email, or open the link in it.' },
    reset: { title: 'Choose a new password', description: 'At least 8 characters with an uppercase letter, a lowercase letter and a number.' },
    done: { title: 'Password reset', description: M.passwordResetDone },
  };

  return (
    <AuthCard
      title={titles[step].title}
      description={titles[step].description}
      footer={
        <Link to="/login" className="text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ol aria-label="Progress" className="mb-6 flex gap-2">
        {(['request', 'token', 'reset'] as const).map((s, i) => (
          <li
            key={s}
            aria-current={step === s ? 'step' : undefined}
            className={`h-1.5 flex-1 rounded-full ${(['request', 'token', 'reset', 'done'] as Step[]).indexOf(step) >= i ? 'bg-primary' : 'bg-muted'}`}
          >
            <span className="sr-only">{`Step ${i + 1} of 3`}</span>
          </li>
        ))}
      </ol>
      {step === 'request' && (
        <RequestStep
          onSent={(email) => {
            setSentTo(email);
            setStep('token');
          }}
        />
      )}
      {step === 'token' && (
        <TokenStep
          initial={token}
          sentTo={sentTo}
          onBack={() => setStep('request')}
          onValid={(value) => {
            setToken(value);
            setStep('reset');
          }}
        />
      )}
      {step === 'reset' && <ResetStep token={token} onBack={() => setStep('token')} onDone={() => setStep('done')} />}
      {step === 'done' && <DoneStep />}
    </AuthCard>
  );
}

function RequestStep({ onSent }: { onSent(email: string): void }) {
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState } = useForm<z.input<typeof forgotPasswordBody>, unknown, z.output<typeof forgotPasswordBody>>({
    resolver: zodResolver(forgotPasswordBody),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  const error = formState.errors.email?.message;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit(({ email }) =>
        forgot.mutate(email, {
          onSuccess: (body) => {
            toast({ title: 'Check your email', description: body.message || M.forgotNeutral, variant: 'success' });
            onSent(email);
          },
          onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
        }),
      )}
    >
      <Field id="reset-email" label="Email" error={error}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Button type="submit" disabled={forgot.isPending} className="w-full">
        {forgot.isPending ? 'Sending...' : 'Send reset instructions'}
      </Button>
    </form>
  );
}

function TokenStep({ initial, sentTo, onBack, onValid }: { initial: string; sentTo: string | null; onBack(): void; onValid(token: string): void }) {
  const validate = useValidateToken();
  const { register, handleSubmit, formState } = useForm<z.input<typeof validateTokenBody>, unknown, z.output<typeof validateTokenBody>>({
    resolver: zodResolver(validateTokenBody),
    mode: 'onChange',
    defaultValues: { token: initial },
  });
  const error = formState.errors.token?.message;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit(({ token }) =>
        validate.mutate(token, {
          onSuccess: () => onValid(token),
          onError: (err) => toast({ title: M.invalidTokenTitle, description: err.message, variant: 'destructive' }),
        }),
      )}
    >
      {sentTo && <Alert variant="info" title="Check your email">{M.forgotNeutral}</Alert>}
      <Field id="reset-token" label="Reset token" error={error}>
        {(control) => <Input {...control} autoComplete="one-time-code" spellCheck={false} {...register('token')} />}
      </Field>
      <StepButtons onBack={onBack} pending={validate.isPending} label="Verify token" busyLabel="Verifying..." />
    </form>
  );
}

function ResetStep({ token, onBack, onDone }: { token: string; onBack(): void; onDone(): void }) {
  const reset = useResetPassword();
  const { register, handleSubmit, formState } = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit(({ newPassword }) =>
        reset.mutate(
          { token, newPassword },
          {
            onSuccess: (body) => {
              toast({ title: 'Success', description: body.message || M.passwordResetDone, variant: 'success' });
              onDone();
            },
            onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
          },
        ),
      )}
    >
      <PasswordField id="reset-new-password" label="New password" error={errors.newPassword?.message} autoComplete="new-password" {...register('newPassword', { deps: ['confirmPassword'] })} />
      <PasswordField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message} autoComplete="new-password" {...register('confirmPassword')} />
      <StepButtons onBack={onBack} pending={reset.isPending} label="Reset password" busyLabel="Resetting..." />
    </form>
  );
}

function DoneStep() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="flex items-start gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
      <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>Redirecting you to sign in...</p>
    </div>
  );
}

/** A step's Back and submit buttons; the submit button says what is happening while it is pending. */
function StepButtons({ onBack, pending, label, busyLabel }: { onBack(): void; pending: boolean; label: string; busyLabel: string }) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Button>
      <Button type="submit" disabled={pending} className="flex-1">
        {pending ? busyLabel : label}
      </Button>
    </div>
  );
}
