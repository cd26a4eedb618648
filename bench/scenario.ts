/** One benchmarked call; files in bench/scenarios/ export `scenarios: BenchScenario[]`. */
export interface BenchScenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  auth: 'none' | 'admin' | 'staff' | 'leader';
  /** concurrent connections (default 10) */
  connections?: number;
}
