import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import type PDFDocument from 'pdfkit';
import type Yazl from 'yazl';
import { lazyRequire } from './lazy-require';

/**
 * Libraries that only some requests need, loaded by the first of them rather than at every start (together about
 * half a second of start-up CPU; start-up to /health ≤ 2 s, issue 35). Their types are imported as types only.
 */
export const exceljs = lazyRequire<typeof ExcelJS>('exceljs');
export const pdfDocument = lazyRequire<typeof PDFDocument>('pdfkit');
export const jszip = lazyRequire<typeof JSZip>('jszip');
export const yazl = lazyRequire<typeof Yazl>('yazl');
