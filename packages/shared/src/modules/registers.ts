import type { RegisterDef } from './register-kit';
import { branchRegister, licenseRegister, overviewRegister, suggestionRegister, workPlanRegister } from './business-registers.module';
import { bulletinRegister, dynamicsRegister, dynamicsTypeRegister } from './hr-board.module';
import { appraisalRegister, attendanceRegister, contractRegister } from './hr-registers.module';
import { seniorRegister, staffRegister } from './hr-staff.module';
import { callLogRegister, expressRegister, noteRegister, telRegister } from './office-registers.module';
import {
  partyBranchRegister,
  partyFeeRegister,
  partyMemberRegister,
  unionFeeRegister,
  unionMemberRegister,
} from './party-registers.module';

/** Every register of MODULES.md "Registers" (appended to MODULES in registry.ts). */
export const REGISTERS: readonly RegisterDef[] = [
  telRegister,
  callLogRegister,
  expressRegister,
  noteRegister,
  workPlanRegister,
  overviewRegister,
  licenseRegister,
  branchRegister,
  suggestionRegister,
  partyMemberRegister,
  partyBranchRegister,
  partyFeeRegister,
  unionMemberRegister,
  unionFeeRegister,
  staffRegister,
  contractRegister,
  appraisalRegister,
  attendanceRegister,
  seniorRegister,
  dynamicsRegister,
  dynamicsTypeRegister,
  bulletinRegister,
];

const byCode = new Map(REGISTERS.map((r) => [r.code, r]));

export function registerByCode(code: string): RegisterDef | undefined {
  return byCode.get(code);
}
