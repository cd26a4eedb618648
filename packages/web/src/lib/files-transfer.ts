import type { ApiEnvelope } from '@oa/shared/contract/envelope';
import { FILE_API } from '@oa/shared/contract/files-api';
import type { UploadedFile } from '@oa/shared/contract/files';
import { apiUrl, authHeaders, BusinessError, HttpError } from './http-client';

/**
 * File transfer of spec §7: upload with progress (XHR: fetch has no upload progress), download as a
 * blob (the server re-checks the permission), and saving a blob under the right name.
 */
interface UploadOptions {
  /** multipart fields sent before the file (e.g. scope) */
  fields?: Record<string, string>;
  /** 0..100 */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function uploadFile(path: string, file: Blob, fileName: string, opts: UploadOptions = {}): Promise<UploadedFile> {
  const url = apiUrl(path);
  return authHeaders(url.split('?')[0], 'ws').then(
    (headers) =>
      new Promise<UploadedFile>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
        };
        xhr.onerror = () => reject(new HttpError(0, '网络连接失败'));
        xhr.onabort = () => reject(new HttpError(0, '上传已取消'));
        xhr.onload = () => {
          let env: Partial<ApiEnvelope<UploadedFile>> = {};
          try {
            env = JSON.parse(xhr.responseText) as ApiEnvelope<UploadedFile>;
          } catch {
            /* not JSON */
          }
          if (xhr.status < 200 || xhr.status >= 300) return reject(new HttpError(xhr.status, env.message || `上传失败（${xhr.status}）`));
          if (env.code !== 0 || !env.data) return reject(new BusinessError(env.code ?? 1, env.message || '上传失败'));
          opts.onProgress?.(100);
          resolve(env.data);
        };
        opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const form = new FormData();
        for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
        form.append('file', file, fileName);
        xhr.send(form);
      }),
  );
}

/** Saves a blob as a file named `fileName` (spreadsheets, images, any type). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a data: URL (e.g. a rendered PNG) as a file. */
export function saveDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET a blob from any API path (params encoded, signed); a refusal becomes an HttpError with the server's message. */
export async function fetchBlob(path: string, params: Record<string, string>): Promise<Blob> {
  const url = apiUrl(path, params);
  const res = await fetch(url, { headers: await authHeaders(url.split('?')[0]) });
  if (!res.ok) {
    let message = `下载失败（${res.status}）`;
    try {
      message = ((await res.json()) as { message?: string }).message || message;
    } catch {
      /* not JSON */
    }
    throw new HttpError(res.status, message);
  }
  return res.blob();
}

/** GET a blob from any API path (params encoded) and save it; `type` overrides the blob's type. */
export async function downloadFrom(path: string, params: Record<string, string>, fileName: string, type?: string): Promise<void> {
  const blob = await fetchBlob(path, params);
  saveBlob(type ? new Blob([blob], { type }) : blob, fileName);
}

/** Downloads a stored file by its filePath and saves it under `fileName` (xlsx gets the spreadsheet type). */
export function downloadFile(filePath: string, fileName: string): Promise<void> {
  const type = /\.xlsx$/i.test(fileName) ? XLSX : undefined;
  return downloadFrom(FILE_API.download, { filePath, fileName }, fileName, type);
}
