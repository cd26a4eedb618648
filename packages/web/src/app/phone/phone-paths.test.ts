import { describe, expect, it } from 'vitest';
import { itemRoute } from '@oa/shared/notify/item-route';
import { phoneItemPath, phoneTarget } from './phone-paths';

describe('where a phone is taken in the phone app', () => {
  it('the entry, the home tab and the to-do centre open the phone 待办', () => {
    for (const p of ['/', '/dashboard', '/process', '/process/']) expect(phoneTarget(p, ''), p).toBe('/m');
  });

  it("an e-mail's item link (itemRoute) opens the phone item page with the record", () => {
    const link = itemRoute('oa_stamp', 'R1 2')!;
    const [path, query] = link.split('?');
    expect(phoneTarget(path, `?${query}`)).toBe('/m/item?moduleCode=oa_stamp&id=R1%202');
  });

  it("a document's link (收文, 部门发文) opens the phone's document page, also through the login", () => {
    for (const code of ['oa_receipt', 'oa_deptDispatch']) {
      const [path, query] = itemRoute(code, 'D7')!.split('?');
      expect(phoneTarget(path, `?${query}`), code).toBe('/m/doc?id=D7');
    }
    expect(phoneTarget('/login', `?redirect=${encodeURIComponent('/receiptPreview?id=D7')}`)).toBe(
      `/m/login?redirect=${encodeURIComponent('/m/doc?id=D7')}`,
    );
  });

  it('the login keeps where it was going, mapped to the phone page', () => {
    expect(phoneTarget('/login', '')).toBe('/m/login');
    expect(phoneTarget('/login', `?redirect=${encodeURIComponent('/stampPreview?id=R9')}`)).toBe(
      `/m/login?redirect=${encodeURIComponent('/m/item?moduleCode=oa_stamp&id=R9')}`,
    );
    expect(phoneTarget('/login', `?redirect=${encodeURIComponent('/information/preview?id=N1')}`)).toBe(
      `/m/login?redirect=${encodeURIComponent('/information/preview?id=N1')}`,
    );
  });

  it('other pages, and items the phone app does not show, stay as asked', () => {
    expect(phoneTarget('/user', '')).toBeNull();
    expect(phoneTarget('/stampPreview', '')).toBeNull();
    expect(phoneTarget('/m/item', '?moduleCode=oa_stamp&id=R1')).toBeNull();
    expect(phoneItemPath('no_such_module', 'R1')).toBeNull();
  });

  it("a meeting's QR check-in link, opened by the phone's camera, opens the phone's meeting page, which checks in", () => {
    expect(phoneTarget('/meeting/detail', '?id=12&checkin=1')).toBe('/m/apps/meeting?id=12&checkin=1');
    expect(phoneTarget('/meeting/detail', '?id=12')).toBe('/m/apps/meeting?id=12');
    expect(phoneTarget('/meeting/detail', '')).toBeNull();
  });
});
