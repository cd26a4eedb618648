/** 办公用品库存: an item, its stock and the level below which it is flagged. */
export interface SuppliesItemTable {
  id: string;
  name: string;
  spec: string | null;
  unit: string;
  stock: number;
  warn_level: number;
  remark: string | null;
  updated_at: string;
}

export interface SuppliesTables {
  oa_supplies_item: SuppliesItemTable;
}
