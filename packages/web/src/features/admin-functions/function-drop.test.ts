import { describe, expect, it } from 'vitest';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { dropPlan } from './function-drop';

const f = (funCode: string, parentCode: string | null, sortNo: number) => ({ funCode, parentCode, sortNo }) as FunctionItem;
const FNS = [f('a', null, 10), f('a1', 'a', 10), f('a2', 'a', 20), f('a3', 'a', 30), f('b', null, 20)];

describe('function drag and drop', () => {
  it('reorders among siblings', () => {
    expect(dropPlan(FNS, 'a3', 'a1', 'before')).toEqual({ parentCode: 'a', funCodes: ['a3', 'a1', 'a2'] });
    expect(dropPlan(FNS, 'a1', 'a3', 'after')).toEqual({ parentCode: 'a', funCodes: ['a2', 'a3', 'a1'] });
  });
  it('moves into another node as its first child, or to the top level', () => {
    expect(dropPlan(FNS, 'a2', 'b', 'into')).toEqual({ parentCode: 'b', funCodes: ['a2'] });
    expect(dropPlan(FNS, 'a2', 'b', 'before')).toEqual({ parentCode: null, funCodes: ['a', 'a2', 'b'] });
    expect(dropPlan(FNS, 'a', 'a', 'into')).toBeNull();
  });
});
