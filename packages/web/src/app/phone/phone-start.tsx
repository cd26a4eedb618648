import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { ClientConfig } from '@oa/shared/contract/auth';
import { registerServiceWorker } from '../../lib/web-push';
import { AppRoot } from '../app-root';
import { BootError } from '../boot-error';
import { installSessionHandlers } from '../session-handlers';
import { firstScreenLoaded, startPhoneLoads } from './phone-app';
import { router } from './phone-router';
import '../global.css';

/**
 * Renders the phone app over the shell of its page (phone-main.tsx): the first render replaces the shell with the
 * same page drawn by React. The configuration and antd's stylesheet were asked for before this chunk arrived.
 */
export async function startPhoneApp(config: Promise<ClientConfig>, styles: Promise<void>): Promise<void> {
  registerServiceWorker();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    document.title = (await config).siteTitle;
  } catch {
    root.render(<BootError onRetry={() => window.location.reload()} />);
    return;
  }
  installSessionHandlers(router);
  // a task of its own: the requests' signing and sending do not lengthen the task that evaluated this chunk's modules
  await new Promise((resume) => setTimeout(resume, 0));
  startPhoneLoads();
  try {
    await Promise.all([firstScreenLoaded(), styles]);
  } catch {
    root.render(<BootError onRetry={() => window.location.reload()} />);
    return;
  }
  // a transition: React renders the first screen in slices, handing the main thread back between them (the shell is
  // on the screen meanwhile), instead of in one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRoot router={router} />
      </StrictMode>,
    ),
  );
}
