import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DeclineReason } from '../../features/meetings/decline-reason';
import { meetingsApi } from '../../features/meetings/meetings.api';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';

type Answer = 'pending' | 'accepted' | 'declined' | null;

/** 参加 / 不参加 (with the reason the server asks for) for an invitation; each button a thumb-sized target. */
export function MeetingRespond({ id, answer }: { id: number; answer: Answer }) {
  const qc = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (response: 'accepted' | 'declined') => {
    setBusy(true);
    try {
      await meetingsApi.respond(id, response, response === 'declined' ? reason.trim() : undefined);
      feedback().message.success(response === 'accepted' ? '已确认参加' : '已回复不参加');
      setDeclining(false);
      await qc.invalidateQueries({ queryKey: ['meetings'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="m-respond">
      {answer !== 'accepted' && (
        <Button type="primary" size="large" loading={busy && !declining} onClick={() => void send('accepted')}>
          参加
        </Button>
      )}
      {answer !== 'declined' && (
        <Button size="large" onClick={() => setDeclining(true)}>
          不参加
        </Button>
      )}
      <Modal
        open={declining}
        title="不参加会议"
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setDeclining(false)}
        onOk={() => void send('declined')}
        wrapClassName="m-sheet"
        width="calc(100vw - 32px)"
        centered
      >
        <DeclineReason value={reason} onChange={setReason} />
      </Modal>
    </div>
  );
}
