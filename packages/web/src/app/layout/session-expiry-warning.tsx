import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { chinaTime } from '@oa/shared/format/china-time';
import { announce } from '../../lib/announce';
import { tokenExpiry, warnInMs } from '../../state/session-expiry';
import { useSession } from '../../state/session.store';

/**
 * Five minutes before the session's end (its absolute lifetime, after which the server asks for a new login), a
 * dialog says when it ends, so work can be saved first (WCAG 2.2.1). It takes the focus; closing it changes nothing.
 */
export function SessionExpiryWarning() {
  const token = useSession((s) => s.token);
  const [endsAt, setEndsAt] = useState<number | null>(null);

  useEffect(() => {
    setEndsAt(null);
    const due = warnInMs(token);
    const end = tokenExpiry(token);
    if (due === null || end === null || end <= Date.now()) return;
    const t = window.setTimeout(() => {
      setEndsAt(end);
      announce(`登录将于 ${chinaTime(end)} 到期，请先保存正在编辑的内容`);
    }, due);
    return () => window.clearTimeout(t);
  }, [token]);

  return (
    <Modal
      open={endsAt !== null}
      title="登录即将到期"
      onCancel={() => setEndsAt(null)}
      footer={
        <Button type="primary" onClick={() => setEndsAt(null)}>
          知道了
        </Button>
      }
      data-testid="session-expiry-warning"
    >
      {endsAt !== null && <p>为保障账号安全，本次登录将于 {chinaTime(endsAt)} 到期，届时需要重新登录。请先保存正在编辑的内容。</p>}
    </Modal>
  );
}
