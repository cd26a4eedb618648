import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { bindFeedback } from '../lib/feedback';

/** Binds the context-aware message / notification / modal APIs for code outside components. */
function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

/** antd's App holders for message, notification and modal (loaded on demand, see lib/feedback.ts). */
export default function FeedbackHost() {
  return (
    <AntdApp component={false} message={{ maxCount: 3 }}>
      <FeedbackBridge />
    </AntdApp>
  );
}
