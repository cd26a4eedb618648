import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { usePeople } from '../../engine/use-module';
import { LabelSelect } from '../../lib/label-select';
import { UploadOutlined } from '@ant-design/icons';
import { SEAL_IMAGE, SEAL_KINDS, type SealItem, type SealSave } from '@oa/shared/contract/seals';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { fileBase64, sealsApi } from './seals.api';

type Values = Omit<SealSave, 'imagePng' | 'id'>;

/** Add or edit a seal: name, kind, department, the transparent PNG (checked again by the server), keepers, requesters. */
export function SealForm({ seal, open, onClose }: { seal: SealItem | null; open: boolean; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const [image, setImage] = useState<{ name: string; base64: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const { users, depts } = usePeople();
  const userOptions = users.map((u) => ({ value: u.userCode, label: `${u.userName}（${u.userCode}）` }));
  const deptOptions = depts.map((d) => ({ value: d.deptCode, label: d.deptName }));
  const roles = useQuery({ queryKey: ['seals', 'roles'], queryFn: sealsApi.roles, enabled: open });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.code, label: r.name }));
  const initial: Partial<Values> = seal
    ? {
        name: seal.name,
        kind: seal.kind,
        deptCode: seal.deptCode,
        keepers: seal.keepers.map((k) => k.code),
        requesterRoles: seal.requesterRoles.map((r) => r.code),
        requesterDepts: seal.requesterDepts.map((d) => d.code),
        enabled: seal.enabled,
      }
    : { kind: 'org', enabled: 'Y', keepers: [], requesterRoles: [], requesterDepts: [] };
  const save = async () => {
    const v = await form.validateFields();
    if (!seal && !image) return feedback().message.error('请上传印章图片');
    setSaving(true);
    try {
      await sealsApi.save({ ...v, id: seal?.id, imagePng: image?.base64 });
      feedback().message.success(seal ? '印章已保存' : '印章已添加');
      onClose(true);
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={seal ? '编辑印章' : '添加印章'}
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="name" label="印章名称" rules={[{ required: true, message: '请输入印章名称' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="kind" label="印章类别">
          <Radio.Group options={Object.entries(SEAL_KINDS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="deptCode" label="所属部门（部门印章）">
          <LabelSelect allowClear showSearch placeholder="选择部门" options={deptOptions} />
        </Form.Item>
        <Form.Item label={`印章图片（透明背景 PNG，${SEAL_IMAGE.minPx}–${SEAL_IMAGE.maxPx} 像素，不超过 300 KB）`}>
          <Space>
            <Upload
              accept=".png,image/png"
              showUploadList={false}
              beforeUpload={(f) => {
                void fileBase64(f).then((base64) => setImage({ name: f.name, base64 }));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{seal ? '更换图片' : '选择图片'}</Button>
            </Upload>
            <span data-testid="seal-image-name">{image?.name ?? (seal ? `${seal.width}×${seal.height} 像素` : '未选择')}</span>
          </Space>
        </Form.Item>
        <Form.Item name="keepers" label="保管人" rules={[{ required: true, message: '请选择至少一名保管人' }]}>
          <LabelSelect mode="multiple" placeholder="搜索并选择人员" options={userOptions} />
        </Form.Item>
        <Form.Item name="requesterRoles" label="可申请角色（不填为所有人）">
          <LabelSelect mode="multiple" placeholder="选择角色" loading={roles.isLoading} options={roleOptions} />
        </Form.Item>
        <Form.Item name="requesterDepts" label="可申请部门（不填为所有人）">
          <LabelSelect mode="multiple" placeholder="选择部门" options={deptOptions} />
        </Form.Item>
        <Form.Item name="enabled" label="状态">
          <Radio.Group
            options={[
              { value: 'Y', label: '启用' },
              { value: 'N', label: '停用' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
