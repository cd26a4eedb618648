/** 劳务费标准: one rate per kind of service and title level. */
export interface RewardRateTable {
  id: string;
  service_kind: string;
  payee_title: string;
  unit: string;
  /** yuan per unit, 2 decimals */
  rate: number;
  /** upper bound of units in one application (null: none) */
  max_units: number | null;
  remark: string | null;
  enabled: 'Y' | 'N';
  updated_by: string;
  updated_at: string;
}

export interface RewardTables {
  oa_reward_rate: RewardRateTable;
}
