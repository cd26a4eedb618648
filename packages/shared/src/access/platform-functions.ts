import { PLATFORM } from '../constants';

/**
 * Functions that hold nothing without a platform: the home tabs 受托 and 服务 show only that platform's items
 * and link. A grant of them counts only for a user of the platform (the guard's permission set, hence the
 * menu built from it).
 */
export const FUNCTION_PLATFORM: Readonly<Record<string, string>> = {
  home_mandatory: PLATFORM.MANDATORY,
  home_service: PLATFORM.INDUSTRY_SERVICE,
};

/** The granted codes a user of `platforms` holds. */
export function withinPlatforms(codes: Iterable<string>, platforms: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const code of codes) {
    const needs = FUNCTION_PLATFORM[code];
    if (!needs || platforms.includes(needs)) out.add(code);
  }
  return out;
}
