import { useRef, useState } from 'react';
import { Button, Modal, Result, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CARD_DIALOG_WIDTH } from '@oa/shared/constants';
import { BusinessCardView, downloadCardPng } from '../../components/business-card';
import { errorMessage } from '../../lib/http-client';
import { addressBookApi } from './address-book.api';
import { showError } from '../../lib/notify-error';
import { STORAGE_KEYS, readLocal } from '../../lib/storage-keys';

/** Business-card dialog (350 px): the card of `userCode` — 我的名片 for one's own, else '<name>的名片' — with 下载 saving `<name>.png`. */
export function BusinessCardDialog({ userCode, onClose }: { userCode: string | null; onClose: () => void }) {
  const node = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: ['business-card', userCode], queryFn: () => addressBookApi.card(userCode!), enabled: Boolean(userCode) });

  const download = async () => {
    if (!node.current || !q.data) return;
    setSaving(true);
    try {
      await downloadCardPng(node.current, q.data.users.userName);
    } catch (err) {
      showError(err, '名片下载失败');
    } finally {
      setSaving(false);
    }
  };

  const mine = userCode !== null && userCode === readLocal(STORAGE_KEYS.userCode);
  const title = mine ? '我的名片' : q.data ? `${q.data.users.userName}的名片` : '名片';
  return (
    <Modal
      open={Boolean(userCode)}
      title={title}
      width={CARD_DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" icon={<DownloadOutlined />} loading={saving} disabled={!q.data} onClick={() => void download()}>
          下载
        </Button>
      }
    >
      {q.isPending && <Skeleton avatar active />}
      {q.isError && <Result status="warning" subTitle={errorMessage(q.error, '名片加载失败')} />}
      {q.data && <BusinessCardView ref={node} card={q.data} />}
    </Modal>
  );
}
