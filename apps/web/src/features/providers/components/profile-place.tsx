import { Suspense } from 'react';
import { MapPin } from '../../../components/ui/icons';
import type { Provider } from '@solar/shared/contracts/providers';
import { COUNTRYWIDE_RADIUS, hasKnownLocation } from '@solar/shared/constants/providers';
import { sectionProps, type ProfileEditor } from '../state/use-profile-editor';
import { LocationEditor, RadiusEditor } from './profile-lazy-parts';
import { SectionCard } from './profile-sections';

/**
 * Where the provider is and how far it works (docs/product/providers.md#profile): the Address card
 * and, unless an unclaimed (`sparse`, decision 0369) profile has none, the Service Area card.
 */
export function ProfilePlace({ provider, editor, sparse }: { provider: Provider; editor: ProfileEditor; sparse: boolean }) {
  const radius = provider.serviceRadius;
  return (
    <>
      <SectionCard title="Address" {...sectionProps(editor, 'location')}>
        {editor.editing === 'location' ? (
          <Suspense fallback={null}>
            <LocationEditor
              initial={provider.location}
              saving={editor.saving}
              onSave={(chosen) => editor.save({ location: chosen.place_name }, { locationCenter: chosen.center })}
            />
          </Suspense>
        ) : hasKnownLocation(provider.location) ? (
          <p className="flex items-start gap-2 text-sm">
            <MapPin className="mt-0.5 h-4 w-4 text-slate-500" aria-hidden /> {provider.location}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Location not available</p>
        )}
      </SectionCard>
      {(!sparse || radius === COUNTRYWIDE_RADIUS || (radius ?? 0) > 0) && (
        <SectionCard title="Service Area" {...sectionProps(editor, 'serviceRadius')}>
          {editor.editing === 'serviceRadius' ? (
            <Suspense fallback={null}>
              <RadiusEditor value={radius} onSave={editor.saveRadius} />
            </Suspense>
          ) : (
            <p className="text-sm">
              {radius === -1 ? 'Countrywide coverage' : radius && radius > 0 ? `${radius} km service radius` : 'No service radius set'}
            </p>
          )}
        </SectionCard>
      )}
    </>
  );
}
