import type { Paged } from '@oa/shared/contract/envelope';
import {
  SALARY_API,
  type MySalarySlip,
  type MySalarySlipDetail,
  type SalaryBatch,
  type SalaryBatchDetail,
  type SalaryGrant,
} from '@oa/shared/contract/salary';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom, uploadFile } from '../../lib/files-transfer';

export type ImportResult = SalaryBatchDetail & { unmatchedRows: string[] };

export const salaryApi = {
  batches: async (q: { pageNumber: number; pageSize: number; month?: string }) =>
    unwrap(await http.get<Paged<SalaryBatch>>(SALARY_API.batches, q)),
  batch: async (id: string) => unwrap(await http.get<SalaryBatchDetail>(SALARY_API.batch, { id })),
  importFile: (file: File, month: string, batchId?: string) =>
    uploadFile(SALARY_API.import, file, file.name, {
      fields: { month, ...(batchId ? { batchId } : {}) },
    }) as unknown as Promise<ImportResult>,
  match: async (slipId: string, userCode: string) => unwrap(await http.post<null>(SALARY_API.match, { slipId, userCode })),
  setting: async (id: string, hideZero: 'Y' | 'N') => unwrap(await http.post<null>(SALARY_API.setting, { id, hideZero })),
  send: async (id: string) => unwrap(await http.post<{ sent: number }>(SALARY_API.send, { id })),
  withdraw: async (id: string) => unwrap(await http.post<null>(SALARY_API.withdraw, { id })),
  remove: async (id: string) => unwrap(await http.delete<null>(SALARY_API.batch, { id })),
  exportFile: (id: string, title: string) => downloadFrom(SALARY_API.export, { id }, `${title}.xlsx`),
  grant: async () => unwrap(await http.get<SalaryGrant>(SALARY_API.grant)),
  sms: async () => unwrap(await http.post<{ mobile: string }>(SALARY_API.sms, {})),
  verify: async (body: { password: string } | { smsCode: string }) => unwrap(await http.post<SalaryGrant>(SALARY_API.verify, body)),
  mine: async (q: { pageNumber: number; pageSize: number; year?: string }) =>
    unwrap(await http.get<Paged<MySalarySlip>>(SALARY_API.mine, q)),
  slip: async (id: string) => unwrap(await http.get<MySalarySlipDetail>(SALARY_API.slip, { id })),
  confirm: async (id: string) => unwrap(await http.post<null>(SALARY_API.confirm, { id })),
  feedback: async (id: string, content: string) => unwrap(await http.post<null>(SALARY_API.feedback, { id, content })),
};
