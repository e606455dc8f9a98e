import { useEffect, useRef, useState } from 'react';
import { Clock } from '../../../components/ui/icons';
import { closesIn, countdownTick } from '@solar/shared/domain/tender-deadline';
import { formatUkDateTime } from '@solar/shared/domain/format';

/**
 * A deadline in UK time with a live countdown (issue 27 part A, decisions 0444, 0514): '24/12/2026
 * 17:00 UK time · Closes in 2 days 4 hours'. The countdown is elapsed time, so it is right in any
 * browser time zone; it redraws every 30 seconds (every second in the last minute) and tells
 * `onClosed` once the deadline passes. Rendered on the server too: the countdown is the browser's.
 */
export function DeadlineCountdown({
  closesAt,
  label = 'Closes',
  closedLabel = 'Closed',
  verb = 'Closes',
  onClosed,
  className = '',
}: {
  closesAt: string;
  /** The word before the UK time ('Closes', 'Opens'); `closedLabel` once it has passed. */
  label?: string;
  closedLabel?: string;
  /** The countdown's verb: 'Closes in 2 days', 'Opens in 2 days'. */
  verb?: string;
  onClosed?: () => void;
  className?: string;
}) {
  const [now, setNow] = useState(() => new Date());
  const told = useRef(false);
  const closed = new Date(closesAt).getTime() <= now.getTime();
  useEffect(() => {
    if (closed) return;
    const timer = setTimeout(() => setNow(new Date()), countdownTick(closesAt, now));
    return () => clearTimeout(timer);
  }, [closesAt, now, closed]);
  useEffect(() => {
    if (closed && !told.current) {
      told.current = true;
      onClosed?.();
    }
  }, [closed, onClosed]);
  const left = closesIn(closesAt, now, verb);
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-1 ${className}`}>
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        {(closed ? closedLabel : label) && `${closed ? closedLabel : label} `}
        <time dateTime={closesAt}>{formatUkDateTime(closesAt)}</time>
      </span>
      {left && !closed && (
        <span suppressHydrationWarning className="font-medium">
          · {left}
        </span>
      )}
    </span>
  );
}
