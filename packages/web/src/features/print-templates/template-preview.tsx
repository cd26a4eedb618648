import { useState } from 'react';
import { Alert, Button, Empty, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TemplateDetail } from '@oa/shared/contract/print-template';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { printTemplatesApi } from './print-templates.api';

/**
 * Preview of a module's template against a real record the administrator picks: the filled Word file shown in the
 * page (converted to HTML, in a sandboxed frame) and downloadable; the PDF every reader prints is the default sheet.
 */
export function TemplatePreview({ detail }: { detail: TemplateDetail }) {
  const code = detail.moduleCode;
  const [recordId, setRecordId] = useState<string | null>(null);
  const [html, setHtml] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const records = useQuery({ queryKey: ['print-template-records', code], queryFn: () => printTemplatesApi.records(code) });
  const picked = records.data?.find((r) => r.recordId === recordId);
  const name = picked ? `${detail.sheetName}-${picked.serialNo}` : detail.sheetName;
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  if (records.data && !records.data.length) return <Empty description="该业务还没有已提交的记录，提交一条后即可预览" />;
  return (
    <div data-testid="template-preview">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 420 }}
          placeholder="选择一条已提交的记录"
          aria-label="选择一条已提交的记录"
          loading={records.isLoading}
          value={recordId}
          onChange={(v: string) => {
            setRecordId(v);
            setHtml(null);
          }}
          showSearch
          optionFilterProp="label"
          options={(records.data ?? []).map((r) => ({ value: r.recordId, label: `${r.serialNo} · ${r.title}` }))}
        />
        <Button
          type="primary"
          disabled={!recordId}
          loading={busy}
          onClick={() => void run(async () => setHtml(await printTemplatesApi.previewHtml(code, recordId!)))}
        >
          预览
        </Button>
        <Button
          disabled={!recordId || !detail.template}
          onClick={() => void run(() => printTemplatesApi.previewDocx(code, recordId!, `${name}（模板预览）`))}
        >
          下载 Word
        </Button>
        <Button disabled={!recordId} onClick={() => void run(() => printTemplatesApi.defaultPdf(code, recordId!, name))}>
          下载 PDF
        </Button>
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="PDF 仍按默认审批单生成"
        description="服务器不安装 Office，不把 Word 模板转换为 PDF：“打印审批单（Word）”按模板填写，“打印审批单（PDF）”为默认的 A4 审批单。需要模板版式的 PDF 时，在 Word 中打开后另存为 PDF。下方为填写后 Word 内容的网页预览，字体、行距和图片大小以 Word 中打开为准。"
      />
      {html !== null && (
        <iframe
          title="模板预览"
          data-testid="template-preview-frame"
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font-family:serif;padding:16px}table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px}img{max-width:120px;height:auto}</style>${html}`}
          style={{ width: '100%', height: 520, border: '1px solid #eee', background: '#fff' }}
        />
      )}
    </div>
  );
}
