import { useState } from 'react';
import { TENDER_LIFECYCLE_MESSAGES as M, TENDER_REASON_MIN } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';

/**
 * Close Early asks why (decision 0512): closing early opens the sealed responses at once, so the
 * reason is required and kept in the History.
 */
export function CloseEarlyDialog(props: { open: boolean; onClose(): void; pending: boolean; error: string; onSubmit(reason: string): void }) {
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState('');
  return (
    <Dialog open={props.open} onOpenChange={(o) => !o && props.onClose()} title={S.closeEarlyTitle} description={S.closeEarlyDescription}>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < TENDER_REASON_MIN) return setLocal(M.reasonRequired);
          setLocal('');
          props.onSubmit(reason);
        }}
      >
        <Field id="close-early-reason" label="Reason for closing early" error={local || props.error}>
          {(control) => <Textarea {...control} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={props.pending}>
          Close Tender Now
        </Button>
      </form>
    </Dialog>
  );
}
