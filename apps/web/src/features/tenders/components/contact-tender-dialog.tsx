import { useState } from 'react';
import type { Tender } from '@solar/shared/contracts/tenders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useContactTenderOwner } from '../api/tender-actions';

/**
 * Contact About Tender (decision 0179): an imported notice shows the buyer's published contact
 * point; a tender listed here sends a message to its owner through the mail layer.
 */
export function ContactTenderDialog({ tender, open, onOpenChange }: { tender: Tender; open: boolean; onOpenChange(open: boolean): void }) {
  const [message, setMessage] = useState('');
  const contact = useContactTenderOwner();
  if (tender.source === 'External') {
    const rows = [
      ['Contact', tender.contactName],
      ['Email', tender.contactEmail],
      ['Phone', tender.contactPhone],
      ['Address', [tender.contactAddress, tender.contactTown, tender.contactPostcode].filter(Boolean).join(', ') || null],
    ] as const;
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title="Contact About Tender" description={`Contact ${tender.organisationName ?? 'the buyer'} directly about this notice.`}>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) =>
            value ? (
              <div key={label} className="grid grid-cols-[5rem_1fr] gap-2">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words">
                  {label === 'Email' ? (
                    <a className="text-primary underline" href={`mailto:${value}`}>
                      {value}
                    </a>
                  ) : label === 'Phone' ? (
                    <a className="text-primary underline" href={`tel:${value.replace(/\s+/g, '')}`}>
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ) : null,
          )}
        </dl>
        {rows.every(([, v]) => !v) && <p className="text-sm text-slate-700">The notice gives no contact details; use View Original.</p>}
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Contact About Tender" description="Your message, name, company and email go to the tender owner, who can reply to you directly.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          contact.mutate(
            { id: tender.id, message },
            {
              onSuccess: () => {
                toast({ title: 'Message sent', description: 'Your message has been sent to the tender owner.' });
                setMessage('');
                onOpenChange(false);
              },
              onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
            },
          );
        }}
      >
        <label htmlFor="contact-message" className="text-sm font-medium">
          Message
        </label>
        <Textarea id="contact-message" rows={5} value={message} onChange={(e) => setMessage(e.target.value)} required minLength={10} maxLength={5000} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={contact.isPending || message.trim().length < 10}>
            {contact.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
