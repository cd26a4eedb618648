import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSPORT_KINDS } from '@oa/shared/modules/abroad.module';
import { passportBookBody, type PassportBookItem } from '@oa/shared/contract/approval-modules';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { passportApi } from './passport.api';
import { notifyError } from '../../lib/notify-error';
import { actionLink } from '../../lib/action-link';

interface FormValues {
  holderName?: string;
  holderCode?: string;
  passportKind?: string;
  passportNo?: string;
  issueDate?: dayjs.Dayjs;
  expiryDate?: dayjs.Dayjs;
  remark?: string;
}

/** The passport custody register: managers register passports; lending and return follow approved applications. */
export function PassportBook({ onOpenRecord }: { onOpenRecord: (id: string) => void }) {
  const qc = useQueryClient();
  const canManage = useCan('oa_passport:manage');
  const q = useQuery({ queryKey: ['passports'], queryFn: passportApi.passports });
  const [editing, setEditing] = useState<PassportBookItem | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['passports'] });
  const save = async () => {
    const v = form.getFieldsValue(true) as FormValues;
    const body = {
      ...v,
      id: editing !== 'new' ? editing?.id : undefined,
      issueDate: v.issueDate?.format('YYYY-MM-DD') ?? null,
      expiryDate: v.expiryDate?.format('YYYY-MM-DD') ?? null,
    };
    const parsed = passportBookBody.safeParse(body);
    if (!parsed.success)
      return form.setFields(parsed.error.issues.map((i) => ({ name: i.path.join('.') as keyof FormValues, errors: [i.message] })));
    try {
      await passportApi.savePassport(parsed.data);
      feedback().message.success('已保存');
      setEditing(null);
      await refresh();
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async (id: string) => {
    try {
      await passportApi.removePassport(id);
      await refresh();
    } catch (err) {
      notifyError(err);
    }
  };
  const open = (p: PassportBookItem | 'new') => {
    form.resetFields();
    if (p !== 'new')
      form.setFieldsValue({
        ...p,
        holderCode: p.holderCode ?? undefined,
        remark: p.remark ?? undefined,
        issueDate: p.issueDate ? dayjs(p.issueDate) : undefined,
        expiryDate: p.expiryDate ? dayjs(p.expiryDate) : undefined,
      });
    setEditing(p);
  };
  return (
    <div data-testid="passport-book">
      {canManage ? (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => open('new')}>
          登记证件
        </Button>
      ) : null}
      <Table<PassportBookItem>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: '暂无保管的证件' }}
        columns={[
          { title: '持照人', dataIndex: 'holderName' },
          { title: '证件类型', dataIndex: 'passportKind' },
          { title: '证件号码', dataIndex: 'passportNo' },
          { title: '签发日期', dataIndex: 'issueDate' },
          {
            title: '有效期至',
            dataIndex: 'expiryDate',
            render: (v: string | null, r) => (
              <Space>
                {v}
                {r.expiringSoon ? <Tag color="warning">即将到期</Tag> : null}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string, r) =>
              v === 'out' ? (
                <a {...actionLink(() => r.recordId && onOpenRecord(r.recordId))}>
                  <Tag color="processing">已借出</Tag>
                </a>
              ) : (
                <Tag color="success">在库</Tag>
              ),
          },
          { title: '备注', dataIndex: 'remark' },
          ...(canManage
            ? [
                {
                  key: 'op',
                  title: '操作',
                  render: (_: unknown, r: PassportBookItem) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => open(r)}>
                        编辑
                      </Button>
                      <Popconfirm title="确定删除该证件登记吗？" okText="删除" cancelText="取消" onConfirm={() => remove(r.id)}>
                        <Button type="link" size="small" danger disabled={r.status === 'out'}>
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '登记证件' : '编辑证件'}
        okText="保存"
        cancelText="取消"
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="holderName" label="持照人" required>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="holderCode" label="持照人账号" extra="本单位人员填写账号，本人可在此查看自己的证件">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="passportKind" label="证件类型" required>
            <Select options={[...PASSPORT_KINDS]} />
          </Form.Item>
          <Form.Item name="passportNo" label="证件号码" required>
            <Input maxLength={17} />
          </Form.Item>
          <Space>
            <Form.Item name="issueDate" label="签发日期">
              <DatePicker />
            </Form.Item>
            <Form.Item name="expiryDate" label="有效期至">
              <DatePicker />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
