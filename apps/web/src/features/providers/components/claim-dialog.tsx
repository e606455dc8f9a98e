import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { claimProviderBody } from '@solar/shared/contracts/providers';
import { PROVIDER_LIMITS, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useClaimProvider } from '../api/provider-mutations';

interface ClaimForm {
  companyRole: string;
  message?: string;
}

/**
 * The claim dialog (docs/product/providers.md#claims): role required, message optional (at most 2,000 characters,
 * counted as it is typed), sent with force true. The server's refusal (a claim already pending) is shown in the toast.
 * Its button is the profile header's, live as soon as a server-rendered page hydrates; this module loads when the
 * dialog is first opened.
 */
export function ClaimDialog({ providerId, businessName, open, onOpenChange: setOpen }: { providerId: string; businessName: string; open: boolean; onOpenChange(open: boolean): void }) {
  const claim = useClaimProvider(providerId);
  const form = useForm<ClaimForm>({
    resolver: zodResolver(claimProviderBody.pick({ companyRole: true, message: true })) as never,
    defaultValues: { companyRole: '', message: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await claim.mutateAsync({ companyRole: values.companyRole, message: values.message ?? '' });
      toast({ title: M.claimSubmittedTitle, description: M.claimSubmitted, variant: 'success' });
      setOpen(false);
      form.reset();
    } catch (error) {
      toast({
        title: 'Error',
        // The server's message; a request that got no answer gets the default (docs/product/providers.md#claims).
        description: error instanceof ApiError && error.message ? error.message : M.claimFailed,
        variant: 'destructive',
      });
    }
  });
  const roleError = form.formState.errors.companyRole?.message;
  const messageError = form.formState.errors.message?.message;
  const messageLength = form.watch('message')?.length ?? 0;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Claim this profile"
      description={`Tell us how you are connected to ${businessName}. An administrator reviews every claim.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="claim-role" label="Your role at the company" error={roleError}>
          {(control) => <Input {...control} {...form.register('companyRole')} />}
        </Field>
        <Field
          id="claim-message"
          label="Message (optional)"
          error={messageError}
          count={{ length: messageLength, max: PROVIDER_LIMITS.claimMessage }}
        >
          {(control) => <Textarea {...control} {...form.register('message')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={claim.isPending}>
            Submit claim
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
