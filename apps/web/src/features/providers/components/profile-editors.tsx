import { useEffect, useRef, useState } from 'react';
import { businessNameField, type Provider, type UpdateProviderInput } from '@solar/shared/contracts/providers';
import { PLACE_SEARCH_TYPES } from '@solar/shared/constants/geo';
import {
  COUNTRYWIDE_RADIUS,
  PROVIDER_CREATE_TYPES,
  PROVIDER_FILTER_TYPES,
  PROVIDER_LIMITS,
  PROVIDER_MESSAGES as M,
  SERVICE_RADIUS_SAVE_DEBOUNCE_MS,
  hasKnownLocation,
} from '@solar/shared/constants/providers';
import { formatNumber } from '@solar/shared/domain/count';
import { LocationInput, type LocationSelection } from '../../../components/location-input';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';

/** The profile's editors that are not a list or a text: name and type, location, service radius. */

export function HeaderEditor({
  provider,
  saving,
  onSave,
  onCancel,
}: {
  provider: Provider;
  saving: boolean;
  onSave(c: UpdateProviderInput): void;
  onCancel(): void;
}) {
  const [businessName, setName] = useState(provider.businessName);
  const [type, setType] = useState(provider.type);
  const [error, setError] = useState<string | null>(null);
  const types = [
    ...new Set([...PROVIDER_FILTER_TYPES, ...PROVIDER_CREATE_TYPES, ...(provider.type ? [provider.type] : [])]),
  ].sort();
  return (
    <div className="space-y-2 rounded-lg bg-white p-3 shadow-sm">
      <Field id="edit-business-name" label="Business name" error={error}>
        {(control) => <Input {...control} value={businessName} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <label htmlFor="edit-type" className="text-sm font-medium">
        Provider type
      </label>
      <Select id="edit-type" value={type} onChange={(e) => setType(e.target.value)}>
        <option value="">Unknown Type</option>
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Select>
      <div className="flex gap-2">
        <Button
          disabled={saving}
          onClick={() => {
            // The server's rule (required, no invisible characters), so the message shows here first.
            const parsed = businessNameField.safeParse(businessName);
            if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.businessNameRequired);
            onSave({ businessName: parsed.data, type });
          }}
        >
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * The profile address: a place chosen from the suggestions, saved with its point (decision 0367).
 * Text typed without choosing is not saved silently as the old location: Save says why.
 */
export function LocationEditor({
  initial,
  saving,
  onSave,
}: {
  initial: string;
  saving: boolean;
  onSave(location: LocationSelection): void;
}) {
  const [text, setText] = useState(hasKnownLocation(initial) ? initial : '');
  const [chosen, setChosen] = useState<LocationSelection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!chosen || chosen.place_name !== text) return setError(M.chooseLocation);
    onSave(chosen);
  };
  return (
    <div className="space-y-2">
      <Field id="edit-location" label="Location" error={error}>
        {(control) => (
      <LocationInput
        {...control}
        value={chosen?.place_name ?? (hasKnownLocation(initial) ? initial : '')}
        types={PLACE_SEARCH_TYPES}
        onSelect={(s) => {
          setChosen(s);
          setText(s.place_name);
          setError(null);
        }}
        onInput={(typed) => {
          setText(typed);
          setError(null);
        }}
        onClear={() => {
          setChosen(null);
          setText('');
        }}
      />
        )}
      </Field>
      <Button disabled={saving} onClick={save}>
        Save
      </Button>
    </div>
  );
}

/** A typed radius: whole or decimal km, 0 to the limit; '-5' and '1e3' are refused with the spec's message. */
export function parseRadius(typed: string): { km: number } | { error: string } {
  const text = typed.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: M.radiusPositive };
  const km = Number(text);
  if (km > PROVIDER_LIMITS.serviceRadiusKm) return { error: M.radiusTooLarge };
  return { km };
}

function flushPending(pending: { current: { timer: number; km: number } | null }, save: (km: number) => void) {
  if (!pending.current) return;
  window.clearTimeout(pending.current.timer);
  const { km } = pending.current;
  pending.current = null;
  save(km);
}

/**
 * Countrywide switch on → -1, off → 0; a typed radius is saved once typing pauses
 * (`SERVICE_RADIUS_SAVE_DEBOUNCE_MS`, decision 0366), or at once when the editor closes.
 */
export function RadiusEditor({ value, onSave }: { value: number | null; onSave(radius: number): void }) {
  const countrywide = value === -1;
  const [typed, setTyped] = useState(value && value > 0 ? String(value) : '');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<{ timer: number; km: number } | null>(null);
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  });
  const flush = () => flushPending(pending, save.current);
  // Closing the editor before the pause still saves what was typed.
  useEffect(() => () => flushPending(pending, save.current), []);
  const [waiting, setWaiting] = useState(false);
  const onType = (text: string) => {
    setTyped(text);
    if (pending.current) window.clearTimeout(pending.current.timer);
    pending.current = null;
    setWaiting(false);
    if (text.trim() === '') return setError(null);
    const parsed = parseRadius(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    if (parsed.km === value) return;
    setWaiting(true);
    pending.current = {
      km: parsed.km,
      timer: window.setTimeout(() => {
        setWaiting(false);
        flush();
      }, SERVICE_RADIUS_SAVE_DEBOUNCE_MS),
    };
  };
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <Switch id="countrywide" checked={countrywide} onCheckedChange={(on) => onSave(on ? COUNTRYWIDE_RADIUS : 0)} />
        <label htmlFor="countrywide" className="text-sm">
          Countrywide coverage
        </label>
      </div>
      {!countrywide && (
        <Field
          id="radius-km"
          label="Service radius (km)"
          error={error}
          hint={waiting ? M.radiusWaiting : `0 to ${formatNumber(PROVIDER_LIMITS.serviceRadiusKm)} km`}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" value={typed} onChange={(e) => onType(e.target.value)} onBlur={flush} />
          )}
        </Field>
      )}
    </div>
  );
}
