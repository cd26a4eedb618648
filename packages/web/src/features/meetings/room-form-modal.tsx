import { useState } from 'react';
import { Button, Form, Image, Input, InputNumber, Modal, Radio, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ROOM_EQUIPMENT, type MeetingRoom, type RoomBody } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { uploadFile } from '../../lib/files-transfer';
import { imageUrl } from '../../lib/files-url';
import { feedback } from '../../lib/feedback';
import { meetingsApi } from './meetings.api';
import { LabelSelect } from '../../lib/label-select';

/** Add or edit a room of the register. */
export function RoomFormModal({ room, onClose, onSaved }: { room: MeetingRoom | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<RoomBody>();
  const [saving, setSaving] = useState(false);
  const users = useQuery({ queryKey: ['meetings', 'users'], queryFn: meetingsApi.users, staleTime: 600_000 });
  const needApproval = Form.useWatch('needApproval', form);
  const [photo, setPhoto] = useState<string | null>(room?.photoFileId ?? null);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await meetingsApi.saveRoom({ ...v, id: room?.id, equipment: v.equipment ?? [], sortNo: v.sortNo ?? 0, photoFileId: photo });
      feedback().message.success('保存成功');
      onSaved();
    } catch (err) {
      feedback().message.error(errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={room ? '编辑会议室' : '新增会议室'}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      width={620}
      okText="保存"
    >
      <Form<RoomBody>
        form={form}
        layout="vertical"
        initialValues={room ?? { needApproval: 'N', available: 'Y', capacity: 10, equipment: [], sortNo: 0 }}
      >
        <Form.Item name="name" label="会议室名称" rules={[{ required: true, whitespace: true, message: '请输入会议室名称' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Space>
          <Form.Item name="building" label="楼宇">
            <Input maxLength={50} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="floor" label="楼层">
            <Input maxLength={20} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="roomNo" label="房间号">
            <Input maxLength={20} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="capacity" label="容纳人数" rules={[{ required: true, message: '请输入容纳人数' }]}>
            <InputNumber min={1} max={2000} />
          </Form.Item>
        </Space>
        <Form.Item name="equipment" label="设备">
          <LabelSelect mode="tags" options={ROOM_EQUIPMENT.map((e) => ({ value: e, label: e }))} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="needApproval" label="预订需审批">
            <Radio.Group
              options={[
                { value: 'Y', label: '需要' },
                { value: 'N', label: '不需要' },
              ]}
            />
          </Form.Item>
          <Form.Item name="available" label="状态">
            <Radio.Group
              options={[
                { value: 'Y', label: '可用' },
                { value: 'N', label: '暂停使用' },
              ]}
            />
          </Form.Item>
          <Form.Item name="sortNo" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Space>
        {needApproval === 'Y' && (
          <Form.Item name="approver" label="审批人" rules={[{ required: true, message: '需要审批的会议室请选择审批人' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={(users.data ?? []).map((u) => ({
                value: u.userCode,
                label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item label="会议室照片">
          <Space align="start">
            {photo && <Image src={imageUrl(photo)} width={120} height={80} style={{ objectFit: 'cover' }} />}
            <Upload
              accept="image/png,image/jpeg"
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  const f = file as File;
                  const r = await uploadFile('/api/auth/base/system/file/upload', f, f.name);
                  setPhoto(r.fileId);
                  onSuccess?.(r);
                } catch (err) {
                  feedback().message.error(errorMessage(err, '上传失败'));
                  onError?.(err as Error);
                }
              }}
            >
              <Button icon={<UploadOutlined />}>{photo ? '更换照片' : '上传照片'}</Button>
            </Upload>
            {photo && (
              <Button type="link" danger onClick={() => setPhoto(null)}>
                移除
              </Button>
            )}
          </Space>
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
