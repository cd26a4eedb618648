import { useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { BusinessCard } from '@oa/shared/contract/people';
import { CARD_DIALOG_WIDTH } from '@oa/shared/constants';
import { BusinessCardView, downloadCardPng } from '../../components/business-card';
import { feedback } from '../../lib/feedback';

/** 我的名片 from the personal centre: the same card as in the address book, downloadable as PNG. */
export function MyCardDialog({ open, card, onClose }: { open: boolean; card: BusinessCard; onClose: () => void }) {
  const node = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const download = async () => {
    if (!node.current) return;
    setSaving(true);
    try {
      await downloadCardPng(node.current, card.users.userName);
    } catch {
      feedback().message.error('名片下载失败');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="我的名片"
      width={CARD_DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" icon={<DownloadOutlined />} loading={saving} onClick={() => void download()}>
          下载
        </Button>
      }
    >
      <BusinessCardView ref={node} card={card} />
    </Modal>
  );
}
