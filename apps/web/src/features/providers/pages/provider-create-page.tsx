import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createProviderBody, type CreateProviderInput } from '@solar/shared/contracts/providers';
import { PLACE_SEARCH_TYPES } from '@solar/shared/constants/geo';
import { uploadProviderLogo } from '@solar/shared/contracts/routes';
import { safeRedirect } from '@solar/shared/domain/redirect';
import {
  LOGO_MAX_BYTES,
  PHASES,
  PROVIDER_CREATE_TYPES,
  PROVIDER_LIMITS,
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
import { api, ApiError } from '../../../lib/api-client';
import { RequireAuth } from '../../../components/require-auth';
import { LocationInput } from '../../../components/location-input';
import { useServices } from '../../../lib/geo/services';
import { checkProviderName, useCreateProvider, type CheckNameResult } from '../api/provider-mutations';
import { uploadWithProgress } from '../api/upload';
import { RemovableChips, ToggleChips } from '../components/toggle-chips';

type FormValues = CreateProviderInput;

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** /provider-create (docs/product/providers.md#create-provider). */
export function ProviderCreatePage() {
  const navigate = useNavigate();
  // Came from somewhere to finish (a tender's response form, issue 27 defect 10): go back there once created.
  const [params] = useSearchParams();
  const back = params.get('redirect') ? safeRedirect(params.get('redirect')) : null;
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
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);

  // The logo follows the logo upload's rules (docs/product/providers.md#validation): checked here when chosen, sent
  // to the same upload call once the profile exists, so the server applies them too.
  const chooseLogo = (input: HTMLInputElement) => {
    const file = input.files?.[0] ?? null;
    const problem = !file
      ? null
      : !LOGO_TYPES.includes(file.type)
        ? M.logoType
        : file.size > LOGO_MAX_BYTES
          ? M.logoSize
          : null;
    setLogoError(problem);
    setLogo(problem ? null : file);
    // Choosing the same file again after a refusal must be seen as a choice.
    if (problem) input.value = '';
  };

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
      if (logo) {
        const form = new FormData();
        form.append('logo', logo);
        await uploadWithProgress(api.url(uploadProviderLogo, { params: { id: body.data.id } }), form).catch(
          (error: unknown) =>
            toast({
              title: 'Error',
              description: M.logoAfterCreateFailed(
                error instanceof Error && error.message ? error.message : M.logoFailed,
              ),
              variant: 'destructive',
            }),
        );
      }
      void navigate(back ?? `/providers/${body.data.id}`);
    } catch (error) {
      // The server's message (or the request helper's); a request that got no answer gets the default (docs/product/providers.md#create-provider).
      // A taken name is the create call's only 409 (its contract row), matched by that code, not by the message's words.
      const message = error instanceof ApiError ? error.message : '';
      if (error instanceof ApiError && error.status === 409) {
        setError('businessName', { message: M.nameExistsField });
        toast({ title: 'Error', description: M.nameExistsToast, variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: message || M.createFailed, variant: 'destructive' });
      }
    }
  });

  const err = (key: keyof FormValues): string | undefined => {
    const error = errors[key] as { message?: string } | Array<{ message?: string } | undefined> | undefined;
    // A list's refusal may sit on one item ('Each certification can be at most 200 characters').
    return Array.isArray(error) ? error.find((e) => e?.message)?.message : error?.message;
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Create New Provider Profile</h1>
      <Card className="mt-6 p-4 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-5">
          <Field id="businessName" label="Business name" error={err('businessName')}>
            {(control) => <Input {...control} {...register('businessName')} />}
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
            {(control) => (
              <Select {...control} {...register('type')}>
                <option value="">Select a type</option>
                {PROVIDER_CREATE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id="description"
            label="Description"
            error={err('description')}
            count={{ length: values.description?.length ?? 0, max: PROVIDER_LIMITS.description }}
          >
            {(control) => <Textarea {...control} {...register('description')} />}
          </Field>
          <Field id="logo" label="Logo (optional)" error={logoError ?? undefined} hint={M.logoHint}>
            {(control) => (
              <input
                {...control}
                type="file"
                accept="image/png,image/jpeg"
                onChange={(e) => chooseLogo(e.currentTarget)}
                className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            )}
          </Field>
          {/* The combobox shows its own label, tied to its input (issue 28, item 9; decision 0505). */}
          <Field id="services" error={err('services')}>
            {(control) => (
              <>
                <Combobox
                  label="Services"
                  control={control}
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
              </>
            )}
          </Field>
          <Field id="location" label="Location" error={err('location')}>
            {(control) => (
              <LocationInput
                {...control}
                value={values.location ?? ''}
                types={PLACE_SEARCH_TYPES}
                onSelect={(s) => {
                  setValue('location', s.place_name, { shouldValidate: true });
                  setValue('locationCenter', s.center);
                }}
                onClear={() => {
                  setValue('location', '');
                  setValue('locationCenter', undefined);
                }}
              />
            )}
          </Field>
          <Field id="serviceRadius" label="Service radius (km)" error={err('serviceRadius')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                {...register('serviceRadius', {
                  setValueAs: (v: string) => (v === '' || v == null ? null : Number(v)),
                })}
              />
            )}
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
            <Field key={key} id={`${key}-input`} label={label} error={err(key)}>
              {(control) => (
                <>
                  <div className="flex gap-2">
                    <Input
                      {...control}
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
                </>
              )}
            </Field>
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
                {(control) => (
                  <Input
                    {...control}
                    type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
                    {...register(key)}
                  />
                )}
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
