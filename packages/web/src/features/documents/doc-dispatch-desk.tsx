import { useState } from 'react';
import { Button, Card, Input, Select, Space, Steps } from 'antd';
import type { DocDetail } from '@oa/shared/contract/documents';
import { usePeople } from '../../engine/use-module';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { docsApi } from './documents.api';
import { LabelSelect } from '../../lib/label-select';
import { DocSealSelect, type SealChoice } from './doc-seal-select';

const STEP: Record<string, number> = { signed: 0, numbered: 1, printed: 2, distributed: 3 };

/** The office's desk after signing: 编号 → 印制 (red-header PDF) → 分发 (people, departments, external bodies). */
export function DocDispatchDesk({ doc, onDone }: { doc: DocDetail; onDone: () => void }) {
  const { users, depts } = usePeople();
  const [busy, setBusy] = useState(false);
  const [userCodes, setUsers] = useState<string[]>([]);
  const [deptCodes, setDepts] = useState<string[]>([]);
  const [externals, setExternals] = useState('');
  const [seal, setSeal] = useState<SealChoice>({ sealId: null, stampRecordId: null });
  const run = async (fn: () => Promise<unknown>, done: (v: unknown) => string) => {
    setBusy(true);
    try {
      const v = await fn();
      feedback().message.success(done(v));
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title="印发办理" style={{ marginBottom: 12 }} data-testid="dispatch-desk">
      <Steps
        size="small"
        current={STEP[doc.status] ?? 0}
        items={[{ title: '已签发' }, { title: '编号' }, { title: '印制' }, { title: '分发' }]}
        style={{ marginBottom: 12 }}
      />
      <Space wrap>
        {doc.can.number ? (
          <Button
            type="primary"
            loading={busy}
            data-testid="desk-number"
            onClick={() =>
              run(
                () => docsApi.number(doc.id),
                (v) => `已编号：${(v as { docNo: string }).docNo}`,
              )
            }
          >
            取号编号
          </Button>
        ) : null}
        {doc.can.print ? <DocSealSelect value={seal} onChange={setSeal} /> : null}
        {doc.can.print ? (
          <Button
            type="primary"
            loading={busy}
            data-testid="desk-print"
            onClick={() =>
              run(
                () => docsApi.print(doc.id, seal),
                () => (seal.sealId ? '已印制并加盖印章' : '已印制（红头文件已生成）'),
              )
            }
          >
            印制（生成红头文件）
          </Button>
        ) : null}
      </Space>
      {doc.can.distribute ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          <LabelSelect
            mode="multiple"
            placeholder="分发到部门（部门全体人员）"
            aria-label="分发到部门（部门全体人员）"
            style={{ width: '100%' }}
            value={deptCodes}
            onChange={setDepts}
            options={depts.filter((d) => d.deptCode !== 'D00').map((d) => ({ value: d.deptCode, label: d.deptName }))}
            data-testid="desk-depts"
          />
          <Select
            mode="multiple"
            placeholder="分发到人员"
            aria-label="分发到人员"
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            value={userCodes}
            onChange={setUsers}
            options={users.map((u) => ({ value: u.userCode, label: u.userName }))}
            data-testid="desk-users"
          />
          <Input placeholder="外部单位（多个用“，”分隔）" value={externals} onChange={(e) => setExternals(e.target.value)} />
          <Button
            type="primary"
            loading={busy}
            data-testid="desk-distribute"
            onClick={() =>
              run(
                () =>
                  docsApi.distribute({
                    id: doc.id,
                    userCodes,
                    deptCodes,
                    externals: externals
                      .split(/[，,、]/)
                      .map((s) => s.trim())
                      .filter(Boolean),
                  }),
                (v) => `已分发 ${(v as { added: number }).added} 份`,
              )
            }
          >
            分发
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
