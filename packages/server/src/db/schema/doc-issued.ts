/** Issued documents anyone can verify (migration 124). */
export interface DocIssuedTable {
  /** opaque: the QR code's /oa/verify/<id> */
  id: string;
  doc_id: string;
  file_id: string;
  doc_no: string;
  /** 成文日期 as printed, e.g. 2026年11月24日 */
  issue_date: string;
  issuer: string;
  sha256: string;
  sm3: string;
  size: number;
  /** SHA-256 of the signing certificate */
  cert_sha256: string;
  created_by: string;
  created_at: string;
}

export interface DocIssuedTables {
  doc_issued: DocIssuedTable;
}
