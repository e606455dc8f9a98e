import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Search, X } from '../../../components/ui/icons';
import {
  partsSearchBody,
  type PartsAnswer,
  type PartsSearchInput,
  type PartsSearchRequest,
} from '@solar/shared/contracts/parts';
import { BRANDS, PARTS_LIMITS, PARTS_MESSAGES, PRODUCT_NAMES } from '@solar/shared/constants/parts';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { LocationInput } from '../../../components/location-input';
import { useSearchParts } from '../api/search-parts';
import { BrandsSelect } from '../components/brands-select';
import { PartsAnswerView } from '../components/parts-answer';

/** Server rendering and the document head (decision 0370). */
export { handle } from './search-parts-page.handle';

/** The last search and its answer, kept for this tab so Back from a cited page shows the answer again. */
const LAST_SEARCH_KEY = 'parts-search:last';
type LastSearch = { request: PartsSearchRequest; answer: PartsAnswer };

function readLastSearch(): LastSearch | null {
  try {
    const raw = window.sessionStorage.getItem(LAST_SEARCH_KEY);
    const parsed = raw ? (JSON.parse(raw) as LastSearch) : null;
    const request = partsSearchBody.safeParse(parsed?.request);
    if (!request.success || typeof parsed?.answer?.content !== 'string' || !Array.isArray(parsed.answer.citations))
      return null;
    return {
      request: request.data,
      answer: {
        content: parsed.answer.content,
        citations: parsed.answer.citations.filter((c) => typeof c === 'string'),
      },
    };
  } catch {
    return null;
  }
}

/** Parts search (docs/product/parts.md#parts-search): a cited answer from the catalogue and the directory. */
export function SearchPartsPage() {
  const search = useSearchParts();
  const resultRef = useRef<HTMLDivElement>(null);
  const [restored, setRestored] = useState<LastSearch | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<PartsSearchInput, unknown, PartsSearchRequest>({
    resolver: zodResolver(partsSearchBody),
    defaultValues: { product: '', providers: [], quantity: undefined, location: '', additionalSpecs: '' },
  });
  // Read after the first render: the server renders the empty form, and hydration must see the same.
  useEffect(() => {
    const last = readLastSearch();
    if (!last) return;
    setRestored(last);
    reset(last.request);
  }, [reset]);
  const product = watch('product');
  const answer = search.data ?? (search.isIdle ? restored?.answer : undefined);
  const location = watch('location');

  useEffect(() => {
    if (search.isSuccess) resultRef.current?.focus();
  }, [search.isSuccess, search.data]);

  const onSubmit = handleSubmit((values) => {
    search.mutate(values, {
      onSuccess: (answer) => {
        try {
          window.sessionStorage.setItem(LAST_SEARCH_KEY, JSON.stringify({ request: values, answer }));
        } catch {
          // Storage full or disabled: the answer still shows, it just is not kept.
        }
      },
      // The server's message when it sent one (docs/product/parts.md#parts-search), else 'Failed to search for parts'.
      onError: (error) =>
        toast({
          title: PARTS_MESSAGES.searchErrorTitle,
          description: (error instanceof ApiError && error.message) || PARTS_MESSAGES.searchFailed,
          variant: 'destructive',
        }),
    });
  });

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Search Parts</h1>
        <p className="mt-2 text-slate-700">
          Compare PV modules, inverters and battery systems from the catalogue, with totals for your quantity and
          suppliers near you. Every fact links to its source.
        </p>
      </header>

      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-8 grid gap-5 rounded-xl border border-border bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6"
      >
        <Field id="parts-product" error={errors.product?.message} className="sm:col-span-2">
          {(productControl) => (
            <>
              <Combobox
                label="Product"
                control={productControl}
                options={PRODUCT_NAMES}
                allowFreeText
                placeholder={product || 'Select a product: type to filter'}
                onSelect={(value) => setValue('product', value, { shouldValidate: true })}
              />
              {product && (
                <p className="flex items-center gap-2 text-sm text-slate-700">
                  Selected:{' '}
                  <span className="font-semibold text-slate-900" data-testid="selected-product">
                    {product}
                  </span>
                  <button
                    type="button"
                    className="rounded-full p-0.5 text-slate-500 hover:bg-muted hover:text-slate-900"
                    aria-label={`Clear product ${product}`}
                    onClick={() => setValue('product', '', { shouldValidate: false })}
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                  </button>
                </p>
              )}
            </>
          )}
        </Field>

        <Controller
          control={control}
          name="providers"
          render={({ field }) => (
            <BrandsSelect
              label="Brands (optional)"
              className="sm:col-span-2"
              options={BRANDS}
              value={field.value ?? []}
              onChange={field.onChange}
              max={PARTS_LIMITS.brandsMax}
            />
          )}
        />

        <Field id="parts-quantity" label="Quantity (optional)" error={errors.quantity?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="e.g. 20"
              {...register('quantity', { valueAsNumber: true })}
            />
          )}
        </Field>

        <LocationInput
          id="parts-location"
          label="Location (optional)"
          value={location ?? ''}
          placeholder="Town, city or postcode"
          onSelect={(selection) => setValue('location', selection.place_name)}
          onClear={() => setValue('location', '')}
        />

        <Field
          id="parts-specs"
          label="Additional specifications (optional)"
          error={errors.additionalSpecs?.message}
          className="sm:col-span-2"
          hint="For example: at least 400 W, monocrystalline, bifacial, hybrid, at least 10 kWh"
        >
          {(control) => (
            <Textarea
              {...control}
              maxLength={PARTS_LIMITS.additionalSpecsMax}
              placeholder="at least 400 W, monocrystalline"
              {...register('additionalSpecs')}
            />
          )}
        </Field>

        <div className="sm:col-span-2">
          <Button type="submit" disabled={search.isPending} className="w-full sm:w-auto">
            {search.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Search className="h-4 w-4" aria-hidden />
            )}
            {search.isPending ? 'Searching...' : 'Search Parts'}
          </Button>
        </div>
      </form>

      <div ref={resultRef} tabIndex={-1} className="mt-8 outline-none" aria-live="polite" aria-busy={search.isPending}>
        {search.isPending && (
          <div role="status" className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Building your answer from the catalogue…
            </p>
            <Skeleton className="mt-5 h-6 w-2/3" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
            <Skeleton className="mt-2 h-4 w-4/6" />
          </div>
        )}
        {!search.isPending && answer && <PartsAnswerView answer={answer} />}
        {!search.isPending && !answer && !search.isError && (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-slate-600">
            Choose a product and search to see matching parts, totals and suppliers.
          </p>
        )}
        {!search.isPending && search.isError && !search.data && (
          <p className="rounded-xl border border-dashed border-destructive/40 p-6 text-center text-sm text-slate-700">
            {PARTS_MESSAGES.searchFailed}. Please try again.
          </p>
        )}
      </div>
    </div>
  );
}
