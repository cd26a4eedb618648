import { badRequest } from '../lib/errors';

/** Small helpers shared by the hooks of the module homes (modules/<code>/). */

/** A refusal naming a field of the form, like the engine's own validation (HTTP 400, `data.<field>`). */
export const fieldError = (field: string, message: string) => badRequest(message, `data.${field}`);

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
export const rows = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
export const cents = (n: number): number => Math.round(n * 100) / 100;
