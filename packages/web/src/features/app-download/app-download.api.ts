import type { Paged } from '@oa/shared/contract/envelope';
import { APP_API } from '@oa/shared/contract/apps-api';
import type { AppPublish } from '@oa/shared/contract/apps';
import { APP_PAGE_SIZE } from '@oa/shared/constants';
import { http } from '../../lib/http-client';

/** Published app record (spec §3): id, qrCode, appUrl, isPublish (+ name and version). */
export type PublishedApp = Pick<AppPublish, 'id' | 'qrCode' | 'appUrl' | 'isPublish'> & Partial<Pick<AppPublish, 'appName' | 'version'>>;

/** The first published app (page 1, size 5, isPublish Y), or null — also on a refusal or a network error. */
export async function fetchPublishedApp(): Promise<PublishedApp | null> {
  try {
    const env = await http.get<Paged<AppPublish>>(
      APP_API.list,
      { pageNumber: 1, pageSize: APP_PAGE_SIZE, isPublish: 'Y' },
      { quiet: true },
    );
    if (env.code !== 0 || !env.data) return null;
    return env.data.list[0] ?? null;
  } catch {
    return null;
  }
}
