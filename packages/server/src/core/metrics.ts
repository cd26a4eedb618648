import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { AppContext } from './context';

/**
 * The Prometheus figures of one app (`/metrics`, docs/deployment.md): the process's own (event-loop delay, memory,
 * CPU), requests per route, logins and lockouts, background jobs, the database pool. A feature adds its own with
 * `registerMetric` or `registerGauge` (e.g. the notification outbox's depth and failures).
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route'>;
  logins: Counter<'result'>;
  lockouts: Counter;
  jobs: Counter<'job' | 'result'>;
  jobSeconds: Histogram<'job'>;
}

declare module './context' {
  interface AppContext {
    metrics: Metrics;
    /** a round trip to Redis when REDIS_URL is configured (the health check) */
    redisPing?: () => Promise<unknown>;
  }
}

/** The connections of the database pool (PostgreSQL's `pg.Pool`; SQLite has one writer and one reader). */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

export function createMetrics(poolState: () => PoolState): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'oa_', eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  new Gauge({
    name: 'oa_db_pool_connections',
    help: '数据库连接池：连接数（state=total|idle|waiting）',
    labelNames: ['state'],
    registers,
    collect() {
      const s = poolState();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  return {
    registry,
    requests: new Counter({
      name: 'oa_http_requests_total',
      help: '请求数（按路由、方法、状态码）',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'oa_http_request_duration_seconds',
      help: '请求耗时（秒，按路由）',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    logins: new Counter({ name: 'oa_logins_total', help: '登录次数（result=ok|failed|locked）', labelNames: ['result'], registers }),
    lockouts: new Counter({ name: 'oa_login_lockouts_total', help: '账号因连续失败被锁定的次数', registers }),
    jobs: new Counter({ name: 'oa_jobs_total', help: '后台任务运行次数（按任务、结果）', labelNames: ['job', 'result'], registers }),
    jobSeconds: new Histogram({ name: 'oa_job_duration_seconds', help: '后台任务耗时（秒）', labelNames: ['job'], registers }),
  };
}

/** A feature's own metric (a Counter, Gauge or Histogram made with `registers: []`), added to the app's registry. */
export const registerMetric = (ctx: AppContext, metric: Metric): void => ctx.metrics.registry.registerMetric(metric);

/** A gauge read when scraped, e.g. `registerGauge(ctx, 'oa_outbox_depth', '待发送通知', () => countPending(ctx.db))`. */
export function registerGauge(ctx: AppContext, name: string, help: string, read: () => number | Promise<number>): void {
  registerMetric(
    ctx,
    new Gauge({
      name,
      help,
      registers: [],
      async collect() {
        this.set(await read());
      },
    }),
  );
}

/** Runs one background job's turn, counted (ok/failed) and timed; its error is passed on. */
export async function trackJob<T>(ctx: AppContext, job: string, run: () => Promise<T>): Promise<T> {
  const end = ctx.metrics.jobSeconds.startTimer({ job });
  try {
    const out = await run();
    ctx.metrics.jobs.inc({ job, result: 'ok' });
    return out;
  } catch (e) {
    ctx.metrics.jobs.inc({ job, result: 'failed' });
    throw e;
  } finally {
    end();
  }
}
