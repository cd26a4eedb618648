import { useState } from 'react';
import { FileImageOutlined, FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import type { RecordItem } from '@oa/shared/contract/records';
import { FieldDisplay, displayText } from '../../engine/fields/field-display';
import { asAttachments } from '../../engine/fields/attachments-input';
import { visibleFields } from '../../engine/components/record-view';
import { sectionsOf } from '../../engine/components/record-form';
import { usePeople } from '../../engine/use-module';
import { PhoneFileViewer, storedFile, type ViewedFile } from './phone-file-viewer';

/** The record read-only for a phone: one field under the other (label above value), tables as one card per row. */
export function PhoneFields({ m, record, hidden }: { m: AnyModule; record: RecordItem; hidden: ReadonlySet<string> }) {
  const [viewing, setViewing] = useState<ViewedFile | null>(null);
  const fields = visibleFields(m, record, hidden);
  return (
    <div data-testid="m-fields">
      <dl className="m-fields">
        <div className="m-field">
          <dt>编号</dt>
          <dd>{record.serialNo ?? '（提交后生成）'}</dd>
        </div>
        <div className="m-field">
          <dt>申请人</dt>
          <dd>
            {record.applicantName}
            {record.deptName ? `（${record.deptName}）` : ''}
          </dd>
        </div>
      </dl>
      {sectionsOf(m, fields).map((s, i) => (
        <dl key={s.title ?? i} className="m-fields">
          {s.title ? <div className="m-fields-title">{s.title}</div> : null}
          {s.fields.map(([name, f]) => (
            <div className="m-field" key={name}>
              <dt>{f.label}</dt>
              <dd>
                <PhoneValue field={f} value={record.data[name]} onView={setViewing} />
              </dd>
            </div>
          ))}
        </dl>
      ))}
      <PhoneFileViewer file={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function PhoneValue({ field: f, value, onView }: { field: AnyField; value: unknown; onView: (f: ViewedFile) => void }) {
  const names = usePeople();
  if (f.kind === 'attachments') {
    const files = asAttachments(value);
    if (!files.length) return <span className="m-muted">—</span>;
    return (
      <ul className="m-files">
        {files.map((a) => {
          const file = storedFile(a.fileId, a.fileName);
          const kind = file.kind;
          return (
            <li key={a.fileId}>
              <button type="button" className="m-file" onClick={() => onView(file)} data-testid="m-attachment">
                {kind === 'pdf' ? <FilePdfOutlined /> : kind === 'image' ? <FileImageOutlined /> : <PaperClipOutlined />}
                <span>{a.fileName}</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  if (f.kind === 'table') {
    const rows = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
    if (!rows.length) return <span className="m-muted">暂无数据</span>;
    return (
      <ol className="m-table-rows">
        {rows.map((r, i) => (
          <li key={i}>
            {Object.entries(f.columns).map(([name, col]) => (
              <div key={name} className="m-table-cell">
                <span className="m-muted">{col.label}</span>
                <span>{displayText(col, r[name], names) || '—'}</span>
              </div>
            ))}
          </li>
        ))}
      </ol>
    );
  }
  return <FieldDisplay field={f} value={value} />;
}
