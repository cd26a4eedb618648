import type { ComplianceReport } from '@oa/shared/contract/compliance';
import type { AppContext } from '../../core/context';
import { controlsOf } from '../../core/ports/compliance-port';
import { nowIso } from '../../lib/time';
import { CONTROLS } from './compliance.controls';

/** Runs every control of the registry (declared and registered) once, in order, and sums their states. */
export async function selfCheck(ctx: AppContext): Promise<ComplianceReport> {
  const now = nowIso();
  const controls = [];
  for (const c of controlsOf(ctx, CONTROLS)) {
    const { state, evidence } = await c.check({ ctx, now });
    controls.push({ id: c.id, category: c.category, clause: c.clause, title: c.title, requirement: c.requirement, state, evidence });
  }
  const summary = { pass: 0, partial: 0, fail: 0 };
  for (const c of controls) summary[c.state]++;
  return { checkedAt: now, association: ctx.config.orgName, controls, summary };
}
