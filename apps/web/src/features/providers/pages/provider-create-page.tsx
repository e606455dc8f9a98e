import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createProviderBody, type CreateProviderInput } from '@solar/shared/contracts/providers';
import {
  PHASES,
  PROVIDER_CREATE_TYPES,
  PROVIDER_MESSAGES as M,
  SCALES,
  TECHNOLOGIES,
  cleanList,
} from '@solar/shared/constants/providers';
import { UI } from '@solar/shared/constants/ui';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { RequireAuth } from '../../../components/require-auth';
import { LocationInput } from '../../../components/location-input';
import { useServices } from '../../../lib/geo/services';
import { checkProviderName, useCreateProvider, type CheckNameResult } from '../api/provider-mutations';
import { RemovableChips, ToggleChips } from '../components/toggle-chips';

type FormValues = CreateProviderInput;

/** /provider-create (docs/product/providers.md#create-provider). */
export function ProviderCreatePage() {
  const navigate = useNavigate();
  const create = useCreateProvider();
  const { data: services = [] } = useServices();
  const form = useForm<FormValues>({
    resolver: zodResolver(createProviderBody) as never,
    defaultValues: {
      businessName: '',
      description: '',
      services: [],
      location: '',
      type: '',
      website: '',
      email: '',
      phone: '',
      linkedin: '',
      twitter: '',
      facebook: '',
      serviceRadius: null,
      technologies: [],
      phase: [],
      scale: [],
      certifications: [],
      industryAssociations: [],
    },
  });
  const { register, handleSubmit, setValue, watch, formState, setError } = form;
  const errors = formState.errors;
  const values = watch();
  const [existing, setExisting] = useState<CheckNameResult['provider']>(null);
  const [certDraft, setCertDraft] = useState('');
  const [assocDraft, setAssocDraft] = useState('');

  // The business name is checked 500 ms after typing stops (docs/product/providers.md#create-provider).
  const name = values.businessName ?? '';
  useEffect(() => {
    if (!name.trim()) return setExisting(null);
    const timer = window.setTimeout(() => {
      checkProviderName(name.trim())
        .then((r) => setExisting(r.exists ? r.provider : null))
        .catch(() => setExisting(null));
    }, UI.businessNameCheckDebounceMs);
    return () => window.clearTimeout(timer);
  }, [name]);

  const setList = (
    key: 'services' | 'technologies' | 'phase' | 'scale' | 'certifications' | 'industryAssociations',
    next: string[],
  ) => setValue(key, cleanList(next), { shouldValidate: formState.isSubmitted });
  const toggle = (key: 'technologies' | 'phase' | 'scale', o: string) => {
    const list = values[key] ?? [];
    setList(key, list.includes(o) ? list.filter((x) => x !== o) : [...list, o]);
  };

  const submit = handleSubmit(async (input) => {
    try {
      const body = await create.mutateAsync(input);
      toast({ title: 'Success', description: M.created, variant: 'success' });
      void navigate(`/providers/${body.data.id}`);
    } catch (error) {
      // The server's message (or the request helper's); a request that got no answer gets the default (docs/product/providers.md#create-provider).
      const message = error instanceof ApiError ? error.message : '';
      if (message.includes('already exists')) {
        setError('businessName', { message: M.nameExistsField });
        toast({ title: 'Error', description: M.nameExistsToast, variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: message || M.createFailed, variant: 'destructive' });
      }
    }
  });

  const err = (key: keyof FormValues) => errors[key]?.message as string | undefined;
  const aria = (key: keyof FormValues, id: string) => ({
    'aria-invalid': Boolean(err(key)),
    'aria-describedby': err(key) ? `${id}-error` : undefined,
  });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Create New Provider Profile</h1>
      <Card className="mt-6 p-4 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-5">
          <Field id="businessName" label="Business name" error={err('businessName')}>
            <Input id="businessName" {...register('businessName')} {...aria('businessName', 'businessName')} />
          </Field>
          {existing && (
            <p role="status" className="-mt-3 text-sm text-amber-800">
              {M.nameExists}{' '}
              <Link to={`/providers/${existing.slug || existing.id}`} className="font-medium text-primary underline">
                Claim it
              </Link>
            </p>
          )}
          <Field id="type" label="Provider type" error={err('type')}>
            <Select id="type" {...register('type')} {...aria('type', 'type')}>
              <option value="">Select a type</option>
              {PROVIDER_CREATE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="description" label="Description" error={err('description')}>
            <Textarea id="description" {...register('description')} {...aria('description', 'description')} />
          </Field>
          <div className="grid gap-1.5">
            <label htmlFor="services-input" className="text-sm font-medium text-slate-800">
              Services
            </label>
            <Combobox
              id="services-input"
              label="Add a service"
              options={services}
              allowFreeText
              onSelect={(v) => setList('services', [...(values.services ?? []), v])}
              placeholder="Search services"
            />
            <RemovableChips
              label="Chosen services"
              values={values.services ?? []}
              onRemove={(v) =>
                setList(
                  'services',
                  (values.services ?? []).filter((x) => x !== v),
                )
              }
            />
            {err('services') && (
              <p role="alert" className="text-sm text-destructive">
                {err('services')}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="location" className="text-sm font-medium text-slate-800">
              Location
            </label>
            <LocationInput
              id="location"
              value={values.location ?? ''}
              invalid={Boolean(err('location'))}
              describedBy={err('location') ? 'location-error' : undefined}
              onSelect={(s) => setValue('location', s.place_name, { shouldValidate: true })}
              onClear={() => setValue('location', '')}
            />
            {err('location') && (
              <p id="location-error" role="alert" className="text-sm text-destructive">
                {err('location')}
              </p>
            )}
          </div>
          <Field id="serviceRadius" label="Service radius (km)" error={err('serviceRadius')}>
            <Input
              id="serviceRadius"
              type="number"
              min={0}
              {...register('serviceRadius', { setValueAs: (v: string) => (v === '' || v == null ? null : Number(v)) })}
              {...aria('serviceRadius', 'serviceRadius')}
            />
          </Field>
          <ToggleChips
            label="Technologies"
            options={TECHNOLOGIES}
            selected={values.technologies ?? []}
            onToggle={(o) => toggle('technologies', o)}
          />
          <ToggleChips
            label="Scale"
            options={SCALES}
            selected={values.scale ?? []}
            onToggle={(o) => toggle('scale', o)}
          />
          <ToggleChips
            label="Phase"
            options={PHASES}
            selected={values.phase ?? []}
            onToggle={(o) => toggle('phase', o)}
          />
          {(
            [
              ['certifications', 'Certifications', certDraft, setCertDraft],
              ['industryAssociations', 'Industry associations', assocDraft, setAssocDraft],
            ] as const
          ).map(([key, label, draft, setDraft]) => (
            <div key={key} className="grid gap-1.5">
              <label htmlFor={`${key}-input`} className="text-sm font-medium text-slate-800">
                {label}
              </label>
              <div className="flex gap-2">
                <Input
                  id={`${key}-input`}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      setList(key, [...(values[key] ?? []), draft]);
                      setDraft('');
                    }
                  }}
                />
                <Button
                  variant="secondary"
                  onClick={() => {
                    setList(key, [...(values[key] ?? []), draft]);
                    setDraft('');
                  }}
                >
                  Add
                </Button>
              </div>
              <RemovableChips
                label={label}
                values={values[key] ?? []}
                onRemove={(v) =>
                  setList(
                    key,
                    (values[key] ?? []).filter((x) => x !== v),
                  )
                }
              />
            </div>
          ))}
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                ['website', 'Website'],
                ['email', 'Email'],
                ['phone', 'Phone'],
                ['linkedin', 'LinkedIn'],
                ['twitter', 'Twitter'],
                ['facebook', 'Facebook'],
              ] as const
            ).map(([key, label]) => (
              <Field key={key} id={key} label={label} error={err(key)}>
                <Input
                  id={key}
                  type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                  {...register(key)}
                  {...aria(key, key)}
                />
              </Field>
            ))}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => navigate('/dashboard')}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Profile'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** Login required (docs/product/accounts.md#route-guard): signed-out visitors go to /login?redirect=… (ruling). */
export function GuardedProviderCreatePage() {
  return (
    <RequireAuth redirectTo="/login">
      <ProviderCreatePage />
    </RequireAuth>
  );
}
