import { useState } from 'react';
import { Globe2, Lock, MessageSquareText, RefreshCw } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { TenderLogEntry } from '@solar/shared/contracts/tender-records';
import { TENDER_LIFECYCLE_MESSAGES as LM, TENDER_QUESTION_MIN } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_LOG_MESSAGE_MAX, TENDER_LOG_MESSAGE_MIN, TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useAskQuestion } from '../api/ask-tender-question';
import { useTenderClarifications } from '../api/list-tender-clarifications';
import { usePublishClarification } from '../api/publish-tender-clarification';
import { useReplyClarification } from '../api/reply-tender-clarification';

const KIND_LABELS: Record<TenderLogEntry['kind'], string> = { question: 'Question', clarification: 'Clarification requested', notice: 'Clarification to all' };

/**
 * The clarification log (docs/product/tenders.md#clarification-log, decision 0524): questions,
 * clarifications asked of one bidder and the owner's notices, numbered CL-001…, each with its
 * thread. Private entries are seen by the owner and their one bidder; published ones by everyone
 * who may see the tender, never naming the bidder who asked.
 */
export function TenderClarificationLog({ tender, isOwner, open }: { tender: Tender; isOwner: boolean; open: boolean }) {
  const log = useTenderClarifications(tender.id);
  const live = tender.stage === 'active';
  return (
    <Card className="scroll-mt-24 p-6" id="clarification-log" aria-labelledby="clarification-log-title">
      <h2 id="clarification-log-title" className="mb-1 flex items-center gap-2 text-lg font-semibold">
        <MessageSquareText className="h-5 w-5 text-primary" aria-hidden />
        Clarification log
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Questions and clarifications, numbered and dated. Private entries are between the buyer and one bidder; published ones are read by everyone taking part, without naming who
        asked.
      </p>
      {log.isPending ? (
        <div role="status" aria-label="Loading the clarification log">
          <Skeleton className="h-20 w-full" />
        </div>
      ) : log.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          Failed to load the clarification log. {log.error.message}
          <Button size="sm" variant="secondary" onClick={() => void log.refetch()}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Retry
          </Button>
        </div>
      ) : log.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in the clarification log yet.</p>
      ) : (
        <ol className="space-y-4">
          {log.data.map((entry) => (
            <LogEntry key={entry.id} tenderId={tender.id} entry={entry} isOwner={isOwner} />
          ))}
        </ol>
      )}
      {isOwner && live && <PublishNotice tenderId={tender.id} />}
      {!isOwner && open && <AskQuestion tenderId={tender.id} />}
    </Card>
  );
}

