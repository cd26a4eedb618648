import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { useNavigate } from 'react-router';
import type { SubjectDetail } from '@oa/shared/contract/subjects';
import { UserPicker } from '../../components/user-picker';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { subjectsApi } from './subjects.api';

type Dialog = 'formCheck' | 'score' | 'midterm' | 'complete' | 'terminate';
const TITLES: Record<Dialog, string> = {
  formCheck: '形式审查',
  score: '专家评审',
  midterm: '中期检查结论',
  complete: '结题验收',
  terminate: '终止课题',
};

/** What the viewer may do on a subject: format check, score, decisions after the contract, book money. */
export function SubjectActions({ s, onDone }: { s: SubjectDetail; onDone: () => void }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const open = (d: Dialog) => {
    form.resetFields();
    setDialog(d);
  };
  const run = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      let done = '操作成功';
      if (dialog === 'formCheck') {
        await subjectsApi.formCheck({
          id: s.id,
          pass: v.pass === true,
          opinion: (v.opinion as string) || undefined,
          experts: (v.experts as string[]) ?? [],
        });
        done = v.pass ? '形式审查通过，已送专家评审' : '已退回申报人修改';
      } else if (dialog === 'score') {
        const r = await subjectsApi.score({ id: s.id, score: Number(v.score), opinion: String(v.opinion) });
        done = r.closed ? '评审意见已提交，专家评审完成，已提交立项审批' : '评审意见已提交';
      } else if (dialog) {
        await subjectsApi.decide({
          id: s.id,
          action: dialog as 'midterm' | 'complete' | 'terminate',
          pass: dialog === 'terminate' ? true : v.pass === true,
          opinion: String(v.opinion),
        });
      }
      feedback().message.success(done);
      setDialog(null);
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const c = s.can;
  return (
    <Space wrap data-testid="subject-actions">
      {c.formCheck && (
        <Button type="primary" onClick={() => open('formCheck')}>
          形式审查
        </Button>
      )}
      {c.score && (
        <Button type="primary" onClick={() => open('score')}>
          评审打分
        </Button>
      )}
      {c.decide && s.status === 'expert_review' && s.reviews.every((r) => r.scoredAt) && s.reviews.length > 0 && (
        <Button
          onClick={() =>
            void subjectsApi.resubmit(s.id).then(() => {
              feedback().message.success('已提交立项审批');
              onDone();
            }, notifyError)
          }
        >
          重新提交立项审批
        </Button>
      )}
      {c.decide && s.status === 'midterm' && (
        <Button type="primary" onClick={() => open('midterm')}>
          中期检查结论
        </Button>
      )}
      {c.decide && s.status === 'completion_requested' && (
        <Button type="primary" onClick={() => open('complete')}>
          结题验收
        </Button>
      )}
      {c.decide && ['approved', 'in_progress', 'midterm', 'completion_requested'].includes(s.status) && (
        <Button danger onClick={() => open('terminate')}>
          终止课题
        </Button>
      )}
      {c.fund && <Button onClick={() => navigate(`/addFoundation?subjectId=${encodeURIComponent(s.id)}`)}>经费台账</Button>}
      {s.contractStatus !== 'none' && (
        <Button onClick={() => navigate(`/foundation/addContract?id=${encodeURIComponent(s.id)}`)}>查看合同</Button>
      )}
      <Modal
        title={dialog ? TITLES[dialog] : ''}
        open={!!dialog}
        onCancel={() => setDialog(null)}
        onOk={() => void run()}
        confirmLoading={busy}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
        width={560}
      >
        <Form form={form} layout="vertical" initialValues={{ pass: true }}>
          {(dialog === 'formCheck' || dialog === 'midterm' || dialog === 'complete') && (
            <Form.Item name="pass" label="结论" rules={[{ required: true, message: '请选择结论' }]}>
              <Radio.Group
                options={
                  dialog === 'formCheck'
                    ? [
                        { value: true, label: '通过，送专家评审' },
                        { value: false, label: '不通过，退回修改' },
                      ]
                    : [
                        { value: true, label: '通过' },
                        { value: false, label: '不通过' },
                      ]
                }
              />
            </Form.Item>
          )}
          {dialog === 'formCheck' && (
            <Form.Item noStyle shouldUpdate={(a, b) => a.pass !== b.pass}>
              {({ getFieldValue }) =>
                getFieldValue('pass') ? (
                  <Form.Item name="experts" label="评审专家" rules={[{ required: true, message: '请至少选择一名评审专家' }]}>
                    <UserPicker search={subjectsApi.expertOptions} placeholder="搜索专家姓名、账号、拼音" />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
          )}
          {dialog === 'score' && (
            <Form.Item name="score" label="评分（0-100）" rules={[{ required: true, message: '请填写评分' }]}>
              <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} />
            </Form.Item>
          )}
          <Form.Item
            name="opinion"
            label={dialog === 'score' ? '评审意见' : dialog === 'formCheck' ? '审查意见' : '意见'}
            rules={
              dialog === 'formCheck'
                ? [
                    ({ getFieldValue }) => ({
                      validator: (_, x) =>
                        getFieldValue('pass') || (typeof x === 'string' && x.trim())
                          ? Promise.resolve()
                          : Promise.reject(new Error('退回修改须填写审查意见')),
                    }),
                  ]
                : [{ required: true, whitespace: true, message: '请填写意见' }]
            }
          >
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
