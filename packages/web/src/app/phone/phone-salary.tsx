import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Spin, Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { MySalarySlipDetail } from '@oa/shared/contract/salary';
import { salaryApi } from '../../features/salary/salary.api';
import { SalaryVerify } from '../../features/salary/salary-verify';
import { SlipStateTag } from '../../features/salary/slip-state-tag';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { APPS_BASE } from './phone-apps';
import { PhoneBar } from './phone-bar';

/** /m/apps/salary: my salary slips after confirming who I am again (the desktop's step and server call), one at a time. */
export function PhoneSalary() {
  const qc = useQueryClient();
  const grant = useQuery({ queryKey: ['salary', 'grant'], queryFn: salaryApi.grant });
  const verified = !!grant.data?.verified;
  const list = useQuery({
    queryKey: ['salary', 'mine', 'phone'],
    queryFn: () => salaryApi.mine({ pageNumber: 1, pageSize: 24 }),
    enabled: verified,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const reload = () => void qc.invalidateQueries({ queryKey: ['salary'] });
  if (openId && verified) return <SlipPage id={openId} onBack={() => setOpenId(null)} />;
  const slips = list.data?.list ?? [];
  return (
    <div className="m-page" data-testid="m-salary">
      <PhoneBar title="我的工资条" home={APPS_BASE} />
      {grant.isPending ? (
        <div className="m-center">
          <Spin size="large" />
        </div>
      ) : !verified ? (
        <div className="m-verify">
          <SalaryVerify onVerified={reload} />
        </div>
      ) : (
        <>
          <Alert className="m-alert" type="success" showIcon title={`身份已验证，有效至 ${dayjs(grant.data!.expiresAt).format('HH:mm')}`} />
          {slips.length === 0 ? (
            <Empty className="m-empty" description={list.isLoading ? '加载中…' : '暂无工资条'} />
          ) : (
            <ul className="m-cards">
              {slips.map((s) => (
                <li key={s.id}>
                  <button type="button" className="m-card m-card-link" onClick={() => setOpenId(s.id)} data-testid="m-slip-row">
                    <span className="m-card-title">{s.title}</span>
                    <span className="m-card-foot">
                      <span>{s.month}</span>
                      <SlipStateTag s={s} />
                    </span>
                    <RightOutlined className="m-card-arrow" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** One slip as a phone reads it: every item on its own line, the net pay stressed; 确认无误 and 反馈 below. */
function SlipPage({ id, onBack }: { id: string; onBack: () => void }) {
  const q = useQuery({ queryKey: ['salary', 'slip', id], queryFn: () => salaryApi.slip(id) });
  const s = q.data;
  return (
    <div className="m-page" data-testid="m-salary-slip">
      <header className="m-bar">
        <Button type="link" className="m-touch" onClick={onBack}>
          返回列表
        </Button>
        <h1>{s?.title ?? '工资条'}</h1>
      </header>
      {!s ? (
        <div className="m-center">
          <Spin size="large" />
        </div>
      ) : (
        <SlipBody s={s} />
      )}
    </div>
  );
}

function SlipBody({ s }: { s: MySalarySlipDetail }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const act = async (fn: () => Promise<unknown>, msg: string) => {
    try {
      await fn();
      feedback().message.success(msg);
      await qc.invalidateQueries({ queryKey: ['salary'] });
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <>
      <section className="m-card">
        <dl className="m-dl m-slip">
          <div>
            <dt>姓名</dt>
            <dd>{s.userName}</dd>
          </div>
          <div>
            <dt>银行卡号</dt>
            <dd>{s.bankCard ?? '—'}</dd>
          </div>
          {s.items.map((i) => (
            <div key={i.name} className={/实发|合计/.test(i.name) ? 'm-slip-net' : undefined}>
              <dt>{i.name}</dt>
              <dd>{i.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="m-card">
        {s.confirmedAt ? (
          <Tag color="green">已于 {dayjs(s.confirmedAt).format('MM-DD HH:mm')} 确认</Tag>
        ) : (
          <Button block type="primary" size="large" onClick={() => void act(() => salaryApi.confirm(s.id), '已确认')}>
            确认无误
          </Button>
        )}
        {s.feedback ? <Alert className="m-alert-in" type="info" title={`我的反馈：${s.feedback}`} /> : null}
        <Input.TextArea
          className="m-note"
          rows={2}
          aria-label="工资条反馈"
          placeholder="对工资条有疑问？在此反馈给财务"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button
          block
          size="large"
          disabled={!note.trim()}
          onClick={() => void act(() => salaryApi.feedback(s.id, note.trim()), '反馈已提交').then(() => setNote(''))}
        >
          提交反馈
        </Button>
      </section>
    </>
  );
}
