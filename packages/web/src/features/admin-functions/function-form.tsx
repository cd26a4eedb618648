import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space, Switch, TreeSelect } from 'antd';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { MENU_TYPES, type FunctionBody } from '@oa/shared/contract/admin-roles';
import { buildTree, type TreeNode } from '@oa/shared/format/tree';
import { IconPicker } from './icon-picker';

interface Props {
  /** the function edited, or a draft of a new one (isNew) */
  value: Partial<FunctionItem> | null;
  isNew: boolean;
  functions: FunctionItem[];
  canEdit: boolean;
  saving: boolean;
  onSave: (b: FunctionBody) => void;
  onCancel: () => void;
}

type Values = Omit<FunctionBody, 'isHidden' | 'isLink' | 'noCache'> & { isHidden: boolean; isLink: boolean; noCache: boolean };

interface ParentOption {
  title: string;
  value: string;
  children: ParentOption[];
}
const toOption = (f: TreeNode<FunctionItem>): ParentOption => ({ title: f.funName, value: f.funCode, children: f.children.map(toOption) });

/** Every field of a function (spec §3). */
export function FunctionForm({ value, isNew, functions, canEdit, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<Values>();
  const menuType = Form.useWatch('menuType', form);
  const isLink = Form.useWatch('isLink', form);
  useEffect(() => {
    form.resetFields();
    if (value)
      form.setFieldsValue({
        ...value,
        isHidden: value.isHidden === 'Y',
        isLink: value.isLink === 'Y',
        noCache: value.noCache === 'Y',
      } as Partial<Values>);
  }, [value, form]);
  const parents = buildTree(
    functions.filter((f) => f.menuType !== '2' && f.funCode !== value?.funCode),
    { id: 'funCode', parentId: 'parentCode' },
  ).map(toOption);
  const yn = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
  const submit = () =>
    void form.validateFields().then(
      (v) => onSave({ ...v, isHidden: yn(v.isHidden), isLink: yn(v.isLink), noCache: yn(v.noCache) }),
      () => undefined,
    );
  return (
    <Form form={form} labelCol={{ span: 5 }} disabled={!canEdit} style={{ maxWidth: 640 }}>
      <Form.Item name="menuType" label="类型" rules={[{ required: true, message: '请选择功能类型' }]}>
        <Radio.Group options={MENU_TYPES.map((m) => ({ value: m.value, label: m.label }))} optionType="button" />
      </Form.Item>
      <Form.Item
        name="funCode"
        label="功能编码"
        rules={[
          { required: true, message: '请输入功能编码' },
          { pattern: /^[A-Za-z0-9_:.-]+$/, message: '只能包含字母、数字、下划线、冒号、点和横线' },
        ]}
      >
        <Input maxLength={64} disabled={!isNew || !canEdit} />
      </Form.Item>
      <Form.Item name="funName" label="功能名称" rules={[{ required: true, whitespace: true, message: '请输入功能名称' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="parentCode" label="上级功能">
        <TreeSelect treeData={parents} allowClear showSearch={{ treeNodeFilterProp: 'title' }} placeholder="无（顶级）" />
      </Form.Item>
      {menuType !== '0' && menuType !== '2' && (
        <>
          <Form.Item name="router" label="路由" rules={[{ pattern: /^(\/\S*)?$/, message: '路由须以 / 开头' }]}>
            <Input maxLength={255} placeholder="/user" />
          </Form.Item>
          <Form.Item
            name="routerSelected"
            label="选中菜单"
            extra="隐藏页面打开时高亮的菜单路由"
            rules={[{ pattern: /^(\/\S*)?$/, message: '路由须以 / 开头' }]}
          >
            <Input maxLength={255} />
          </Form.Item>
        </>
      )}
      <Form.Item name="sortNo" label="排序">
        <InputNumber min={0} max={99999} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="icon" label="图标">
        <IconPicker />
      </Form.Item>
      <Form.Item label="选项">
        <Space size="large" wrap>
          <Form.Item name="isHidden" valuePropName="checked" noStyle>
            <Switch checkedChildren="隐藏" unCheckedChildren="显示" />
          </Form.Item>
          <Form.Item name="isLink" valuePropName="checked" noStyle>
            <Switch checkedChildren="外链" unCheckedChildren="内部" />
          </Form.Item>
          <Form.Item name="noCache" valuePropName="checked" noStyle>
            <Switch checkedChildren="不缓存" unCheckedChildren="缓存" />
          </Form.Item>
        </Space>
      </Form.Item>
      {isLink && (
        <Form.Item name="linkUrl" label="外链地址" rules={[{ required: true, message: '请输入外链地址' }]}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
      )}
      {canEdit && (
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            <Button type="primary" loading={saving} onClick={submit}>
              保存
            </Button>
            {isNew && <Button onClick={onCancel}>取消</Button>}
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}