function LogEntry({ tenderId, entry, isOwner }: { tenderId: string; entry: TenderLogEntry; isOwner: boolean }) {
  return (
    <li className="min-w-0 rounded-md border border-border p-3" aria-labelledby={`log-${entry.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`log-${entry.id}`} className="font-semibold text-slate-900">
          {entry.reference}
        </h3>
        <span className="text-sm text-slate-700">{KIND_LABELS[entry.kind]}</span>
        {entry.published ? (
          <Badge variant="success">
            <Globe2 className="h-3 w-3" aria-hidden />
            Published to all
          </Badge>
        ) : (
          <Badge variant="secondary">
            <Lock className="h-3 w-3" aria-hidden />
            {isOwner && entry.withProvider ? `Private: ${entry.withProvider}` : 'Private'}
          </Badge>
        )}
        {entry.mine && <Badge variant="outline">Yours</Badge>}
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {formatUkDateTime(entry.createdAt)}
        </time>
      </div>
      <ul className="mt-2 space-y-2">
        {entry.messages.map((m) => (
          <li key={m.id} className={`min-w-0 rounded-md px-3 py-2 ${m.fromOwner ? 'bg-primary/5' : 'bg-muted'}`}>
            <p className="text-xs text-slate-700">
              <span className="font-medium">{m.author}</span> · <time dateTime={m.createdAt}>{formatUkDateTime(m.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line break-words text-slate-900">{m.body}</p>
          </li>
        ))}
      </ul>
      {entry.canReply && <ReplyForm tenderId={tenderId} entry={entry} isOwner={isOwner} />}
    </li>
  );
}

function ReplyForm({ tenderId, entry, isOwner }: { tenderId: string; entry: TenderLogEntry; isOwner: boolean }) {
  const reply = useReplyClarification(tenderId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const checked = () => {
    if (text.trim().length < TENDER_LOG_MESSAGE_MIN) {
      setError(M.logMessageRequired);
      return false;
    }
    setError('');
    return true;
  };
  const send = (publish: boolean) => {
    if (!checked()) return;
    reply.mutate(
      // Publishing: the thread the owner was shown is what the server publishes, or it refuses (decision 0558).
      { entryId: entry.id, message: text, ...(publish && { publish: { confirmedMessages: entry.messages.length } }) },
      {
        onSuccess: (res) => {
          setText('');
          setConfirming(false);
          toast({ title: publish ? 'Published' : 'Reply sent', description: res.message, variant: 'success' });
        },
        onError: (err) => {
          setConfirming(false);
          setError(err.message);
        },
      },
    );
  };
  const id = `reply-${entry.id}`;
  return (
    <form
      noValidate
      className="mt-3 grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        send(false);
      }}
    >
      <Field id={id} label={`Reply to ${entry.reference}`} error={error}>
        {(control) => <Textarea {...control} rows={2} maxLength={TENDER_LOG_MESSAGE_MAX} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant={entry.canPublish ? 'secondary' : 'primary'} disabled={reply.isPending}>
          {entry.published ? 'Reply' : isOwner ? 'Reply to the bidder only' : 'Reply to the buyer'}
        </Button>
        {isOwner && entry.canPublish && (
          <Button type="button" size="sm" disabled={reply.isPending} onClick={() => checked() && setConfirming(true)}>
            Reply and publish to all
          </Button>
        )}
      </div>
      {isOwner && entry.canPublish && (
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Publish ${entry.reference} to everyone?`}
          description="Everyone taking part will read this whole thread, the earlier private messages included, not only your reply. The bidder is never named."
        >
          <PublishPreview entry={entry} reply={text} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={reply.isPending} onClick={() => send(true)}>
              Publish the thread
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Keep it private
            </Button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

/** Exactly what publishing makes visible to every bidder: each message as they will read it, then the reply. */
function PublishPreview({ entry, reply }: { entry: TenderLogEntry; reply: string }) {
  const earlier = entry.messages.length;
  return (
    <div className="mb-4 grid gap-2">
      <p className="text-sm text-slate-800">
        {earlier === 1 ? 'This message, now private, becomes visible to all' : `These ${earlier} messages, now private, become visible to all`}, then your reply:
      </p>
      <ol className="grid max-h-[45vh] gap-2 overflow-y-auto" aria-label="What becomes visible to everyone" tabIndex={0}>
        {entry.messages.map((m) => (
          <li key={m.id} className="min-w-0 rounded-md bg-muted px-3 py-2">
            <p className="text-xs text-slate-700">
              {m.fromOwner ? 'The buyer' : 'A bidder'} · <time dateTime={m.createdAt}>{formatUkDateTime(m.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line break-words text-slate-900">{m.body}</p>
          </li>
        ))}
        <li className="min-w-0 rounded-md bg-primary/5 px-3 py-2">
          <p className="text-xs text-slate-700">The buyer · your reply</p>
          <p className="whitespace-pre-line break-words text-slate-900">{reply}</p>
        </li>
      </ol>
    </div>
  );
}

function PublishNotice({ tenderId }: { tenderId: string }) {
  const publish = usePublishClarification(tenderId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      noValidate
      className="mt-4 grid gap-2 border-t border-border pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim().length < TENDER_LOG_MESSAGE_MIN) return setError(M.logMessageRequired);
        setError('');
        publish.mutate(text, {
          onSuccess: (res) => {
            setText('');
            toast({ title: 'Published', description: res.message, variant: 'success' });
          },
          onError: (err) => setError(err.message),
        });
      }}
    >
      <Field id="log-notice" label="Publish a clarification to everyone taking part" error={error}>
        {(control) => <Textarea {...control} rows={3} maxLength={TENDER_LOG_MESSAGE_MAX} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={publish.isPending}>
          Publish to all
        </Button>
      </div>
    </form>
  );
}

function AskQuestion({ tenderId }: { tenderId: string }) {
  const ask = useAskQuestion(tenderId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      noValidate
      className="mt-4 grid gap-2 border-t border-border pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim().length < TENDER_QUESTION_MIN) return setError(LM.questionTooShort);
        setError('');
        ask.mutate(text, {
          onSuccess: (res) => {
            setText('');
            toast({ title: 'Question sent', description: res.message, variant: 'success' });
          },
          onError: (err) => setError(err.message),
        });
      }}
    >
      <Field id="tender-question" label="Ask the buyer a question" hint="Only the buyer sees it until they publish it; you are never named to others." error={error}>
        {(control) => <Textarea {...control} rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={ask.isPending}>
          Ask question
        </Button>
      </div>
    </form>
  );
}
