import { useId, useState, type KeyboardEvent } from 'react';
import { inviteProviderBody } from '@solar/shared/contracts/providers';
import { PROVIDER_INVITE_LIMITS, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { useInviteProvider } from '../lib/invite-provider';
import { Button } from './ui/button';
import { Field } from './ui/field';
import { Input, Textarea } from './ui/input';

type Errors = Partial<Record<'name' | 'email' | 'message', string>>;

/**
 * 'Invite a provider' (decision 0360): checked with the server's own schema before sending; the
 * server's refusal (a recent invitation to the address, the daily limit) is shown under the form.
 * Loaded only when shown, so zod stays out of the directory's first load (decision 0291). A group,
 * not a form: on the list-a-tender page it sits inside the tender's own form, so Enter is caught here.
 */
export default function InviteProviderForm({ service, location }: { service: string; location: string }) {
  const id = useId();
  const invite = useInviteProvider();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);

  const submit = () => {
    const parsed = inviteProviderBody.safeParse({ name, email, message, service, location });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        if (key in { name: 1, email: 1, message: 1 } && !next[key]) next[key] = issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (body) => {
        setSent(body.message);
        setName('');
        setEmail('');
        setMessage('');
      },
    });
  };

  const onEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };

  return (
    <div role="group" onKeyDown={onEnter} className="grid gap-3" aria-label={M.inviteTitle}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Company or contact name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={200}
              autoComplete="organization"
              onChange={(e) => {
                setName(e.target.value);
                setErrors(({ name: _fixed, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <Field id={`${id}-email`} label="Their email address" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              value={email}
              maxLength={254}
              autoComplete="off"
              onChange={(e) => {
                setEmail(e.target.value);
                setErrors(({ email: _fixed, ...rest }) => rest);
              }}
            />
          )}
        </Field>
      </div>
      <Field
        id={`${id}-message`}
        label="Message (optional)"
        error={errors.message}
        hint={`${message.length.toLocaleString('en-GB')} / ${PROVIDER_INVITE_LIMITS.messageMax.toLocaleString('en-GB')} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            value={message}
            maxLength={PROVIDER_INVITE_LIMITS.messageMax}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors(({ message: _fixed, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={submit} disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
        {sent && !invite.isError && (
          <p role="status" className="text-sm text-emerald-800">
            {sent}
          </p>
        )}
        {invite.isError && (
          <p role="alert" className="text-sm text-destructive">
            {invite.error.message || M.inviteFailed}
          </p>
        )}
      </div>
    </div>
  );
}
