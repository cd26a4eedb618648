import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { THEME_COLOR } from '@oa/shared/constants';
import { bindFeedback } from '../lib/feedback';
import { useSidebar } from './state/sidebar.store';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** Binds the context-aware message / notification / modal APIs for code outside components. */
function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const size = useSidebar((s) => s.size);
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={size === 'default' ? undefined : size}
      theme={{ token: { colorPrimary: THEME_COLOR, borderRadius: 4 } }}
    >
      <AntdApp message={{ maxCount: 3 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
