import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { NOTICE_S } from '@oa/shared/constants';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { STORAGE_KEYS, readSession, writeSession } from '../../lib/storage-keys';
import { passwordApi, type SolvedCaptcha } from './password.api';
import { SMS_DEFAULT_LABEL, remainingSeconds, smsLabel } from './sms-countdown';

const storedStart = (): number | null => {
  const raw = readSession(STORAGE_KEYS.smsCountdownStart);
  return raw ? Number(raw) : null;
};

interface SmsCodeButtonProps {
  /** validates and returns the mobile number, or null when it is not valid */
  getMobile: () => Promise<string | null>;
  /** anonymous sends (login page): validates and returns the solved image captcha, or null */
  getCaptcha?: () => Promise<SolvedCaptcha | null>;
  /** called after every anonymous try (a captcha serves one send): load a fresh image */
  afterTry?: () => void;
}

/**
 * SMS code button (spec §4): enabled only while its label is the default; the code counts as sent
 * only when the call succeeds; then '{N}秒后重新发送' from 60 s, surviving a reload (sessionStorage).
 */
export function SmsCodeButton({ getMobile, getCaptcha, afterTry }: SmsCodeButtonProps) {
  const [label, setLabel] = useState(() => smsLabel(remainingSeconds(storedStart(), Date.now())));
  const [sending, setSending] = useState(false);

  const counting = label !== SMS_DEFAULT_LABEL;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => {
      const left = remainingSeconds(storedStart(), Date.now());
      if (left === 0) writeSession(STORAGE_KEYS.smsCountdownStart, null);
      setLabel(smsLabel(left));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const send = async () => {
    const mobile = await getMobile();
    if (!mobile) return;
    const solved = getCaptcha ? await getCaptcha() : undefined;
    if (solved === null) return;
    setSending(true);
    try {
      const env = await passwordApi.sendSms(mobile, solved);
      if (env.code !== 0) {
        feedback().message.warning({ content: env.message || '验证码发送失败', duration: NOTICE_S });
        return;
      }
      const start = Date.now();
      writeSession(STORAGE_KEYS.smsCountdownStart, String(start));
      writeSession(STORAGE_KEYS.smsCountdownMobile, mobile);
      setLabel(smsLabel(remainingSeconds(start, Date.now())));
      feedback().message.success({ content: `验证码已发送至${mobile}`, duration: NOTICE_S });
    } catch (err) {
      feedback().message.warning({ content: errorMessage(err, '验证码发送失败'), duration: NOTICE_S });
    } finally {
      setSending(false);
      if (getCaptcha) afterTry?.();
    }
  };

  return (
    <Button onClick={() => void send()} disabled={counting} loading={sending} style={{ width: 128, flex: 'none' }}>
      {label}
    </Button>
  );
}
