import { Button, Card, Empty, Result, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/http-client';
import { notifyError } from '../../lib/notify-error';
import { weeklyApi } from './weekly.api';

const CN = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** /weelkyPreview?periodId= — the compiled report as it prints, with Word / PDF / Excel export. */
export default function WeeklyPreviewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const periodId = params.get('periodId') ?? '';
  const q = useQuery({
    queryKey: ['weekly', 'report', periodId],
    queryFn: () => weeklyApi.report(periodId),
    enabled: !!periodId,
    retry: false,
  });
  if (!periodId) return <Result status="warning" title="缺少周报期次" />;
  if (q.isError)
    return <Result status="warning" title={errorMessage(q.error)} extra={<Button onClick={() => navigate('/weelky')}>返回</Button>} />;
  if (!q.data)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  const r = q.data;
  const exp = (f: 'docx' | 'pdf' | 'xlsx') => weeklyApi.exportFile(periodId, f, r.period.title).catch(notifyError);
  return (
    <div className="oa-page" data-testid="weekly-preview-page">
      <Card
        title="周报预览"
        extra={
          <Space>
            <Button onClick={() => void exp('docx')}>导出 Word</Button>
            <Button onClick={() => void exp('pdf')}>导出 PDF</Button>
            <Button onClick={() => void exp('xlsx')}>导出 Excel</Button>
            <Button onClick={() => window.print()}>打印</Button>
          </Space>
        }
      >
        <div
          style={{
            maxWidth: 794,
            margin: '0 auto',
            padding: '48px 64px',
            background: '#fff',
            boxShadow: '0 0 8px rgba(0,0,0,.12)',
            fontFamily: '"FangSong", "STFangsong", "Noto Serif CJK SC", serif',
            fontSize: 16,
            lineHeight: 2,
          }}
        >
          <Typography.Title level={3} style={{ textAlign: 'center', fontFamily: '"SimHei", "Noto Sans CJK SC", sans-serif' }}>
            {r.period.title}
          </Typography.Title>
          <div style={{ textAlign: 'center', color: '#666', marginBottom: 24 }}>
            {r.period.startDate} 至 {r.period.endDate}
          </div>
          {r.columns.length === 0 ? (
            <Empty description="汇编稿为空" />
          ) : (
            r.columns.map((c, i) => (
              <section key={c.id}>
                <h4 style={{ fontFamily: '"SimHei", "Noto Sans CJK SC", sans-serif', fontSize: 17, margin: '16px 0 4px' }}>
                  {CN[i] ?? i + 1}、{c.name}
                </h4>
                {c.items.map((it, j) => (
                  <p key={j} style={{ textIndent: '2em', margin: 0 }}>
                    {j + 1}. {it.deptName ? `【${it.deptName}】` : ''}
                    {it.content}
                  </p>
                ))}
              </section>
            ))
          )}
        </div>
      </Card>
    </div>
  );
}
