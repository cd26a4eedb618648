import { useState } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncAnswer } from '@oa/shared/contract/directory-sync';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { ldapSyncApi } from './ldap-sync.api';
import { ChangesTable, DirectorySettings, RunsTable, countsText } from './sync-parts';

/** /ldapSync (目录同步): the directory's configuration, a dry run that lists the changes, a sync, and the runs. */
export default function LdapSyncPage() {
  const qc = useQueryClient();
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [result, setResult] = useState<{ kind: 'preview' | 'apply'; answer: SyncAnswer } | null>(null);
  const q = useQuery({
    queryKey: ['ldap-sync'],
    queryFn: ldapSyncApi.state,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  const run = async (kind: 'preview' | 'apply') => {
    setBusy(kind);
    try {
      const answer = await ldapSyncApi[kind]();
      setResult({ kind, answer });
      feedback().message.success(kind === 'apply' ? '同步完成' : '预览完成，尚未写入');
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: ['ldap-sync'] });
    }
  };
  const s = q.data;
  const usable = !s?.running && !busy;
  return (
    <div className="oa-page" data-testid="ldap-sync-page">
      <Card
        variant="borderless"
        title="目录同步"
        extra={
          // the server refuses both while no directory is configured: no buttons then
          s?.configured && (
            <Space>
              <Button disabled={!usable} loading={busy === 'preview'} onClick={() => void run('preview')}>
                预览同步
              </Button>
              <Button type="primary" disabled={!usable} loading={busy === 'apply' || s?.running} onClick={() => void run('apply')}>
                {s?.running ? '正在同步' : '立即同步'}
              </Button>
            </Space>
          )
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="从单位的 LDAP / Active Directory 同步人员与部门：新账号按默认角色创建并用目录密码登录；目录中删除的人员会被停用（记录保留），重新出现时恢复。本地账号（如 admin）不受影响，仍用本地密码登录。"
        />
        {s && !s.configured && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="未配置目录服务"
            description="在服务器上配置 OA_LDAP_URL、OA_LDAP_USER_BASE（以及服务账号 OA_LDAP_BIND_DN、OA_LDAP_BIND_PASSWORD）后重启，即可在此预览和同步；说明见 docs/configuration.md「目录服务」。"
          />
        )}
        {s?.configured && <DirectorySettings s={s} />}
        {result && (
          <div style={{ marginBottom: 24 }} data-testid="ldap-sync-result">
            <Typography.Title level={5}>
              {result.kind === 'preview' ? '预览结果（尚未写入）' : '本次同步结果'}：{countsText(result.answer.counts)}
            </Typography.Title>
            {result.answer.truncated && <Typography.Text type="secondary">变更较多，仅列出前 500 条。</Typography.Text>}
            <ChangesTable changes={result.answer.changes} />
          </div>
        )}
        <Typography.Title level={5}>同步记录</Typography.Title>
        <RunsTable runs={s?.runs ?? []} />
      </Card>
    </div>
  );
}
