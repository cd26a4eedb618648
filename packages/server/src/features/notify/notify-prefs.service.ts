import { NOTIFY_CHANNEL_LABELS } from '@oa/shared/contract/notify';
import type { MyNotifyPrefs, MyNotifyPrefsAnswer } from '@oa/shared/contract/notify-prefs';
import { NOTIFY_EVENTS, NOTIFY_EVENT_CODES, type NotifyEvent } from '@oa/shared/notify/events';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { addressesOf, type Adapters } from './notify-worker';
import { withSmsAddress } from './sms-address';
import { channels, pushAddresses } from './notify.service';
import { contactOf } from './notify-admin.repository';
import * as repo from './notify-prefs.repository';
import { DEFAULT_DIGEST_AT } from './delivery-rules';

/** The events the administrator routes to each channel on for this server, with the person's address on it. */
async function allowed(ctx: AppContext, adapters: Adapters, userCode: string): Promise<MyNotifyPrefsAnswer['channels']> {
  const [all, me, push] = await Promise.all([channels(ctx, adapters), contactOf(ctx.db, userCode), pushAddresses(ctx, userCode)]);
  return all
    .filter((c) => c.configured && c.enabled)
    .map((c) => ({
      channel: c.channel,
      label: c.label,
      reachable: Boolean(me && addressesOf(c.channel, { ...withSmsAddress(ctx.fieldKeys, me), push }).length),
      events: NOTIFY_EVENT_CODES.filter((e) => c.kinds.includes(NOTIFY_EVENTS[e].kind)),
    }));
}

/** A person's preferences and what they may choose. */
export async function myPrefs(ctx: AppContext, adapters: Adapters, userCode: string): Promise<MyNotifyPrefsAnswer> {
  const [person, choices, chans] = await Promise.all([
    repo.personOf(ctx.db, userCode),
    repo.choicesOf(ctx.db, [userCode]),
    allowed(ctx, adapters, userCode),
  ]);
  return {
    choices: choices.map((c) => ({ event: c.event, channel: c.channel as MyNotifyPrefs['choices'][number]['channel'], mode: c.mode })),
    quietFrom: person?.quiet_from ?? null,
    quietTo: person?.quiet_to ?? null,
    digestAt: person?.digest_at ?? DEFAULT_DIGEST_AT,
    channels: chans,
    events: NOTIFY_EVENT_CODES.map((e) => ({ event: e, label: NOTIFY_EVENTS[e].label })),
  };
}

/** Saves a person's preferences; a choice outside what the administrator allows is a 400 naming the field. */
export async function saveMyPrefs(ctx: AppContext, adapters: Adapters, userCode: string, p: MyNotifyPrefs): Promise<void> {
  if ((p.quietFrom === null) !== (p.quietTo === null))
    throw badRequest('免打扰请同时填写开始和结束时间', p.quietFrom ? 'quietTo' : 'quietFrom');
  if (p.quietFrom !== null && p.quietFrom === p.quietTo) throw badRequest('免打扰的开始和结束时间不能相同', 'quietTo');
  const chans = new Map((await allowed(ctx, adapters, userCode)).map((c) => [c.channel, c]));
  const seen = new Set<string>();
  for (const c of p.choices) {
    const on = chans.get(c.channel);
    const label = NOTIFY_EVENTS[c.event as NotifyEvent].label;
    if (!on) throw badRequest(`渠道「${NOTIFY_CHANNEL_LABELS[c.channel]}」未开通，不能设置`, 'choices');
    if (!on.events.includes(c.event)) throw badRequest(`「${on.label}」不发送「${label}」，不能设置`, 'choices');
    if (seen.has(`${c.event}:${c.channel}`)) throw badRequest(`「${label}」在「${on.label}」上重复设置`, 'choices');
    seen.add(`${c.event}:${c.channel}`);
  }
  await repo.savePrefs(
    ctx.db,
    userCode,
    { quiet_from: p.quietFrom, quiet_to: p.quietTo, digest_at: p.digestAt },
    p.choices.map((c) => ({ event: c.event, channel: c.channel, mode: c.mode })),
    nowIso(),
  );
}
