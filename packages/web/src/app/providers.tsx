import { Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { THEME_COLOR } from '@oa/shared/constants';
import { feedbackWanted } from '../lib/feedback';
import { reducedMotion } from '../lib/reduced-motion';
import { useSidebar } from '../state/sidebar.store';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

const FeedbackHost = lazy(() => import('./feedback-host'));

export function Providers({ children }: { children: ReactNode }) {
  const size = useSidebar((s) => s.size);
  const withFeedback = useSyncExternalStore(feedbackWanted.subscribe, feedbackWanted.get);
  const lessMotion = useSyncExternalStore(reducedMotion.subscribe, reducedMotion.get);
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={size === 'default' ? undefined : size}
      theme={{ token: { colorPrimary: THEME_COLOR, borderRadius: 4, motion: !lessMotion } }}
    >
      {withFeedback && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
