import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnBody, NewsColumn } from '@oa/shared/contract/news';
import { buildTree, type TreeNode } from '@oa/shared/format/tree';
import { PICKER_DEPTS_PATH } from '@oa/shared/contract/records';
import { feedback } from '../../lib/feedback';
import { errorMessage, http, unwrap } from '../../lib/http-client';
import { newsApi } from './news.api';
import { LabelSelect } from '../../lib/label-select';

type Row = Omit<NewsColumn, 'children'> & { children?: Row[] };
const prune = (n: TreeNode<NewsColumn>): Row => ({ ...n, children: n.children.length ? n.children.map(prune) : undefined });
interface DeptOpt {
  deptCode: string;
  deptName: string;
}

/** 栏目管理: the column tree with its read scope (everyone, or chosen departments). Publishers are granted on /information/columnUserAuth. */
export function ColumnManager() {
  const qc = useQueryClient();
  const cols = useQuery({ queryKey: ['news', 'columns'], queryFn: newsApi.columns });
  const depts = useQuery({ queryKey: ['picker', 'depts'], queryFn: async () => unwrap(await http.get<DeptOpt[]>(PICKER_DEPTS_PATH)) });
  const [editing, setEditing] = useState<{ isNew: boolean; value: Partial<ColumnBody> } | null>(null);
  const [form] = Form.useForm<ColumnBody & { depts: string[] }>();
  const tree = buildTree(cols.data ?? [], { id: 'columnCode', parentId: 'parentCode' }).map(prune);
  const deptName = new Map((depts.data ?? []).map((d) => [d.deptCode, d.deptName]));

  const open = (isNew: boolean, c?: NewsColumn) => {
    setEditing({ isNew, value: c ?? {} });
    form.setFieldsValue(
      c
        ? { ...c, depts: c.readers.filter((r) => r.kind === 'dept').map((r) => r.code) }
        : { columnCode: '', columnName: '', parentCode: null, sortNo: 0, readScope: 'all', depts: [], remark: '' },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    const body: ColumnBody = {
      columnCode: v.columnCode,
      columnName: v.columnName,
      parentCode: v.parentCode || null,
      sortNo: v.sortNo ?? 0,
      readScope: v.readScope,
      remark: v.remark || null,
      readers: v.readScope === 'scoped' ? (v.depts ?? []).map((code) => ({ kind: 'dept' as const, code })) : [],
    };
    try {
      if (editing?.isNew) await newsApi.createColumn(body);
      else await newsApi.updateColumn(body);
      feedback().message.success('栏目已保存');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: ['news'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open(true)}>
        新增栏目
      </Button>
      <Table<Row>
        rowKey="columnCode"
        size="middle"
        loading={cols.isLoading}
        dataSource={tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        columns={[
          { title: '栏目名称', dataIndex: 'columnName' },
          { title: '编码', dataIndex: 'columnCode', width: 160 },
          {
            title: '阅读范围',
            key: 'scope',
            render: (_: unknown, c) =>
              c.readScope === 'all' ? (
                <Tag color="green">全体人员</Tag>
              ) : (
                <Space wrap size={2}>
                  {c.readers.map((r) => (
                    <Tag key={r.code}>{deptName.get(r.code) ?? r.code}</Tag>
                  ))}
                </Space>
              ),
          },
          { title: '已发布', dataIndex: 'articleCount', width: 80 },
          { title: '排序', dataIndex: 'sortNo', width: 70 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_: unknown, c) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => open(false, c as NewsColumn)}>
                  修改
                </Button>
                <Popconfirm
                  title="确定删除该栏目？"
                  onConfirm={async () => {
                    try {
                      await newsApi.deleteColumn(c.columnCode);
                      await qc.invalidateQueries({ queryKey: ['news'] });
                    } catch (err) {
                      feedback().message.error(errorMessage(err));
                    }
                  }}
                >
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.isNew ? '新增栏目' : '修改栏目'}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="columnCode"
            label="栏目编码"
            rules={[{ required: true, pattern: /^[a-zA-Z][a-zA-Z0-9_]{1,63}$/, message: '以字母开头，只含字母、数字和下划线' }]}
          >
            <Input disabled={!editing?.isNew} />
          </Form.Item>
          <Form.Item name="columnName" label="栏目名称" rules={[{ required: true, whitespace: true, message: '请输入栏目名称' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="parentCode" label="上级栏目">
            <Select
              allowClear
              options={(cols.data ?? [])
                .filter((c) => c.columnCode !== editing?.value.columnCode)
                .map((c) => ({ value: c.columnCode, label: c.columnName }))}
            />
          </Form.Item>
          <Form.Item name="sortNo" label="排序">
            <InputNumber min={0} max={99999} />
          </Form.Item>
          <Form.Item name="readScope" label="阅读范围">
            <Radio.Group
              options={[
                { value: 'all', label: '全体人员' },
                { value: 'scoped', label: '指定部门' },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.readScope !== b.readScope}>
            {({ getFieldValue }) =>
              getFieldValue('readScope') === 'scoped' ? (
                <Form.Item name="depts" label="可阅读的部门" rules={[{ required: true, message: '请选择部门' }]}>
                  <LabelSelect mode="multiple" options={(depts.data ?? []).map((d) => ({ value: d.deptCode, label: d.deptName }))} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
