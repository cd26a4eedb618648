/** Shown when the client configuration cannot be loaded (server unreachable): plain, no antd needed. */
export function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="boot-error">
      <h1>协会办公平台</h1>
      <p>暂时无法连接服务器，请检查网络后重试。</p>
      <button type="button" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
