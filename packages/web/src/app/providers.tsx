import { Suspense, lazy, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { feedbackWanted } from '../lib/feedback';
import { reducedMotion } from '../lib/reduced-motion';
import { useSidebar } from '../state/sidebar.store';
import { appTheme } from './theme';

dayjs.locale('zh-cn');

/** The app's one query client (the phone app's start fills its first list before the first render asks for it). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** a search box's button is named in Chinese (antd's icon names it "search") */
const SEARCH_BUTTON = { searchIcon: <SearchOutlined aria-label="搜索" /> };

const FeedbackHost = lazy(() => import('./feedback-host'));

export function Providers({ children }: { children: ReactNode }) {
  const size = useSidebar((s) => s.size);
  const withFeedback = useSyncExternalStore(feedbackWanted.subscribe, feedbackWanted.get);
  const lessMotion = useSyncExternalStore(reducedMotion.subscribe, reducedMotion.get);
  const textScale = useSidebar((s) => s.textScale);
  const theme = useMemo(() => appTheme(!lessMotion, textScale), [lessMotion, textScale]);
  useEffect(() => {
    // the shell's own sizes (top bar, tabs, side bar) follow the text size through one CSS variable
    document.documentElement.style.setProperty('--oa-text-scale', String(textScale));
    document.documentElement.classList.toggle('oa-text-scaled', textScale > 1);
  }, [textScale]);
  return (
    <ConfigProvider locale={zhCN} componentSize={size === 'default' ? undefined : size} theme={theme} inputSearch={SEARCH_BUTTON}>
      {withFeedback && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
