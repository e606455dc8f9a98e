import { useState } from 'react';
import { businessNameField, type Provider, type UpdateProviderInput } from '@solar/shared/contracts/providers';
import { PROVIDER_CREATE_TYPES, PROVIDER_FILTER_TYPES, PROVIDER_MESSAGES as M, hasKnownLocation } from '@solar/shared/constants/providers';
import { LocationInput } from '../../../components/location-input';
import { Button } from '../../../components/ui/button';
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
      <label htmlFor="edit-business-name" className="text-sm font-medium">
        Business name
      </label>
      <Input
        id="edit-business-name"
        value={businessName}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={Boolean(error)}
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
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

export function LocationEditor({
  initial,
  saving,
  onSave,
}: {
  initial: string;
  saving: boolean;
  onSave(location: string): void;
}) {
  const [value, setValue] = useState(hasKnownLocation(initial) ? initial : '');
  return (
    <div className="space-y-2">
      <LocationInput
        id="edit-location"
        label="Location"
        value={value}
        limit={1}
        onSelect={(s) => setValue(s.place_name)}
        onClear={() => setValue('')}
      />
      <Button disabled={saving || !value.trim()} onClick={() => onSave(value.trim())}>
        Save
      </Button>
    </div>
  );
}

/** Countrywide switch on → -1, off → 0; a typed number is saved at once (docs/product/providers.md#profile-editing). */
export function RadiusEditor({ value, onSave }: { value: number | null; onSave(radius: number): void }) {
  const countrywide = value === -1;
  const [typed, setTyped] = useState(value && value > 0 ? String(value) : '');
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <Switch id="countrywide" checked={countrywide} onCheckedChange={(on) => onSave(on ? -1 : 0)} />
        <label htmlFor="countrywide" className="text-sm">
          Countrywide coverage
        </label>
      </div>
      {!countrywide && (
        <div>
          <label htmlFor="radius-km" className="text-sm font-medium">
            Service radius (km)
          </label>
          <Input
            id="radius-km"
            type="number"
            min={0}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              const n = Number(e.target.value);
              if (e.target.value !== '' && Number.isFinite(n) && n >= 0) onSave(n);
            }}
          />
        </div>
      )}
    </div>
  );
}
