import type { Cluster, DatabaseKind, Target } from './config';

/**
 * One step of the reliability suite (docs/security.md#reliability): it runs on a fresh target of
 * each database kind it names and answers its figures as one line, or throws with what failed.
 */
export interface ReliabilityStep {
  /** The name `ONLY` picks it by. */
  name: string;
  /** The database kinds it runs on. */
  databases: readonly DatabaseKind[];
  /** The fresh target's label (its data directory and database name). */
  target: string;
  run(target: Target, cluster: Cluster | null): Promise<string>;
}

export const BOTH: readonly DatabaseKind[] = ['pglite', 'postgres'];
export const POSTGRES_ONLY: readonly DatabaseKind[] = ['postgres'];

export interface StepResult {
  label: string;
  ok: boolean;
  seconds: number;
  figures: string;
}
