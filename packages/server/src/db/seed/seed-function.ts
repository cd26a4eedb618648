/** A function of the seed: a menu folder ('0'), a page ('1') or a permission ('2'); see functions.data.ts. */
export interface SeedFunction {
  funCode: string;
  funName: string;
  parentCode: string | null;
  router: string | null;
  routerSelected?: string;
  sortNo: number;
  isHidden?: 'Y' | 'N';
  isLink?: 'Y' | 'N';
  linkUrl?: string;
  icon?: string;
  menuType: '0' | '1' | '2';
  platformCode?: '1' | '4' | '19';
  noCache?: 'Y' | 'N';
}
