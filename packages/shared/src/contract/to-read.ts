import { z } from 'zod';
import { pageQuery } from './envelope';

/**
 * 待阅: items other areas put in the to-do centre for a person to read (a distributed official document…).
 * Each comes from a "to-do source" an area registers on the server (`core/todo-sources.ts`).
 */
export const toReadItem = z.object({
  /** the source's code, e.g. 'documents' */
  source: z.string(),
  /** the source's own id of this person's copy */
  id: z.string(),
  /** the source's name, e.g. 公文 */
  sourceName: z.string(),
  title: z.string(),
  /** a short second line (document number, sender) */
  subtitle: z.string().nullable(),
  /** the in-app page that opens the item (opening it records the read) */
  path: z.string(),
  receivedAt: z.string(),
  readAt: z.string().nullable(),
});
export type ToReadItem = z.infer<typeof toReadItem>;

export const toReadListQuery = pageQuery.extend({ read: z.enum(['Y', 'N']).optional() });
export const toReadMarkBody = z.object({
  source: z.string({ message: '请指定待阅来源' }).min(1, '请指定待阅来源').max(40),
  id: z.string({ message: '请指定待阅事项' }).min(1, '请指定待阅事项').max(64),
});
