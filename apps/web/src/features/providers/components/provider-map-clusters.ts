import Supercluster from 'supercluster';
import type { ProviderCluster, ProviderPoint } from '@solar/shared/contracts/providers';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX } from '@solar/shared/constants/maps';
import {
  cappedExpansionZoom,
  clusterMap,
  clusterReduce,
  countrywideShare,
  type ClusterCounts,
} from '@solar/shared/domain/service-area';

export type PointProps = { index: number; countrywide: boolean };
export type Bbox = [west: number, south: number, east: number, north: number];

export type MapItem =
  | { kind: 'cluster'; id: number; position: [number, number]; count: number; countrywide: number; share: number }
  | { kind: 'point'; point: ProviderPoint; position: [number, number] }
  | { kind: 'group'; points: ProviderPoint[]; position: [number, number] }
  /** A cluster the server made (decision 0387): its providers are not in the browser; a click zooms in. */
  | { kind: 'cell'; position: [number, number]; count: number; countrywide: number; share: number; expansionZoom: number };

/**
 * Clusters the directory's points in the browser with supercluster (docs/product/providers.md#directory-map: radius 40 px,
 * clusters up to zoom 16). Each cluster sums its countrywide providers, so it can show their share.
 */
export class ProviderClusters {
  private readonly index: Supercluster<PointProps, ClusterCounts>;

  constructor(readonly points: readonly ProviderPoint[]) {
    this.index = new Supercluster<PointProps, ClusterCounts>({
      radius: CLUSTER_RADIUS_PX,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (p) => clusterMap(p),
      reduce: clusterReduce,
    });
    this.index.load(
      points.map((p, index) => ({
        type: 'Feature',
        properties: { index, countrywide: p.countrywide },
        geometry: { type: 'Point', coordinates: p.position },
      })),
    );
  }

  /** Clusters and single points inside the box at this zoom; providers sharing a position are one group (decision 0356). */
  itemsIn(bbox: Bbox, zoom: number): MapItem[] {
    return groupCoincident(this.clustersIn(bbox, zoom));
  }

  /** The providers of a cluster, in server order. */
  leaves(clusterId: number): ProviderPoint[] {
    return this.index
      .getLeaves(clusterId, Infinity)
      .map((f) => f.properties.index)
      .sort((a, b) => a - b)
      .map((i) => this.points[i]!);
  }

  private clustersIn(bbox: Bbox, zoom: number): MapItem[] {
    // supercluster wants longitudes in -180..180 and a west < east box.
    const box: Bbox = [Math.max(-180, bbox[0]), Math.max(-90, bbox[1]), Math.min(180, bbox[2]), Math.min(90, bbox[3])];
    return this.index.getClusters(box, Math.floor(zoom)).map((f): MapItem => {
      const position = f.geometry.coordinates as [number, number];
      const props = f.properties as Partial<Supercluster.ClusterProperties & ClusterCounts> & Partial<PointProps>;
      if (props.cluster) {
        const count = props.point_count ?? 0;
        const countrywide = props.countrywide ?? 0;
        return {
          kind: 'cluster',
          id: props.cluster_id!,
          position,
          count,
          countrywide,
          share: countrywideShare(countrywide, count),
        };
      }
      return { kind: 'point', point: this.points[props.index!]!, position };
    });
  }

  /** The zoom at which a cluster splits, capped at 20 (docs/product/providers.md#directory-map). */
  expansionZoom(clusterId: number): number {
    return cappedExpansionZoom(this.index.getClusterExpansionZoom(clusterId));
  }
}

/**
 * Single points at exactly the same position become one group: drawn apart they would be one
 * marker on top of another, and only the top one could be clicked (decision 0356).
 */
export function groupCoincident(items: MapItem[]): MapItem[] {
  const byPosition = new Map<string, ProviderPoint[]>();
  const out: MapItem[] = [];
  for (const item of items) {
    if (item.kind !== 'point') {
      out.push(item);
      continue;
    }
    const key = item.position.join(',');
    const shared = byPosition.get(key);
    if (shared) shared.push(item.point);
    else byPosition.set(key, [item.point]);
  }
  for (const points of byPosition.values()) {
    out.push(points.length === 1 ? { kind: 'point', point: points[0]!, position: points[0]!.position } : { kind: 'group', points, position: points[0]!.position });
  }
  return out;
}

/** Points inside a box (the keyboard list "Providers in view"), in server order. */
export function pointsIn(points: readonly ProviderPoint[], [w, s, e, n]: Bbox): ProviderPoint[] {
  return points.filter(({ position: [x, y] }) => x >= w && x <= e && y >= s && y <= n);
}

/** The server's clusters inside a box, as map items with their countrywide share (decision 0387). */
export function cellsIn(cells: readonly ProviderCluster[], [w, s, e, n]: Bbox): MapItem[] {
  return cells
    .filter(({ position: [x, y] }) => x >= w && x <= e && y >= s && y <= n)
    .map((c) => ({ kind: 'cell', ...c, share: countrywideShare(c.countrywide, c.count) }));
}
