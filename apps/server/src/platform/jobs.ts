import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Clock } from './clock';

export interface JobContext {
  now: Date;
  database: Database;
  log: FastifyBaseLogger;
}

export interface Job {
  name: string;
  /** How often the job is due. */
  everyMs: number;
  run(context: JobContext): Promise<void>;
}

/**
 * Runs registered jobs when due. A row in `job_locks` is claimed with a conditional UPDATE, so
 * across any number of processes one run of a job happens at a time and at most once per period.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private timer: NodeJS.Timeout | undefined;
  /** The tick under way: a tick does not start while one runs, and `stop()` waits for it. */
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(job: Job) {
    this.jobs.set(job.name, job);
  }

  has(name: string) {
    return this.jobs.has(name);
  }

  names() {
    return [...this.jobs.keys()];
  }

  /** Runs every due job once; returns the names that ran. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (this.stopping) break;
      if (await this.runIfDue(job)) ran.push(job.name);
    }
    return ran;
  }

  /**
   * Runs one job now whatever its period (an admin's 'Run now'), unless a run of it holds the lock;
   * false when it did not run.
   */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    return job ? this.runIfDue(job, true) : false;
  }

  private async runIfDue(job: Job, ignorePeriod = false): Promise<boolean> {
    const now = this.clock.now();
    const dueBefore = new Date(now.getTime() - (ignorePeriod ? -1 : job.everyMs));
    const lease = new Date(now.getTime() + Math.max(job.everyMs, 60_000));
    const { db } = this.database;
    await db.execute(sql`INSERT INTO job_locks (name) VALUES (${job.name}) ON CONFLICT (name) DO NOTHING`);
    const claimed = await this.database.query(
      `UPDATE job_locks SET locked_until = $2, last_started_at = $3
        WHERE name = $1 AND (locked_until IS NULL OR locked_until < $3)
          AND (last_started_at IS NULL OR last_started_at <= $4)
        RETURNING name`,
      [job.name, lease.toISOString(), now.toISOString(), dueBefore.toISOString()],
    );
    if (claimed.length === 0) return false;
    let error: string | null = null;
    try {
      await job.run({ now, database: this.database, log: this.log });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: job.name }, 'job failed');
    }
    await this.database.query(
      'UPDATE job_locks SET locked_until = NULL, last_finished_at = $2, last_error = $3 WHERE name = $1',
      [job.name, this.clock.now().toISOString(), error],
    );
    return true;
  }

  /**
   * Ticks every `intervalMs`: by default once a minute, or as often as the most frequent job is due
   * when that is sooner (ALERTS_EVERY_MS of a few seconds in the journeys, decision 0536).
   */
  start(intervalMs = Math.min(60_000, ...[...this.jobs.values()].map((job) => job.everyMs))) {
    if (this.timer) clearInterval(this.timer);
    this.stopping = false;
    const tick = () => {
      if (this.running) return;
      this.running = this.runDue()
        .then(() => undefined, (err) => this.log.error({ err }, 'job tick failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /**
   * No further ticks; resolves once the tick under way has finished, so that the database is not
   * closed under a job's query (PGlite closed mid-query spun at full CPU and never exited).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
