import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ALERT_MESSAGES as M,
  ASSET_ALERT_CHANGE_LABELS,
  ASSET_ALERT_CHANGES,
  SAVED_SEARCH_LIMITS,
  TENDER_ALERT_SOURCE_LABELS,
  TENDER_ALERT_SOURCES,
  TENDER_ALERT_STAGE_LABELS,
  TENDER_ALERT_STAGES,
  TENDER_REGIONS,
} from '@solar/shared/constants/alerts';
import type { SavedSearch, TenderSearchCriteria, UpdateSavedSearchInput } from '@solar/shared/contracts/alerts';
import { ScheduleFields, type Schedule } from '../../../components/save-search/schedule-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FieldGroup } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useUpdateSavedSearch } from '../api/list-saved-searches';

/** Toggles a value in a list. */
const toggled = <T,>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

function Checks<T extends string>({ legend, options, labels, value, onChange }: { legend: string; options: readonly T[]; labels: Record<T, string> | ((v: T) => string); value: readonly T[]; onChange(next: T[]): void }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" checked={value.includes(o)} onChange={() => onChange(toggled(value, o))} />
            {typeof labels === 'function' ? labels(o) : labels[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const amount = (text: string): number | undefined | null => {
  const t = text.trim().replace(/[£,\s]/g, '');
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * Edit a saved search (decision 0471): its name and schedule; a tender search's terms (keywords with
 * phrases and exclusions, CPV codes, regions, value, stage, source); which REPD changes an asset
 * search mails. Its place and the page filters it came with stay; saving a new search changes those.
 */
export function EditSavedSearchDialog({ search, open, onOpenChange }: { search: SavedSearch; open: boolean; onOpenChange(open: boolean): void }) {
  const id = useId();
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(search.name);
  const [schedule, setSchedule] = useState<Schedule>({ frequency: search.frequency, hour: search.hour, weekday: search.weekday });
  const tender = search.kind === 'tenders' ? (search.criteria as TenderSearchCriteria) : null;
  const [keywords, setKeywords] = useState(tender?.keywords ?? '');
  const [cpv, setCpv] = useState((tender?.cpv ?? []).join(', '));
  const [regions, setRegions] = useState<string[]>(tender?.regions ?? []);
  const [stages, setStages] = useState<string[]>(tender?.stages ?? []);
  const [sources, setSources] = useState<string[]>(tender?.sources ?? []);
  const [minValue, setMinValue] = useState(tender?.minValue?.toString() ?? '');
  const [maxValue, setMaxValue] = useState(tender?.maxValue?.toString() ?? '');
  const [myProfiles, setMyProfiles] = useState(tender?.myProfiles ?? false);
  const assetChanges = search.kind === 'assets' || search.kind === 'projects' ? ((search.criteria as { changes?: string[] }).changes ?? [...ASSET_ALERT_CHANGES]) : [];
  const [changes, setChanges] = useState<string[]>(assetChanges);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = M.nameRequired;
    const codes = cpv.split(/[,\s]+/).filter(Boolean);
    if (codes.some((c) => !/^\d{8}$/.test(c))) found.cpv = M.cpvInvalid;
    const min = amount(minValue);
    const max = amount(maxValue);
    if (min === null || max === null) found.value = 'Enter an amount in pounds, such as 250000';
    else if (min !== undefined && max !== undefined && min > max) found.value = 'The minimum value must not be above the maximum';
    if ((search.kind === 'assets' || search.kind === 'projects') && changes.length === 0) found.changes = 'Choose at least one kind of change';
    setErrors(found);
    if (Object.keys(found).length) return;
    let criteria: UpdateSavedSearchInput['criteria'];
    if (tender) {
      criteria = {
        ...tender,
        keywords: keywords.trim() || undefined,
        cpv: codes,
        regions: regions as TenderSearchCriteria['regions'],
        stages: stages as TenderSearchCriteria['stages'],
        sources: sources as TenderSearchCriteria['sources'],
        minValue: min ?? undefined,
        maxValue: max ?? undefined,
        myProfiles,
      };
    } else if (search.kind === 'assets' || search.kind === 'projects') {
      criteria = { ...(search.criteria as object), changes } as UpdateSavedSearchInput['criteria'];
    }
    update.mutate(
      { id: search.id, body: { kind: search.kind, name: name.trim(), ...schedule, ...(criteria && { criteria }) } as UpdateSavedSearchInput },
      {
        onSuccess: () => {
          toast({ title: M.updated, description: name.trim(), variant: 'success' });
          onOpenChange(false);
        },
        onError: (e) => setErrors({ form: e.message || M.updateFailed }),
      },
    );
  };

  const row = (children: ReactNode) => <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`${M.edit}: ${search.name}`}>
      <form className="grid max-h-[70vh] gap-4 overflow-y-auto pr-1" onSubmit={submit} noValidate>
        <Field id={`${id}-name`} label={M.nameLabel} error={errors.name}>
          {(control) => <Input {...control} value={name} maxLength={SAVED_SEARCH_LIMITS.nameMax} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <ScheduleFields value={schedule} onChange={setSchedule} />
        {tender && (
          <>
            <Field id={`${id}-keywords`} label={M.keywordsLabel} hint={M.keywordsHint}>
              {(control) => <Input {...control} value={keywords} maxLength={SAVED_SEARCH_LIMITS.keywordsMax} onChange={(e) => setKeywords(e.target.value)} placeholder={'solar "battery storage" -domestic'} />}
            </Field>
            <Field id={`${id}-cpv`} label={M.cpvLabel} hint={M.cpvHint} error={errors.cpv}>
              {(control) => <Input {...control} value={cpv} onChange={(e) => setCpv(e.target.value)} inputMode="numeric" placeholder="09331200, 45261215" />}
            </Field>
            <FieldGroup id={`${id}-value`} legend={M.valueLabel} error={errors.value}>
              {row(
                <>
                  <Field id={`${id}-min`}>{(control) => <Input {...control} aria-label="Minimum value (£)" value={minValue} onChange={(e) => setMinValue(e.target.value)} inputMode="numeric" placeholder="Minimum" />}</Field>
                  <Field id={`${id}-max`}>{(control) => <Input {...control} aria-label="Maximum value (£)" value={maxValue} onChange={(e) => setMaxValue(e.target.value)} inputMode="numeric" placeholder="Maximum" />}</Field>
                </>,
              )}
            </FieldGroup>
            <Checks legend={M.stagesLabel} options={TENDER_ALERT_STAGES} labels={TENDER_ALERT_STAGE_LABELS} value={stages as never[]} onChange={setStages} />
            <Checks legend={M.sourcesLabel} options={TENDER_ALERT_SOURCES} labels={TENDER_ALERT_SOURCE_LABELS} value={sources as never[]} onChange={setSources} />
            <Checks legend={M.regionsLabel} options={TENDER_REGIONS} labels={(r) => r} value={regions as never[]} onChange={setRegions} />
            {tender.lat !== undefined && <p className="text-sm text-slate-700">Within {tender.radiusKm ?? 50} km of {tender.location ?? 'the chosen place'} (save the search again from the tender board to change the place).</p>}
            <label className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="h-4 w-4" checked={myProfiles} onChange={(e) => setMyProfiles(e.target.checked)} />
              {M.myProfilesLabel}
            </label>
          </>
        )}
        {(search.kind === 'assets' || search.kind === 'projects') && (
          <div>
            <Checks legend="Email me about" options={ASSET_ALERT_CHANGES} labels={ASSET_ALERT_CHANGE_LABELS} value={changes as never[]} onChange={setChanges} />
            {errors.changes && (
              <p role="alert" className="mt-1 text-sm text-destructive">
                {errors.changes}
              </p>
            )}
          </div>
        )}
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
