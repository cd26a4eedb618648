import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isMobile, isPhoneOrLandline } from './phone';

describe('isMobile', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['13800138000', true],
    ['19912345678', true],
    ['10000000000', true], // spec: 11 digits starting with 1, no carrier check
    ['1380013800', false], // 10 digits
    ['138001380001', false], // 12 digits
    ['23800138000', false],
    [' 13800138000', false],
    ['13800138000 ', false],
    ['138-0013-8000', false],
    ['+8613800138000', false],
    ['1380013800a', false],
    ['１３８００１３８０００', false], // full-width digits
    [' ', false],
  ])('%j → %s', (v, ok) => {
    expect(isMobile(v)).toBe(ok);
  });

  it('accepts every 1 + 10 digits and rejects other lengths', () => {
    fc.assert(fc.property(fc.stringMatching(/^1\d{10}$/), (s) => isMobile(s)));
    fc.assert(fc.property(fc.stringMatching(/^\d{1,20}$/), (s) => isMobile(s) === (s.length === 11 && s[0] === '1')));
  });
});

describe('isPhoneOrLandline', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['13800138000', true],
    ['010-12345678', true],
    ['021-1234567', true],
    ['0571-88888888', true],
    ['0571-8888888', true],
    ['4001234567', true],
    ['400-123-4567', true],
    ['400-1234567', true],
    ['01012345678', false], // landline needs the hyphen
    ['10-12345678', false], // area code must start with 0
    ['01-12345678', false], // area code 0 + 2–3 digits
    ['05711-1234567', false],
    ['010-123456', false], // 6 digits
    ['010-123456789', false], // 9 digits
    ['010-1234-5678', false],
    ['400123456', false], // 9 digits
    ['40012345678', false], // 11 digits
    ['400-12-345678', false],
    ['800-123-4567', false],
    ['1380013800', false],
    [' ', false],
    ['abc', false],
  ])('%j → %s', (v, ok) => {
    expect(isPhoneOrLandline(v)).toBe(ok);
  });

  it('accepts every generated landline and 400 number', () => {
    fc.assert(fc.property(fc.stringMatching(/^0\d{2,3}-\d{7,8}$/), (s) => isPhoneOrLandline(s)));
    fc.assert(fc.property(fc.stringMatching(/^400-\d{3}-\d{4}$/), (s) => isPhoneOrLandline(s)));
  });

  it('never accepts a value with a letter in it', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => !isPhoneOrLandline(`${a}x${b}`)));
  });
});
