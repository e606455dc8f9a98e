import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { AssetDetailView } from '../components/asset-detail';

/** /asset-intel/{id} (docs/product/assets.md#asset-detail). */
export function AssetDetailPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto grid max-w-[1200px] gap-4 px-4 py-6">
      <Link to="/asset-intel" className="text-sm text-primary underline">
        Back to asset intelligence
      </Link>
      <AssetDetailView id={id} headingLevel="h1" />
    </div>
  );
}
