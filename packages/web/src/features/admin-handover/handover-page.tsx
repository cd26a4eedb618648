import { useEffect, useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Flex, List, Select, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { HandoverPerson } from '@oa/shared/contract/handover';
import { debounce } from '@oa/shared/format/debounce';
import { feedback } from '../../lib/feedback';
import { confirmAction } from '../../lib/notify-error';
import { handoverApi } from './handover.api';

/** One person, searched by account, name or pinyin; disabled people are offered too and marked. */
function PersonSelect(props: {
  value: string | null;
  onChange: (v: string | null) => void;
  placeholder: string;
  /** the field's name, read out for the search box (the text before it on screen is not its label) */
  label: string;
  activeOnly?: boolean;
  testId: string;
}) {
  // a person handed in by the link (/user's 有待交接工作) is looked up by account, so the picker shows the name
  const [keyword, setKeyword] = useState(props.value ?? '');
  const [onSearch] = useState(() => debounce((v: string) => setKeyword(v), 300));
  const q = useQuery({ queryKey: ['handover', 'people', keyword], queryFn: () => handoverApi.people(keyword || undefined) });
  const label = (p: HandoverPerson) => `${p.userName}（${p.deptName ?? '无部门'}）${p.active ? '' : ' · 已停用'} ${p.userCode}`;
  return (
    <Select
      allowClear
      value={props.value ?? undefined}
      onChange={(v?: string) => props.onChange(v ?? null)}
      placeholder={props.placeholder}
      aria-label={props.label}
      showSearch={{ filterOption: false, onSearch: (v: string) => onSearch(v) }}
      options={(q.data ?? []).filter((p) => !props.activeOnly || p.active).map((p) => ({ value: p.userCode, label: label(p) }))}
      style={{ width: 320 }}
      data-testid={props.testId}
    />
  );
}

/** /handover — 工作交接: everything a leaving or moving person holds, moved to a successor in one go. */
export default function HandoverPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const linked = params.get('from');
  const [from, setFrom] = useState<string | null>(linked);
  useEffect(() => {
    if (linked) setFrom(linked);
  }, [linked]);
  const [to, setTo] = useState<string | null>(null);
  const preview = useQuery({ queryKey: ['handover', 'preview', from], queryFn: () => handoverApi.preview(from!), enabled: !!from });
  const data = preview.data;
  const confirm = () =>
    void confirmAction(
      `确定将「${data?.userName ?? ''}」的 ${data?.total ?? 0} 项工作全部交接给所选接收人吗？交接后不可撤销。`,
      async () => {
        const out = await handoverApi.confirm(from!, to!);
        feedback().message.success(`已交接 ${out.total} 项工作`);
        await qc.invalidateQueries({ queryKey: ['handover'] });
      },
    );
  return (
    <Card size="small" title="工作交接">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Alert
          type="info"
          showIcon
          message="人员离职或调岗时，将其待办任务、待阅抄送、委托代理、流程中指定的审批人和流程管理员、督办任务、公文登记与承办、组织的会议和栏目发布权限一次性移交给接收人；交接双方都会收到消息，操作记入审计。"
        />
        <Flex gap={12} align="center" wrap>
          <span>交接人</span>
          <PersonSelect
            key={linked ?? ''}
            value={from}
            onChange={setFrom}
            placeholder="搜索离职或调岗人员"
            label="交接人"
            testId="handover-from"
          />
          <span>接收人</span>
          <PersonSelect value={to} onChange={setTo} placeholder="搜索接收人" label="接收人" activeOnly testId="handover-to" />
          <Button type="primary" disabled={!from || !to || !data?.total} onClick={confirm} data-testid="handover-confirm">
            确认交接
          </Button>
        </Flex>
        {!from ? (
          <Empty description="请选择交接人，查看其持有的工作" />
        ) : data ? (
          <>
            <Typography.Text>
              {data.userName} {data.active ? <Tag color="success">在岗</Tag> : <Tag color="error">已停用</Tag>}共持有 <b>{data.total}</b>{' '}
              项工作
            </Typography.Text>
            <Collapse
              defaultActiveKey={data.groups.filter((g) => g.items.length).map((g) => g.kind)}
              items={data.groups.map((g) => ({
                key: g.kind,
                label: (
                  <span>
                    {g.label} <Tag color={g.items.length ? 'blue' : 'default'}>{g.items.length}</Tag>
                  </span>
                ),
                children: g.items.length ? (
                  <List
                    size="small"
                    dataSource={g.items}
                    renderItem={(i) => (
                      <List.Item>
                        <List.Item.Meta title={i.title} description={i.detail} />
                      </List.Item>
                    )}
                  />
                ) : (
                  <Typography.Text type="secondary">无</Typography.Text>
                ),
              }))}
            />
          </>
        ) : null}
      </Space>
    </Card>
  );
}
