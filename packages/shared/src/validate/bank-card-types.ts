/** Card types of spec §3/§9: debit, credit, semi-credit, prepaid. */
export type CardType = 'DC' | 'CC' | 'SCC' | 'PC';

export const CARD_TYPE_NAMES: Readonly<Record<CardType, string>> = {
  DC: '储蓄卡',
  CC: '信用卡',
  SCC: '准贷记卡',
  PC: '预付费卡',
};

/** What the bank-card lookup returns when a BIN matches. */
export interface BankCardInfo {
  bankName: string;
  bankCode: string;
  cardType: CardType;
  cardTypeName: string;
}
