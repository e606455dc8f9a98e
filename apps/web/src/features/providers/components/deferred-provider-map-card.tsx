import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { hasKnownLocation } from '@solar/shared/constants/providers';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { ProviderMapCardProps } from './provider-map-card';
import { ProviderMapPreview } from './provider-map-preview';

const ProviderMapCard = lazy(async () => ({ default: (await import('./provider-map-card')).ProviderMapCard }));

/** How far below the screen the card may be when the visitor scrolls for the map to start loading. */
const NEAR = '300px 0px';

/**
 * The map is wanted once the visitor scrolls it near the screen, points at it, touches it or tabs
 * into it. A card already on the first screen waits for one of these: loading the map unasked
 * would put it back into the page's first load.
 */
function useWanted() {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (wanted || !element) return;
    let observer: IntersectionObserver | undefined;
    const arm = () => {
      observer ??= new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), { rootMargin: NEAR });
      observer.observe(element);
    };
    window.addEventListener('scroll', arm, { once: true, passive: true });
    return () => {
      window.removeEventListener('scroll', arm);
      observer?.disconnect();
    };
  }, [wanted]);
  return { ref, wanted, want: () => setWanted(true) };
}

/**
 * The profile map card (docs/product/providers.md#profile-map) loaded when it is about to be seen
 * (decision 0373): until then a static preview in the same box (outline, marker, service area,
 * legend), so the profile's content comes first and MapLibre is not in its first load. The preview
 * stays on screen while the map's code loads.
 */
export function DeferredProviderMapCard({ provider, variant = 'page', className }: ProviderMapCardProps) {
  const { ref, wanted, want } = useWanted();
  if (!hasKnownLocation(provider.location)) return null;
  const box = variant === 'card' ? 'h-[300px]' : 'h-[400px]';
  const preview = (
    <Card className={cn('overflow-hidden', className)} data-testid="provider-map-card">
      <h2 className="px-6 pt-5 pb-3 text-lg font-semibold">Location Map</h2>
      <div className="px-4 pb-4">
        <ProviderMapPreview provider={provider} className={box} onShowMap={want} />
      </div>
    </Card>
  );
  return (
    <div ref={ref} onPointerEnter={want} onPointerDown={want} onFocus={want}>
      {wanted ? (
        <Suspense fallback={preview}>
          <ProviderMapCard provider={provider} variant={variant} className={className} />
        </Suspense>
      ) : (
        preview
      )}
    </div>
  );
}
