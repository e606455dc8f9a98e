import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import type { AssetPointProperties } from '@solar/shared/contracts/assets';

/** '12.5', or null when REPD gives no capacity. */
export const capacityFigure = (mw: number | null) => (mw === null ? null : Number(mw.toFixed(1)).toString());

/** The popup line: 'Capacity: {n} MW' (docs/product/assets.md#asset-map), 'Capacity unknown' without a figure. */
export const popupCapacity = (mw: number | null) => {
  const figure = capacityFigure(mw);
  return figure === null ? ASSET_MESSAGES.capacityUnknownPopup : ASSET_MESSAGES.capacity(figure);
};

function AssetEntry({ asset, onViewDetails, heading: Heading }: { asset: AssetPointProperties; onViewDetails(asset: AssetPointProperties): void; heading: 'h3' | 'h4' }) {
  // In a list of several, each 'View Details' says whose details it opens.
  const label = Heading === 'h4' ? `${ASSET_MESSAGES.viewDetails}: ${asset.title}` : undefined;
  return (
    <>
      <Heading className="font-semibold text-slate-900">{asset.title}</Heading>
      <p>{popupCapacity(asset.capacity)}</p>
      <button
        type="button"
        className="mt-1 justify-self-start rounded-md bg-primary px-3 py-1.5 text-xs font-medium text-white hover:bg-primary-hover"
        aria-label={label}
        onClick={() => onViewDetails(asset)}
      >
        {ASSET_MESSAGES.viewDetails}
      </button>
    </>
  );
}

/**
 * The popup of a point (docs/product/assets.md#asset-map): the site title, its capacity and 'View
 * Details'; where several assets stand at one spot (a solar farm and its battery), each of them
 * (decision 0356).
 */
export function AssetPopupContent({ assets, onViewDetails }: { assets: readonly AssetPointProperties[]; onViewDetails(asset: AssetPointProperties): void }) {
  if (assets.length === 1) {
    return (
      <div className="grid gap-1 p-1 text-sm">
        <AssetEntry asset={assets[0]!} onViewDetails={onViewDetails} heading="h3" />
      </div>
    );
  }
  return (
    <div className="grid gap-2 p-1 text-sm">
      <h3 className="font-semibold text-slate-900">{ASSET_MESSAGES.assetsAtPoint(assets.length)}</h3>
      <ul className="grid max-h-64 gap-3 overflow-y-auto">
        {assets.map((asset) => (
          <li key={asset.id} className="grid gap-1 border-t border-border pt-2">
            <AssetEntry asset={asset} onViewDetails={onViewDetails} heading="h4" />
          </li>
        ))}
      </ul>
    </div>
  );
}
