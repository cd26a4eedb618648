import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Drawer } from 'antd';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { RecordEditor } from './record-editor';
import { RecordPreviewBody } from './record-preview-body';

export interface DrawerState {
  id: string | null;
  mode: 'view' | 'edit';
}

/** The form and the preview of a single-route module (e.g. /Leave), opened over its list. */
export function SingleRouteDrawer({
  m,
  state,
  onChange,
}: {
  m: AnyModule;
  state: DrawerState | null;
  onChange: (s: DrawerState | null) => void;
}) {
  const title = state?.mode === 'edit' ? (state.id ? `编辑${m.name}` : `新建${m.name}`) : `${m.name}详情`;
  return (
    <Drawer open={!!state} title={title} width={state?.mode === 'edit' ? 880 : 960} destroyOnHidden onClose={() => onChange(null)}>
      {state?.mode === 'edit' ? (
        <RecordEditor
          m={m}
          variant={null}
          id={state.id ?? undefined}
          onCancel={() => onChange(null)}
          onDone={(saved, kind) => onChange(kind === 'submit' ? { id: saved.id, mode: 'view' } : { id: saved.id, mode: 'edit' })}
        />
      ) : state?.id ? (
        <RecordPreviewBody m={m} id={state.id} compact onEdit={() => onChange({ id: state.id, mode: 'edit' })} />
      ) : null}
    </Drawer>
  );
}

/** Opens the record named by `?id=` (links from the to-do list, notifications) once per id. */
export function useOpenFromQuery(onOpen: (s: DrawerState) => void): void {
  const [params] = useSearchParams();
  const id = params.get('id');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (id && seen.current !== id) {
      seen.current = id;
      onOpen({ id, mode: 'view' });
    }
  }, [id, onOpen]);
}
