import type { AnyModule } from './define-module';
import type { RegisterDef } from './register-kit';
import { MODULES } from './registry';

const isRegister = (m: AnyModule): m is RegisterDef => m.kind === 'register';

/** Every register (MODULES.md "Registers"): the declared modules of kind 'register'. */
export const REGISTERS: readonly RegisterDef[] = MODULES.filter(isRegister);

const byCode = new Map(REGISTERS.map((r) => [r.code, r]));

export function registerByCode(code: string): RegisterDef | undefined {
  return byCode.get(code);
}
