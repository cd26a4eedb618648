/** Official documents (公文, issue 19): receipts and dispatches, office and department level. */
export const DOC_KINDS = ['receipt', 'dispatch'] as const;
export type DocKind = (typeof DOC_KINDS)[number];
export const DOC_SCOPES = ['office', 'dept'] as const;
export type DocScope = (typeof DOC_SCOPES)[number];

export const MODULE_OF: Readonly<Record<DocScope, Record<DocKind, string>>> = {
  office: { receipt: 'oa_receipt', dispatch: 'oa_dispatch' },
  dept: { receipt: 'oa_deptReceipt', dispatch: 'oa_deptDispatch' },
};
/** the preview route of each module (to-do centre, links) */
export const PREVIEW_ROUTE: Readonly<Record<DocScope, Record<DocKind, string>>> = {
  office: { receipt: '/receiptPreview', dispatch: '/dispatchPreview' },
  dept: { receipt: '/deptReceiptPreview', dispatch: '/deptDispatchPreview' },
};
export const EDIT_ROUTE: Readonly<Record<DocScope, Record<DocKind, string>>> = {
  office: { receipt: '/receiptEdit', dispatch: '/dispatchEdit' },
  dept: { receipt: '/deptReceiptEdit', dispatch: '/deptDispatchEdit' },
};
