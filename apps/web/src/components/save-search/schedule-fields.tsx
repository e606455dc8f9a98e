import { useId } from 'react';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, ALERT_MESSAGES as M, WEEKDAY_LABELS, type AlertFrequency } from '@solar/shared/constants/alerts';
import { Field } from '../ui/field';
import { Select } from '../ui/select';

export interface Schedule {
  frequency: AlertFrequency;
  hour: number;
  weekday: number;
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** How often a saved search emails, and when (UK time): shared by saving and editing a search. */
export function ScheduleFields({ value, onChange }: { value: Schedule; onChange(next: Schedule): void }) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field id={`${id}-frequency`} label={M.frequencyLabel} className="sm:col-span-3">
        {(control) => (
          <Select {...control} value={value.frequency} onChange={(e) => onChange({ ...value, frequency: e.target.value as AlertFrequency })}>
            {ALERT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {ALERT_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {value.frequency === 'weekly' && (
        <Field id={`${id}-weekday`} label={M.weekdayLabel} className="sm:col-span-2">
          {(control) => (
            <Select {...control} value={value.weekday} onChange={(e) => onChange({ ...value, weekday: Number(e.target.value) })}>
              {WEEKDAY_LABELS.map((day, i) => (
                <option key={day} value={i + 1}>
                  {day}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {(value.frequency === 'daily' || value.frequency === 'weekly') && (
        <Field id={`${id}-hour`} label={M.hourLabel}>
          {(control) => (
            <Select {...control} value={value.hour} onChange={(e) => onChange({ ...value, hour: Number(e.target.value) })}>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
    </div>
  );
}

/** 'Daily at 08:00', 'Weekly on Monday at 08:00', … (UK time). */
export function describeSchedule(s: Schedule): string {
  if (s.frequency === 'daily') return `Daily at ${hourLabel(s.hour)}`;
  if (s.frequency === 'weekly') return `Weekly on ${WEEKDAY_LABELS[s.weekday - 1]} at ${hourLabel(s.hour)}`;
  return ALERT_FREQUENCY_LABELS[s.frequency];
}
