import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { EditOutlined, ExperimentOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTER_BASENAME } from '../../lib/api-prefix';
import { feedback } from '../../lib/feedback';
import { STATUS_TAGS } from './definition-status';
import { formatTime } from '../../components/instance-status';
import { EMPTY_DIRECTORY } from './designer/designer-types';
import { FlowCanvas } from './designer/flow-canvas';
import { asStart } from './designer/flow-tree';
import { conditionFieldsOf, formFieldsOf, moduleName } from './module-fields';
import { useWorkflowDirectory, workflowApi } from './workflow.api';
import { showError } from '../../lib/notify-error';

const NO_ERRORS = new Set<string>();

/** /configPreview?id= — a definition's diagram, read-only, with its settings and a share link. */
export default function ConfigPreviewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const directory = useWorkflowDirectory();
  const detail = useQuery({ queryKey: ['workflow', 'definition', id], queryFn: () => workflowApi.detail(id), enabled: Boolean(id) });

  if (!id)
    return (
      <Result
        status="info"
        title="请从流程配置列表选择要预览的流程"
        extra={<Button onClick={() => navigate('/workFlow')}>流程配置</Button>}
      />
    );
  if (detail.isLoading)
    return (
      <div className="oa-page-loading">
        <Spin />
      </div>
    );
  if (!detail.data) return <Result status="warning" title="流程定义不存在或已删除" />;
  const d = detail.data;
  const dir = directory.data?.designer ?? EMPTY_DIRECTORY;
  const admins = d.definition.adminUserCodes.map((c) => directory.data?.lookup.users[c]?.userName ?? c).join('、') || '未设置';

  const share = async () => {
    try {
      const link = await workflowApi.shareLink(d.id);
      const path = link.path.startsWith('/') ? link.path : `/${link.path}`;
      const url = `${window.location.origin}${path.startsWith(ROUTER_BASENAME) ? '' : ROUTER_BASENAME}${path}`;
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      feedback().modal.info({
        title: '分享链接',
        content: (
          <div>
            <Typography.Paragraph copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
              {url}
            </Typography.Paragraph>
            <div style={{ color: '#666' }}>有效期至 {formatTime(link.expiresAt)}，无需登录即可查看流程图。</div>
          </div>
        ),
      });
    } catch (err) {
      showError(err, '生成分享链接失败');
    }
  };

  return (
    <div className="oa-page" data-testid="config-preview-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ minWidth: 520 }}>
            <Descriptions.Item label="流程名称">
              {d.name} <Tag style={{ marginLeft: 8 }}>v{d.version}</Tag>
              <Tag color={STATUS_TAGS[d.status].color}>{STATUS_TAGS[d.status].text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="业务模块">{moduleName(d.moduleCode)}</Descriptions.Item>
            <Descriptions.Item label="适用部门">
              {d.deptCode ? (directory.data?.lookup.depts[d.deptCode]?.deptName ?? d.deptCode) : '全部部门'}
            </Descriptions.Item>
            <Descriptions.Item label="流程管理员">{admins}</Descriptions.Item>
            <Descriptions.Item label="发布时间">{formatTime(d.publishedAt)}</Descriptions.Item>
          </Descriptions>
          <Space>
            <Button icon={<EditOutlined />} onClick={() => navigate(`/workFlow/edit?id=${d.id}`)}>
              设计
            </Button>
            <Button icon={<ExperimentOutlined />} onClick={() => navigate(`/workflow/jsxPreview?id=${d.id}`)}>
              模拟
            </Button>
            {d.status === 'published' && (
              <Button icon={<ShareAltOutlined />} onClick={() => void share()}>
                分享
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      <FlowCanvas
        root={asStart(d.definition.root)}
        view={{
          directory: dir,
          conditionFields: conditionFieldsOf(d.moduleCode),
          formFields: formFieldsOf(d.moduleCode),
          errors: NO_ERRORS,
          actions: null,
        }}
      />
    </div>
  );
}
