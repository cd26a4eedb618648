/** Each person's message preferences and the keys of periodic messages already written (migration 106). */

/** Quiet hours (China time 'HH:MM', may span midnight; both null: none) and the time of the daily digest. */
export interface NotifyPersonTable {
  user_code: string;
  quiet_from: string | null;
  quiet_to: string | null;
  digest_at: string;
  updated_at: string;
}

/** A person's choice for one event on one channel; no row: sent at once (when the administrator routes it). */
export interface NotifyChoiceTable {
  user_code: string;
  /** an event of @oa/shared/notify/events */
  event: string;
  channel: string;
  mode: 'off' | 'digest';
}

/** A periodic message written once: `meeting_remind:<meeting>:<user>`, `supervise_alert:<task>:<color>:<due>` … */
export interface NotifyOnceTable {
  once_key: string;
  created_at: string;
}

export interface NotifyPrefsTables {
  notify_person: NotifyPersonTable;
  notify_choice: NotifyChoiceTable;
  notify_once: NotifyOnceTable;
}
