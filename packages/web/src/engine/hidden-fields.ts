import type { InstanceView } from '@oa/shared/contract/workflow';

/** The fields the viewer's approval step hides (the process's per-step field permissions; none without a process). */
export function hiddenFieldsOf(view: Pick<InstanceView, 'fieldPermissions'> | null): Set<string> {
  return new Set(
    Object.entries(view?.fieldPermissions ?? {})
      .filter(([, p]) => p === 'hidden')
      .map(([f]) => f),
  );
}
