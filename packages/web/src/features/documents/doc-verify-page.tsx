import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Result, Spin, Tag, Typography, Upload } from 'antd';
import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { VERIFY_API, type IssuedFacts, type VerifyCheck } from '@oa/shared/contract/doc-verify';
import { errorMessage, http, unwrap } from '../../lib/http-client';

/** One file checked: its name and the answer (or why there is none). */
type Outcome = { name: string; check?: VerifyCheck; error?: string };

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' as const };

/**
 * /verify/:id — the page the QR code of an issued document opens, without a login: what was issued under this id
 * (文号, 成文日期, 发文机关, the file's SHA-256 and SM3; nothing else of the document), and a file dropped or
 * chosen here checked against it: the very file issued, or not.
 */
export default function DocVerifyPage() {
  const id = useParams().id ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const facts = useQuery({
    queryKey: ['doc-verify', id],
    queryFn: async () => unwrap(await http.get<IssuedFacts>(VERIFY_API.facts, { id }, { quiet: true })),
    retry: false,
  });

  const check = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = unwrap(await http.post<VerifyCheck>(VERIFY_API.check, form, { params: { id }, quiet: true }));
      setOutcome({ name: file.name, check: res });
    } catch (err) {
      setOutcome({ name: file.name, error: errorMessage(err, '验证失败，请稍后再试') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main data-testid="doc-verify-page" style={{ minHeight: '100vh', background: '#f5f5f7', padding: '32px 16px' }}>
      <div style={{ maxWidth: 760, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
          公文印发验证
        </Typography.Title>
        {facts.isLoading ? (
          <div style={{ padding: 80, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : !facts.data ? (
          <Result status="warning" title="未找到该验证编号对应的印发文件" subTitle="请核对二维码或链接是否完整" />
        ) : (
          <>
            <Card>
              <div data-testid="verify-state" style={{ marginBottom: 16, fontSize: 16 }}>
                <CheckCircleFilled style={{ color: '#389e0d', marginRight: 8 }} />
                本文件为正式印发版本
              </div>
              <Descriptions column={1} bordered size="small" labelStyle={{ width: 120 }}>
                <Descriptions.Item label="文号">
                  <span data-testid="verify-doc-no">{facts.data.docNo}</span>
                </Descriptions.Item>
                <Descriptions.Item label="成文日期">{facts.data.issueDate}</Descriptions.Item>
                <Descriptions.Item label="发文机关">{facts.data.issuer}</Descriptions.Item>
                <Descriptions.Item label="SHA-256">
                  <span style={mono}>{facts.data.sha256}</span>
                </Descriptions.Item>
                <Descriptions.Item label="SM3">
                  <span style={mono}>{facts.data.sm3}</span>
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>核对手中的文件</h2>} style={{ marginTop: 16 }}>
              <Upload.Dragger
                accept=".pdf,application/pdf"
                maxCount={1}
                showUploadList={false}
                disabled={busy}
                data-testid="verify-upload"
                beforeUpload={(f) => {
                  void check(f);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">点击选择或拖拽 PDF 文件到此处</p>
                <p className="ant-upload-hint">文件只用于比对摘要和签名，不会保存</p>
              </Upload.Dragger>
              {busy ? <Spin style={{ display: 'block', marginTop: 16 }} /> : null}
              {outcome ? <OutcomeView outcome={outcome} /> : null}
            </Card>
          </>
        )}
      </div>
    </main>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.error) return <Alert style={{ marginTop: 16 }} type="error" showIcon message={outcome.error} />;
  const c = outcome.check!;
  return (
    <div data-testid="verify-result" role="status" style={{ marginTop: 16 }}>
      <Alert
        type={c.match ? 'success' : 'error'}
        showIcon
        message={c.match ? '文件与印发版本一致' : '文件已被修改或非本系统印发'}
        description={
          <div>
            <div>
              文件：{outcome.name} {c.match ? <Tag color="green">摘要相同、签名有效</Tag> : <Tag color="red">不一致</Tag>}
            </div>
            <div style={mono}>SHA-256：{c.sha256}</div>
            <div style={mono}>SM3：{c.sm3}</div>
          </div>
        }
      />
    </div>
  );
}
