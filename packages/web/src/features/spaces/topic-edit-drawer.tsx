import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Radio, Select, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { FILE_API } from '@oa/shared/contract/files-api';
import { PICKER_DEPTS_PATH, PICKER_USERS_PATH, type UserOption } from '@oa/shared/contract/records';
import { SPACE_META, type SpaceKind, type TopicDetail } from '@oa/shared/contract/spaces';
import { uploadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage, http, unwrap } from '../../lib/http-client';
import { RichTextField } from '../../lib/rich-text-field';
import { spacesApi } from './spaces.api';
import { LabelSelect } from '../../lib/label-select';

type Att = UploadFile & { fileId?: string };
interface Values {
  title: string;
  bodyHtml: string;
  scope: 'all' | 'scoped';
  depts: string[];
  users: string[];
}

/** New or edited topic: title, rich text, scope (everyone, or departments and people), files. */
export function TopicEditDrawer({
  kind,
  topic,
  open,
  myDept,
  onClose,
  onSaved,
}: {
  kind: SpaceKind;
  topic: TopicDetail | null;
  open: boolean;
  myDept: string | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<Att[]>([]);
  const [busy, setBusy] = useState(false);
  const depts = useQuery({
    queryKey: ['picker', 'depts'],
    queryFn: async () => unwrap(await http.get<Array<{ deptCode: string; deptName: string }>>(PICKER_DEPTS_PATH)),
    enabled: open,
  });
  const users = useQuery({
    queryKey: ['picker', 'users'],
    queryFn: async () => unwrap(await http.get<UserOption[]>(PICKER_USERS_PATH)),
    enabled: open,
  });
  useEffect(() => {
    if (!open) return;
    if (topic) {
      form.setFieldsValue({
        title: topic.title,
        bodyHtml: topic.bodyHtml,
        scope: topic.scope,
        depts: topic.readers.filter((r) => r.kind === 'dept').map((r) => r.code),
        users: topic.readers.filter((r) => r.kind === 'user').map((r) => r.code),
      });
      setFiles(topic.files.map((f) => ({ uid: f.fileId, name: f.fileName, status: 'done', fileId: f.fileId })));
    } else {
      form.setFieldsValue({
        title: '',
        bodyHtml: '',
        scope: kind === 'dept' ? 'scoped' : 'all',
        depts: kind === 'dept' && myDept ? [myDept] : [],
        users: [],
      });
      setFiles([]);
    }
  }, [open, topic, form, kind, myDept]);
  const upload = async (file: File) => {
    const uid = `${Date.now()}-${file.name}`;
    setFiles((xs) => [...xs, { uid, name: file.name, status: 'uploading' }]);
    try {
      const up = await uploadFile(FILE_API.upload, file, file.name, { fields: { scope: 'private' } });
      setFiles((xs) => xs.map((x) => (x.uid === uid ? { ...x, status: 'done', fileId: up.fileId } : x)));
    } catch (err) {
      setFiles((xs) => xs.filter((x) => x.uid !== uid));
      feedback().message.error(errorMessage(err, '上传失败'));
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await spacesApi.saveTopic({
        ...(topic ? { id: topic.id } : {}),
        kind,
        title: v.title,
        bodyHtml: v.bodyHtml ?? '',
        scope: v.scope,
        readers:
          v.scope === 'scoped'
            ? [
                ...(v.depts ?? []).map((code) => ({ kind: 'dept' as const, code })),
                ...(v.users ?? []).map((code) => ({ kind: 'user' as const, code })),
              ]
            : [],
        files: files.filter((f) => f.fileId).map((f) => ({ fileId: f.fileId!, fileName: f.name })),
      });
      feedback().message.success('已保存');
      onSaved(r.id);
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={860}
      title={`${topic ? '修改' : '新建'}${SPACE_META[kind].topicLabel}`}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="topic-save">
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input maxLength={200} showCount data-testid="topic-title" />
        </Form.Item>
        <Form.Item name="scope" label="可见范围">
          <Radio.Group
            options={[
              { value: 'all', label: '全体人员' },
              { value: 'scoped', label: '指定部门或人员' },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.scope !== b.scope}>
          {({ getFieldValue }) =>
            getFieldValue('scope') === 'scoped' ? (
              <>
                <Form.Item
                  name="depts"
                  label="可见部门"
                  dependencies={['users']}
                  rules={[
                    {
                      validator: async (_r, v?: string[]) => {
                        if (!v?.length && !(getFieldValue('users') as string[] | undefined)?.length) throw new Error('请选择部门或人员');
                      },
                    },
                  ]}
                >
                  <LabelSelect
                    mode="multiple"
                    options={(depts.data ?? []).map((d) => ({ value: d.deptCode, label: d.deptName }))}
                    data-testid="topic-depts"
                  />
                </Form.Item>
                <Form.Item name="users" label="可见人员">
                  <Select
                    mode="multiple"
                    optionFilterProp="label"
                    placeholder="搜索姓名或账号"
                    options={(users.data ?? []).map((u) => ({
                      value: u.userCode,
                      label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''} ${u.userCode}`,
                    }))}
                    data-testid="topic-users"
                  />
                </Form.Item>
              </>
            ) : null
          }
        </Form.Item>
        <Form.Item name="bodyHtml" label="内容" rules={[{ required: true, message: '请输入内容' }]}>
          <RichTextField />
        </Form.Item>
        <Form.Item label="文件">
          <Upload
            multiple
            fileList={files}
            beforeUpload={(f) => {
              void upload(f);
              return false;
            }}
            onRemove={(f) => setFiles((xs) => xs.filter((x) => x.uid !== f.uid))}
          >
            <Button icon={<UploadOutlined />}>上传文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
