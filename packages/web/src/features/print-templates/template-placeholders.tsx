import { Table, Typography } from 'antd';
import type { PlaceholderItem, TemplateDetail } from '@oa/shared/contract/print-template';

const written = (p: PlaceholderItem) => (p.image ? `{%${p.tag}}` : `{${p.tag}}`);

function List({ items, testId }: { items: PlaceholderItem[]; testId: string }) {
  return (
    <Table<PlaceholderItem>
      data-testid={testId}
      rowKey="tag"
      size="small"
      pagination={false}
      dataSource={items}
      columns={[
        {
          title: '占位符（在 Word 中照写）',
          key: 'tag',
          width: 240,
          render: (_, p) => (
            <Typography.Text code copyable>
              {written(p)}
            </Typography.Text>
          ),
        },
        { title: '打印内容', dataIndex: 'meaning' },
      ]}
    />
  );
}

/** How a template is written, on the page itself: the syntax, this module's placeholders and the opinion loop. */
export function TemplatePlaceholders({ detail }: { detail: TemplateDetail }) {
  const loop = detail.opinionLoop;
  return (
    <div data-testid="template-placeholders">
      <Typography.Paragraph>
        在 Word 中写好版式，在要填写的位置照写下表中的占位符（大括号用英文半角“{'{ }'}”）。表单字段可用中文名称，也可用字段名。
        图片占位符（二维码、签名）须单独成段或单独放在一个单元格中。审批意见是一组重复的行：把
        <Typography.Text code>{`{#${loop}}`}</Typography.Text>写在表格某一行的第一个单元格开头，
        <Typography.Text code>{`{/${loop}}`}</Typography.Text>
        写在同一行最后一个单元格末尾，这一行会按办理顺序为每条意见重复一次。占位符写错或不存在时，上传会提示具体是哪一个。
      </Typography.Paragraph>
      <Typography.Title level={5}>记录与表单</Typography.Title>
      <List items={detail.placeholders} testId="placeholders-head" />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {`审批意见（写在 {#${loop}} 与 {/${loop}} 之间）`}
      </Typography.Title>
      <List items={detail.opinionPlaceholders} testId="placeholders-opinion" />
    </div>
  );
}
