import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import { ArrowUp } from '../../../components/ui/icons';
import { ASSET_MAP, ASSET_MESSAGES, technologyColour } from '@solar/shared/constants/assets';
import type { AssetDetail } from '@solar/shared/contracts/assets';
import type { NearPlace } from '@solar/shared/contracts/maps';
import { compassPoint } from '@solar/shared/domain/geo';
import { serviceAreaBounds, serviceAreaFeature } from '@solar/shared/domain/service-area';
import { addLayerBelowLabels, MapMarker, MapView, useMap } from '../../../lib/map';
import { useNearestPlaces } from '../api/list-nearest-places';
import { placePointers } from './place-pointers';

type LngLat = [lng: number, lat: number];
const SQUARE_METRES_PER_ACRE = 4046.86;
const SITE_LAYER = 'asset-site-area';

/** The radius in km of a circle with the site's area (REPD gives an area, not a boundary; decision 0358). */
export const siteRadiusKm = (acres: number) => Math.sqrt((acres * SQUARE_METRES_PER_ACRE) / Math.PI) / 1000;
const distanceText = (km: number) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`);

/** The site's area as a shaded circle in its technology's colour, under the place names. */
function SiteArea({ center, radiusKm, colour }: { center: LngLat; radiusKm: number; colour: string }) {
  const { map } = useMap();
  useEffect(() => {
    const data = { type: 'FeatureCollection' as const, features: [serviceAreaFeature(center, radiusKm)] };
    const source = map.getSource(SITE_LAYER) as GeoJSONSource | undefined;
    if (source) {
      void source.setData(data);
      return;
    }
    map.addSource(SITE_LAYER, { type: 'geojson', data });
    addLayerBelowLabels(map, { id: SITE_LAYER, type: 'fill', source: SITE_LAYER, paint: { 'fill-color': colour, 'fill-opacity': 0.22 } });
    addLayerBelowLabels(map, { id: `${SITE_LAYER}-line`, type: 'line', source: SITE_LAYER, paint: { 'line-color': colour, 'line-width': 2, 'line-dasharray': [2, 1] } });
  }, [map, center, radiusKm, colour]);
  return null;
}

/** 'Show the whole site' while the site's circle is larger than the view (the map opens at zoom 15). */
function WholeSiteButton({ bounds }: { bounds: [number, number, number, number] }) {
  const { map } = useMap();
  const fits = () => {
    const view = map.getBounds();
    return view.contains([bounds[0], bounds[1]]) && view.contains([bounds[2], bounds[3]]);
  };
  const [shown, setShown] = useState(() => !fits());
  useEffect(() => {
    const update = () => setShown(!fits());
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  });
  if (!shown) return null;
  return (
    <button
      type="button"
      className="absolute top-2 left-2 z-10 rounded-md border border-border bg-white/95 px-3 py-1.5 text-xs font-medium text-slate-900 shadow hover:bg-muted"
      onClick={() => map.fitBounds([[bounds[0], bounds[1]], [bounds[2], bounds[3]]], { padding: 40 })}
    >
      {ASSET_MESSAGES.showWholeSite}
    </button>
  );
}

/**
 * Pointers on the map's edge towards the nearest places outside the view (those inside it are
 * named by the basemap): the name, the distance, an arrow; choosing one fits the site and the place.
 */
function PlacePointers({ site, places }: { site: LngLat; places: readonly NearPlace[] }) {
  const { map } = useMap();
  const [, redraw] = useState(0);
  const widths = useRef(new Map<string, number>());
  /** Records a pointer's drawn width; a new one places the pointers again. */
  const measure = (key: string, el: HTMLButtonElement | null) => {
    if (!el || widths.current.get(key) === el.offsetWidth) return;
    widths.current.set(key, el.offsetWidth);
    requestAnimationFrame(() => redraw((n) => n + 1));
  };
  useEffect(() => {
    let frame = 0;
    const later = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        redraw((n) => n + 1);
      });
    };
    map.on('move', later);
    map.on('resize', later);
    // The note and the attribution change height (shown from a zoom, collapsed after a drag).
    const controls = new ResizeObserver(later);
    const corner = map.getContainer().querySelector('.maplibregl-ctrl-bottom-right');
    if (corner) controls.observe(corner);
    return () => {
      cancelAnimationFrame(frame);
      controls.disconnect();
      map.off('move', later);
      map.off('resize', later);
    };
  }, [map]);
  const container = map.getContainer();
  const { clientWidth: w, clientHeight: h } = container;
  // Keep clear of 'Show the whole site' (top), the zoom buttons (right), the note and attribution (bottom).
  const corner = container.querySelector<HTMLElement>('.maplibregl-ctrl-bottom-right');
  const box = { left: 8, top: 44, right: w - 48, bottom: h - (corner?.offsetHeight ?? 0) - 4 };
  // Widths are measured once drawn; before that, about 7 px a character of 12 px text.
  const keyOf = (place: NearPlace) => `${place.name}-${place.lng}-${place.lat}`;
  const width = (place: NearPlace) => widths.current.get(keyOf(place)) ?? Math.round(40 + 7 * (place.name.length + distanceText(place.distanceKm).length));
  const marker = map.project(site);
  const placements = placePointers(
    places.map((place) => ({ ...map.project([place.lng, place.lat]), width: width(place) })),
    box,
    { x: w / 2, y: h / 2 },
    { avoid: [{ left: marker.x - 12, top: marker.y - 12, right: marker.x + 12, bottom: marker.y + 12 }] },
  );
  return (
    <>
      {places.map((place, i) => {
        const at = placements[i];
        if (!at) return null;
        const direction = compassPoint({ lng: site[0], lat: site[1] }, place);
        return (
          <button
            key={keyOf(place)}
            ref={(el) => measure(keyOf(place), el)}
            type="button"
            data-testid="nearest-place-pointer"
            className="absolute z-10 flex h-[22px] items-center gap-1 rounded-full border border-border bg-white/95 pr-2 pl-1 text-xs whitespace-nowrap text-slate-800 shadow hover:bg-muted"
            style={{ left: at.left, top: at.top }}
            aria-label={`Show ${ASSET_MESSAGES.placeDistance(place.name, place.kind, distanceText(place.distanceKm), direction)}`}
            onClick={() => {
              const west = Math.min(site[0], place.lng);
              const east = Math.max(site[0], place.lng);
              const south = Math.min(site[1], place.lat);
              const north = Math.max(site[1], place.lat);
              map.fitBounds([[west, south], [east, north]], { padding: 60, maxZoom: ASSET_MAP.detailZoom });
            }}
          >
            <ArrowUp aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-600" style={{ transform: `rotate(${at.angle}deg)` }} />
            <span className="font-medium">{place.name}</span>
            <span className="text-slate-600">{distanceText(place.distanceKm)}</span>
          </button>
        );
      })}
    </>
  );
}

/**
 * The asset detail map (docs/product/assets.md#asset-detail: zoom 15, pitch 45) with what the
 * bundled data can show at that zoom (decision 0358): the site's area as a circle, the nearest
 * places on the map's edge and in words below it; the basemap says it has no streets.
 */
export function AssetDetailMap({ asset }: { asset: AssetDetail & { latitude: number; longitude: number } }) {
  const site: LngLat = [asset.longitude, asset.latitude];
  const colour = technologyColour(asset.technologyType);
  const radiusKm = asset.siteArea !== null && asset.siteArea > 0 ? siteRadiusKm(asset.siteArea) : null;
  const places = useNearestPlaces(asset.longitude, asset.latitude);
  const here = { lng: site[0], lat: site[1] };
  return (
    <div className="grid content-start gap-2">
      <MapView label={`Map of ${asset.siteName}`} center={site} zoom={ASSET_MAP.detailZoom} pitch={ASSET_MAP.detailPitch} className="h-[400px]">
        {radiusKm !== null && (
          <>
            <SiteArea center={site} radiusKm={radiusKm} colour={colour} />
            <WholeSiteButton bounds={serviceAreaBounds(site, radiusKm)} />
          </>
        )}
        <MapMarker lngLat={site} obstacle>
          <span className="block h-4 w-4 rounded-full border-2 border-white shadow" style={{ backgroundColor: colour }} aria-hidden />
        </MapMarker>
        {places.data && <PlacePointers site={site} places={places.data} />}
      </MapView>
      <p className="text-xs text-slate-600">
        {radiusKm !== null
          ? ASSET_MESSAGES.siteCircle(asset.siteArea!.toLocaleString('en-GB', { maximumFractionDigits: 0 }), distanceText(radiusKm))
          : ASSET_MESSAGES.noSiteArea}
      </p>
      {places.data && places.data.length > 0 && (
        <p className="text-xs text-slate-700" data-testid="nearest-places">
          <span className="font-medium">{ASSET_MESSAGES.nearestPlaces}:</span>{' '}
          {places.data.map((p) => ASSET_MESSAGES.placeDistance(p.name, p.kind, distanceText(p.distanceKm), compassPoint(here, p))).join('; ')}.
        </p>
      )}
    </div>
  );
}
