import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import type { DefinitionDetail } from '@oa/shared/contract/workflow';
import { http, unwrap } from '../../lib/http-client';
import { formatTime } from '../../components/instance-status';
import { EMPTY_DIRECTORY } from './designer/designer-types';
import { FlowCanvas } from './designer/flow-canvas';
import { asStart } from './designer/flow-tree';
import { conditionFieldsOf, formFieldsOf, moduleName } from './module-fields';

const NO_ERRORS = new Set<string>();

/**
 * /workflow/kk?token= — a published process diagram opened from a signed share link, without a login
 * and without the shell. (Names of people in named-user nodes are not shared: the directory needs a login.)
 */
export default function WorkflowSharePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const shared = useQuery({
    queryKey: ['workflow-share', token],
    queryFn: async () => unwrap(await http.get<DefinitionDetail>('/api/base/oa/workflow/share', { token }, { quiet: true })),
    enabled: Boolean(token),
    retry: false,
  });
  const root = useMemo(() => (shared.data ? asStart(shared.data.definition.root) : null), [shared.data]);

  if (!token) return <Result status="warning" title="分享链接无效" subTitle="链接缺少令牌" />;
  if (shared.isLoading)
    return (
      <div style={{ padding: 80, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  if (!shared.data || !root) return <Result status="warning" title="分享链接无效或已过期" subTitle="请联系流程管理员重新分享" />;
  const d = shared.data;
  return (
    <div data-testid="workflow-share-page" style={{ minHeight: '100vh', background: '#f5f5f7' }}>
      <header style={{ background: '#fff', padding: '14px 20px', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
        <div style={{ fontSize: 18, fontWeight: 600 }}>
          {d.name} <Tag style={{ marginLeft: 8 }}>v{d.version}</Tag>
        </div>
        <div style={{ color: '#666', fontSize: 13, marginTop: 4 }}>
          业务模块：{moduleName(d.moduleCode)} · 发布时间：{formatTime(d.publishedAt)} · 只读查看
        </div>
      </header>
      <FlowCanvas
        root={root}
        style={{ minHeight: 'calc(100vh - 80px)', borderRadius: 0 }}
        view={{
          directory: EMPTY_DIRECTORY,
          conditionFields: conditionFieldsOf(d.moduleCode),
          formFields: formFieldsOf(d.moduleCode),
          errors: NO_ERRORS,
          actions: null,
        }}
      />
    </div>
  );
}
