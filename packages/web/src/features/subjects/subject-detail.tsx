import { Card, Descriptions, Empty, List, Table, Tabs, Timeline } from 'antd';
import dayjs from 'dayjs';
import { toChineseMoney } from '@oa/shared/format/chinese-money';
import {
  CONTRACT_STATUS_LABELS,
  REPORT_KIND_LABELS,
  SUBJECT_CONTRACT_MODULE,
  SUBJECT_MODULE,
  type SubjectDetail,
} from '@oa/shared/contract/subjects';
import { CONTRACT_FIELDS, CONTRACT_STEPS, DECLARE_FIELDS, DECLARE_STEPS } from '@oa/shared/contract/subjects-steps';
import { notifyError } from '../../lib/notify-error';
import { StepView } from '../../components/subject-step-view';
import { StatusTag, money } from './subject-columns';
import { subjectsApi } from './subjects.api';
import { ApprovalPanel } from './approval-panel';
import { SubjectActions } from './subject-actions';

export function SubjectHeader({ s }: { s: SubjectDetail }) {
  return (
    <Descriptions bordered size="small" column={3} data-testid="subject-header">
      <Descriptions.Item label="课题名称" span={2}>
        {s.name}
      </Descriptions.Item>
      <Descriptions.Item label="课题编号">{s.code ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="申报批次">{s.batchName}</Descriptions.Item>
      <Descriptions.Item label="承担单位">{s.orgName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="负责人">{s.leaderName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <span data-testid="subject-status">
          <StatusTag status={s.status} />
        </span>
      </Descriptions.Item>
      <Descriptions.Item label="合同">{CONTRACT_STATUS_LABELS[s.contractStatus]}</Descriptions.Item>
      <Descriptions.Item label="专家平均分">{s.scoreAvg ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="申请经费" span={3}>
        {money(s.budget)} 元{s.budget ? `（${toChineseMoney(s.budget)}）` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="研究期限">
        {s.startDate ?? '—'} 至 {s.endDate ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label="已拨付">{money(s.fundIn)} 元</Descriptions.Item>
      <Descriptions.Item label="已支出">{money(s.fundOut)} 元</Descriptions.Item>
    </Descriptions>
  );
}

/** A subject as staff see it: header, actions, approvals, declaration, reviews, reports, trail. */
export function SubjectDetailView({ s, onChanged, only }: { s: SubjectDetail; onChanged: () => void; only?: 'base' }) {
  if (only === 'base') {
    return (
      <>
        <SubjectHeader s={s} />
        <Card type="inner" title="申请表" style={{ marginTop: 16 }}>
          <StepView steps={DECLARE_STEPS.slice(0, 1)} fields={DECLARE_FIELDS} data={s.declaration} />
        </Card>
      </>
    );
  }
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <SubjectActions s={s} onDone={onChanged} />
      </div>
      <SubjectHeader s={s} />
      <div style={{ height: 16 }} />
      <ApprovalPanel moduleCode={SUBJECT_MODULE} recordId={s.id} title="立项审批" onDone={onChanged} />
      <ApprovalPanel moduleCode={SUBJECT_CONTRACT_MODULE} recordId={s.id} title="合同签订审批" onDone={onChanged} />
      <Tabs
        items={[
          {
            key: 'declaration',
            label: '申报书',
            children: <StepView steps={DECLARE_STEPS} fields={DECLARE_FIELDS} data={s.declaration} />,
          },
          {
            key: 'reviews',
            label: `专家评审（${s.reviews.filter((r) => r.scoredAt).length}/${s.reviews.length}）`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={s.reviews}
                locale={{ emptyText: '尚未指定评审专家' }}
                columns={[
                  { title: '评审专家', dataIndex: 'expertName' },
                  { title: '评分', dataIndex: 'score', render: (v: number | null) => v ?? '未评' },
                  { title: '评审意见', dataIndex: 'opinion' },
                  {
                    title: '评审时间',
                    dataIndex: 'scoredAt',
                    render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
                  },
                ]}
              />
            ),
          },
          {
            key: 'contract',
            label: '合同',
            children:
              s.contractStatus === 'none' ? (
                <Empty description="申报人尚未填写合同" />
              ) : (
                <StepView steps={CONTRACT_STEPS} fields={CONTRACT_FIELDS} data={s.contract} />
              ),
          },
          {
            key: 'reports',
            label: `进展报告（${s.reports.length}）`,
            children: (
              <List
                dataSource={s.reports}
                locale={{ emptyText: '暂无报告' }}
                renderItem={(r) => (
                  <List.Item
                    actions={
                      r.fileId
                        ? [
                            <a key="f" onClick={() => void subjectsApi.download(r.fileId!, r.fileName ?? '附件').catch(notifyError)}>
                              {r.fileName}
                            </a>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      title={`【${REPORT_KIND_LABELS[r.kind]}】${r.title}`}
                      description={`${dayjs(r.createdAt).format('YYYY-MM-DD HH:mm')} · ${r.content ?? ''}`}
                    />
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'logs',
            label: '办理记录',
            children: (
              <Timeline
                items={s.logs.map((l) => ({
                  children: (
                    <span>
                      {dayjs(l.at).format('YYYY-MM-DD HH:mm')} · {l.actorName ?? l.actor}：{l.note}
                    </span>
                  ),
                }))}
              />
            ),
          },
        ]}
      />
    </>
  );
}
