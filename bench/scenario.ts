/** One benchmarked call; files in bench/scenarios/ export `scenarios: BenchScenario[]`. */
export interface BenchScenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  auth: 'none' | 'admin' | 'staff' | 'leader';
  /** request headers beside the signed ones, e.g. the accept-encoding a browser sends */
  headers?: Record<string, string>;
  /** concurrent connections (default 10) */
  connections?: number;
  /**
   * Run once before the scenario is measured (scale bench): answers query parameters added to `query`, e.g. the
   * cursor of a deep page found by walking the list the way the web pager does. `get` calls the API as `auth`.
   */
  prepare?: (get: (path: string, query: Record<string, string>) => Promise<unknown>) => Promise<Record<string, string>>;
}
