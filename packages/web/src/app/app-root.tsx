import { RouterProvider } from 'react-router';
import { useAppReloadKey } from '../lib/app-reload';
import { Providers } from './providers';

export type AppRouter = ReturnType<Awaited<typeof import('./router')>['createAppRouter']>;

/** The app root (the desktop's and the phone app's); a reload request (lib/app-reload) re-mounts everything below it. */
export function AppRoot({ router }: { router: AppRouter }) {
  const key = useAppReloadKey();
  return (
    <Providers key={key}>
      <RouterProvider router={router} />
    </Providers>
  );
}
