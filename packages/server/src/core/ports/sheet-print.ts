import type { AppContext } from '../context';

/**
 * The printed 审批单/处理笺 as PDF, offered by the print area (installed at its route registration) to areas that keep
 * a copy, as the archive package does: every opinion with its drawn signature. `userCode` must be able to read the
 * record (the print area's read rule, 404 otherwise).
 */
type SheetPdf = (userCode: string, moduleCode: string, recordId: string) => Promise<Buffer>;

declare module '../context' {
  interface AppContext {
    sheetPdf?: SheetPdf;
  }
}

export const sheetPdf = (ctx: AppContext): SheetPdf | undefined => ctx.sheetPdf;
