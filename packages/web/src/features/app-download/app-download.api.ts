import type { Paged } from '@oa/shared/contract/envelope';
import { APP_PAGE_SIZE } from '@oa/shared/constants';
import { http } from '../../lib/http-client';

/** Published app record (spec §3). */
export interface PublishedApp {
  id: string | number;
  appName?: string | null;
  qrCode?: string | null;
  appUrl?: string | null;
  isPublish: string;
  version?: string | null;
}

/** The first published app (page 1, size 5, isPublish Y), or null — also when the endpoint is missing. */
export async function fetchPublishedApp(): Promise<PublishedApp | null> {
  try {
    const env = await http.get<Paged<PublishedApp> | PublishedApp[]>(
      '/api/auth/industry/information/ordinary/appPublishList',
      { pageNumber: 1, pageSize: APP_PAGE_SIZE, isPublish: 'Y' },
      { quiet: true },
    );
    if (env.code !== 0 || !env.data) return null;
    const list = Array.isArray(env.data) ? env.data : env.data.list;
    return list?.[0] ?? null;
  } catch {
    return null;
  }
}
