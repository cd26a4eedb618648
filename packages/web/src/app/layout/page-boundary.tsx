import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';

interface State {
  error: Error | null;
}

/** Keeps a crashing page inside its tab: the other tabs and the shell stay usable. */
export class PageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title="页面出错了"
        subTitle={`${this.state.error.message || '未知错误'}。请刷新后重试，如果问题持续出现请联系信息中心。`}
        extra={<Button onClick={() => window.location.reload()}>刷新页面</Button>}
      />
    );
  }
}
